import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notificationTarget, type NotificationAction } from '@planns/shared/notifications/notifications.rules';
import type { Notification } from '@planns/shared/notifications/notifications.schemas';
import { Avatar } from '../../components/avatar.tsx';
import { Icon, type IconName } from '../../components/icon.tsx';
import { EVENT_MARK, NAME_MARK, sentenceParts } from './notification-sentence.ts';
import { fullDateTime, relativeTimeLabel } from '../../lib/relative-time.ts';

/** The small picture on the avatar's corner: what happened, at a glance. */
const ACTION_ICONS: Record<NotificationAction, IconName> = {
  comment_posted: 'chat',
  user_joined_event: 'check',
  user_maybe_event: 'clock',
  user_rejected_event: 'close',
  event_shared: 'link',
  user_following: 'user',
  friend_request: 'users',
  friend_accepted: 'users',
};

type NotificationItemProps = {
  notification: Notification;
  /** Unread when the list was opened: marked with a dot and a hidden 'New'. */
  isNew: boolean;
  /** Called as the notification opens its event or profile (the panel closes). */
  onOpen?: () => void;
};

/** One notification: who did what, the comment or note, when; it opens the event or the person. */
export function NotificationItem({ notification, isNew, onOpen }: NotificationItemProps) {
  const { t, i18n } = useTranslation();
  const { action, author, target, comment, note } = notification.data;
  const sentence = t(`notifications.actions.${action}`, { name: NAME_MARK, event: EVENT_MARK });
  const quote = comment ?? note;
  const createdAt = new Date(notification.created_at);
  const to = notificationTarget({ action, event_hash: target?.hash ?? null, author_id: author?.id ?? null });

  const content = (
    <>
      <span className="notification__picture">
        <Avatar src={author?.avatar} name={author?.name} size={44} />
        <span className="notification__action" aria-hidden="true">
          <Icon name={ACTION_ICONS[action]} size={12} />
        </span>
      </span>
      <span className="notification__body">
        <span className="notification__sentence">
          {sentenceParts(sentence).map((part, index) =>
            part.kind === 'text' ? (
              part.text
            ) : (
              <strong key={index} className="notification__strong">
                <bdi>{part.kind === 'name' ? author?.name || t('notifications.someone') : (target?.name ?? t('notifications.anEvent'))}</bdi>
              </strong>
            ),
          )}
        </span>
        {quote ? (
          <q className="notification__quote" dir="auto">
            {quote}
          </q>
        ) : null}
        <time className="notification__time" dateTime={notification.created_at} title={fullDateTime(createdAt, i18n.language)}>
          {relativeTimeLabel(createdAt, i18n.language)}
        </time>
      </span>
      {isNew ? (
        <span className="notification__new">
          <span className="visually-hidden">{t('notifications.new')}</span>
        </span>
      ) : null}
    </>
  );

  const className = isNew ? 'notification notification--new' : 'notification';
  return (
    <li>
      {to ? (
        <Link to={to} className={className} onClick={onOpen}>
          {content}
        </Link>
      ) : (
        <div className={className}>{content}</div>
      )}
    </li>
  );
}
