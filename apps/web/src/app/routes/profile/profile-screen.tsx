import { useEffect, useRef } from 'react';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../api/profile/get-profile.ts';
import { useCurrentUser } from '../../../api/users/get-current-user.ts';
import { Icon } from '../../../components/icon.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-messages.ts';
import { requireLogin } from '../../../lib/login-prompt.ts';
import { ProfilePage } from '../../../features/profile/profile-page.tsx';
import { parseProfileId } from '../../../features/profile/profile-events.ts';

/**
 * /profile/{id} (accounts §2 Public profile): the own id goes to /my-user; a profile that cannot
 * load for want of a session remembers open_profile {id} and opens the login (after login the
 * page reloads, accounts §4); an unknown person gets a not-found state.
 */
export function ProfileScreen({ profileRef }: { profileRef: string }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { user } = useCurrentUser();
  const id = parseProfileId(profileRef);
  const isOwn = user != null && id !== null && user.id === id;
  const query = useProfile(id ?? 0, { enabled: user != null && id !== null && !isOwn });
  const needsLogin = id !== null && (user === null || (isApiError(query.error) && query.error.status === 401));
  const hasAsked = useRef(false);

  useEffect(() => {
    if (!needsLogin || id === null || hasAsked.current) return;
    hasAsked.current = true;
    requireLogin({ name: 'open_profile', params: { id } });
  }, [needsLogin, id]);

  if (isOwn) return <Navigate to="/my-user" replace />;

  if (id !== null && !needsLogin && (user === undefined || query.isPending)) {
    return (
      <div className="route-loading">
        <Spinner />
      </div>
    );
  }

  if (needsLogin) {
    return (
      <div className="profile-page">
        <PageHeader title={t('profilePage.title')} />
        <div className="state-screen state-screen--inline">
          <span className="empty-state__icon">
            <Icon name="user" size={32} />
          </span>
          <p className="state-screen__text">{t('profilePage.signedOut')}</p>
          <button type="button" className="btn btn--primary" onClick={() => requireLogin({ name: 'open_profile', params: { id } })}>
            {t('profilePage.signIn')}
          </button>
        </div>
      </div>
    );
  }

  const isMissing = id === null || (isApiError(query.error) && [404, 422, 400].includes(query.error.status));
  if (isMissing || query.isError) {
    return (
      <div className="profile-page">
        <PageHeader title={t('profilePage.title')} />
        <div className="state-screen state-screen--inline" role={isMissing ? undefined : 'alert'}>
          <span className="empty-state__icon">
            <Icon name="user" size={32} />
          </span>
          <h2 className="state-screen__title">{isMissing ? t('profilePage.notFound.title') : t('profilePage.loadFailed')}</h2>
          <p className="state-screen__text">{isMissing ? t('profilePage.notFound.text') : errorMessage(query.error)}</p>
          <div className="state-screen__actions">
            {isMissing ? null : (
              <button type="button" className="btn btn--secondary" onClick={() => void query.refetch()}>
                {t('common.retry')}
              </button>
            )}
            <Link to="/events" className="btn btn--primary">
              {t('profilePage.notFound.toEvents')}
            </Link>
          </div>
        </div>
      </div>
    );
  }

  if (!query.data) return null;
  return <ProfilePage profile={query.data} />;
}
