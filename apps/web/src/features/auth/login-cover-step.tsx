import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icon.tsx';

/** The first-time intro, shown until watched_cover is stored. */
export function LoginCoverStep({ onNext }: { onNext: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="login-step login-step--cover">
      <div className="login-cover" aria-hidden="true">
        <span className="login-cover__bubble login-cover__bubble--one">
          <Icon name="calendar" size={28} />
        </span>
        <span className="login-cover__bubble login-cover__bubble--two">
          <Icon name="users" size={28} />
        </span>
        <span className="login-cover__bubble login-cover__bubble--three">
          <Icon name="sparkles" size={28} />
        </span>
      </div>
      <Dialog.Title className="login-step__title">{t('login.cover.title')}</Dialog.Title>
      <p className="login-step__text">{t('login.cover.text')}</p>
      <div className="login-step__actions">
        <button type="button" className="btn btn--primary btn--block" onClick={onNext} autoFocus>
          {t('common.next')}
        </button>
      </div>
    </div>
  );
}
