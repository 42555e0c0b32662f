import { useTranslation } from 'react-i18next';
import type { EventPreset } from '@planns/shared/events/event-presets.rules';
import { EventsEmptyState } from './events-empty-state.tsx';
import { usePresetTitle } from './use-preset-title.ts';
import './events-screen.css';

type EventsScreenProps = { preset: EventPreset };

/**
 * The events list. This issue ships the heading and the empty state; the events issue adds the
 * list query (api/events/list-events.ts) and renders its cards where EventsEmptyState is now,
 * keeping EventsEmptyState for an empty result.
 */
export function EventsScreen({ preset }: EventsScreenProps) {
  const { t } = useTranslation();
  const title = usePresetTitle(preset);
  return (
    <div className="events-screen">
      <p className="events-screen__eyebrow">{t('events.eyebrow')}</p>
      <h1 className="events-screen__title">{title}</h1>
      <EventsEmptyState />
    </div>
  );
}
