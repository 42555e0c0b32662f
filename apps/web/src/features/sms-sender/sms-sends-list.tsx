import { useTranslation } from 'react-i18next';
import type { SmsSend } from '@planns/shared/sms/sms.schemas';
import { useSmsSends } from '../../api/sms-sender/list-sms-sends.ts';
import { QueryFallback } from '../../components/query-fallback.tsx';
import { useFormat } from '../../lib/format.ts';

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

function SendRow({ send, showEvent }: { send: SmsSend; showEvent: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const isDone = send.sent_count + send.failed_count >= send.recipients_count;
  return (
    <li className="sms-sends__item">
      <div className="sms-sends__head">
        <span className="sms-sends__type">{t(`smsSender.types.${send.type}`)}</span>
        <time className="sms-sends__time" dateTime={send.created_at}>
          {format.date(new Date(send.created_at), WHEN)}
        </time>
      </div>
      {showEvent ? (
        <p className="sms-sends__event">
          <bdi>{send.event?.name ?? t('smsSender.eventGone')}</bdi>
        </p>
      ) : null}
      <p className="sms-sends__message" dir="auto">
        {send.message}
      </p>
      <p className="sms-sends__meta">
        <span className={isDone ? undefined : 'sms-sends__pending'}>{t('smsSender.progress', { sent: send.sent_count, count: send.recipients_count })}</span>
        {send.failed_count > 0 ? <span className="sms-sends__failed">{t('smsSender.refused', { count: send.failed_count })}</span> : null}
        {send.sender?.name ? (
          <span>
            {t('smsSender.by')} <bdi>{send.sender.name}</bdi>
          </span>
        ) : null}
      </p>
    </li>
  );
}

/** The recorded sends, newest first: all of them, or one event's; their counts move while texts go out. */
export function SmsSendsList({ eventHash }: { eventHash: string | null }) {
  const { t } = useTranslation();
  const query = useSmsSends(eventHash);
  return (
    <section className="sms-sends" aria-labelledby="sms-sends-title">
      <h2 id="sms-sends-title" className="section-title">
        {t('smsSender.history')}
      </h2>
      {query.data === undefined ? (
        <QueryFallback isError={query.isError} error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p className="sms-sends__empty">{t('smsSender.historyEmpty')}</p>
      ) : (
        <ul className="sms-sends__list">
          {query.data.map((send) => (
            <SendRow key={send.id} send={send} showEvent={eventHash === null} />
          ))}
        </ul>
      )}
    </section>
  );
}
