import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useEvent } from '../../../api/events/get-event.ts';
import { useCurrentUser } from '../../../api/users/get-current-user.ts';
import { Icon } from '../../../components/icon.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-messages.ts';
import { requireLogin } from '../../../lib/login-prompt.ts';
import { EventForm } from '../../../features/events/form/event-form.tsx';
import type { FormMode } from '../../../features/events/form/event-form-state.ts';

type EventFormScreenProps = {
  mode: FormMode;
  /** The event edited or cloned (its id, or a hash). */
  sourceRef: string | null;
};

/**
 * /new-event (create; with ?id=&clone=true, clone), /edit/{id} and /edit-event?id= (update).
 * Signed-out visitors are asked to sign in; the source of an edit or clone is loaded first and
 * must be one the user may manage.
 */
export function EventFormScreen({ mode, sourceRef }: EventFormScreenProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { user, isLoading } = useCurrentUser();
  const source = useEvent(mode === 'create' || !user ? null : sourceRef);

  if (isLoading || (mode !== 'create' && user && sourceRef && source.isPending)) {
    return (
      <div className="route-loading">
        <Spinner />
      </div>
    );
  }

  if (!user) {
    const action = mode === 'update' && sourceRef ? { name: 'open_event', params: { id: sourceRef } } : { name: 'open_create' };
    return (
      <div className="state-screen">
        <span className="empty-state__icon">
          <Icon name="plus" size={32} />
        </span>
        <h1 className="state-screen__title">{mode === 'update' ? t('eventForm.title.update') : t('eventForm.title.create')}</h1>
        <p className="state-screen__text">{t('eventForm.signedOut')}</p>
        <button type="button" className="btn btn--primary" onClick={() => requireLogin(action)}>
          {t('eventForm.signIn')}
        </button>
      </div>
    );
  }

  if (mode === 'create') return <EventForm key="create" mode="create" user={user} source={null} />;

  const isMissing = !sourceRef || (source.isError && isApiError(source.error) && [400, 404].includes(source.error.status));
  if (isMissing || source.isError || !source.data || !source.data.can_manage || (mode === 'update' && source.data.deleted_by_moderator)) {
    const text = isMissing
      ? t('eventForm.sourceMissing')
      : source.isError
        ? errorMessage(source.error)
        : source.data?.can_manage && source.data.deleted_by_moderator
          ? t('eventPage.deletedByModerator')
          : t('eventForm.cannotManage');
    return (
      <div className="state-screen" role="alert">
        <span className="empty-state__icon">
          <Icon name="calendar" size={32} />
        </span>
        <h1 className="state-screen__title">{mode === 'update' ? t('eventForm.title.update') : t('eventForm.title.clone')}</h1>
        <p className="state-screen__text">{text}</p>
        <div className="state-screen__actions">
          {source.isError && !isMissing ? (
            <button type="button" className="btn btn--secondary" onClick={() => void source.refetch()}>
              {t('common.retry')}
            </button>
          ) : null}
          <Link to="/events" className="btn btn--primary">
            {t('eventPage.notFound.toEvents')}
          </Link>
        </div>
      </div>
    );
  }

  return <EventForm key={`${mode}-${source.data.id}`} mode={mode} user={user} source={source.data} />;
}
