import { useTranslation } from 'react-i18next';
import { useGoBack } from '../lib/use-navigation-history.ts';
import { Icon } from './icon.tsx';

/** Goes to the last route of the app's history that is not the create page or an event page. */
export function BackButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <button type="button" className={['icon-button', className ?? ''].filter(Boolean).join(' ')} onClick={goBack} aria-label={t('common.back')}>
      <Icon name="back" />
    </button>
  );
}
