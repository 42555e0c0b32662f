import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/users/get-current-user.ts';
import { Avatar } from '../../components/avatar.tsx';

/** The welcome screen; DONE! finishes the login. */
export function LoginWelcomeStep({ onDone, isFinishing }: { onDone: () => void; isFinishing: boolean }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  return (
    <div className="login-step login-step--welcome">
      <Avatar src={user?.avatar_m ?? user?.avatar} name={user?.name} size={112} className="login-welcome__avatar" />
      <Dialog.Title className="login-step__title">
        {user?.first_name ? t('login.welcome.titleNamed', { name: user.first_name }) : t('login.welcome.title')}
      </Dialog.Title>
      <p className="login-step__text">{t('login.welcome.text')}</p>
      <div className="login-step__actions">
        <button type="button" className="btn btn--primary btn--block" onClick={onDone} disabled={isFinishing} autoFocus>
          {t('login.welcome.done')}
        </button>
      </div>
    </div>
  );
}
