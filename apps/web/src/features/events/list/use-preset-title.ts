import { useTranslation } from 'react-i18next';
import type { EventPreset } from '@planns/shared/events/event-presets.rules';

/** The translated heading of a preset (literal keys, so the i18n check can see them). */
export function usePresetTitle(preset: EventPreset): string {
  const { t } = useTranslation();
  switch (preset) {
    case 'all':
      return t('home.tiles.all.title');
    case 'trending':
      return t('home.tiles.trending.title');
    case 'close':
      return t('home.tiles.close.title');
    case 'friends':
      return t('home.tiles.friends.title');
    case 'weekend':
      return t('home.tiles.weekend.title');
  }
}
