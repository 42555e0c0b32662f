import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon.tsx';

/** 'No events...yet' (events §2). */
export function EventsEmptyState() {
  const { t } = useTranslation();
  return (
    <div className="empty-state">
      <span className="empty-state__icon">
        <Icon name="calendar" size={32} />
      </span>
      <p className="empty-state__title">{t('events.empty')}</p>
    </div>
  );
}
