import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import { useLikeEvent } from '../../../api/events/like-event.ts';
import { Icon } from '../../../components/icon.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { requireLogin } from '../../../lib/login-prompt.ts';

/**
 * Like with its count, with a spinner while pending (events §4). Visitors log in first and the
 * like resumes as the remembered like_event (app/remembered-action-handlers.ts).
 */
export function EventLikeButton({ event, isSignedIn }: { event: Event; isSignedIn: boolean }) {
  const { t } = useTranslation();
  const like = useLikeEvent();

  function onClick() {
    if (!isSignedIn) {
      requireLogin({ name: 'like_event', params: { id: event.id } });
      return;
    }
    if (!like.isPending) like.mutate({ id: event.id, wasLiked: event.is_liked });
  }

  return (
    <button
      type="button"
      className={event.is_liked ? 'like-button like-button--on' : 'like-button'}
      aria-pressed={event.is_liked}
      onClick={onClick}
    >
      {/* The name is what shows and what it does: 'Like 3' (WCAG 2.5.3, label in name). */}
      <span className="visually-hidden">{t('eventPage.likeAction')}</span>
      {like.isPending ? <Spinner size="small" label={t('eventPage.liking')} /> : <Icon name="heart" size={20} />}
      <span>{event.likes_count}</span>
    </button>
  );
}
