import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_EVENT_SEARCH_MIN } from '@planns/shared/sms/sms.rules';
import type { SmsEvent } from '@planns/shared/sms/sms.schemas';
import { useSmsEventSearch } from '../../api/sms-sender/search-sms-events.ts';
import { Icon } from '../../components/icon.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SignedInContent } from '../../components/signed-in-content.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { useFormat } from '../../lib/format.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { SmsSendForm } from './sms-send-form.tsx';
import { SmsSendsList } from './sms-sends-list.tsx';
import './sms-sender.css';

const SEARCH_DEBOUNCE_MS = 300;
const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

function EventSearch({ onPick }: { onPick: (event: SmsEvent) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const [text, setText] = useState('');
  const search = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const query = useSmsEventSearch(search);
  const isActive = search.trim().length >= SMS_EVENT_SEARCH_MIN;
  const results = isActive ? (query.data ?? []) : [];
  return (
    <div className="sms-sender__search">
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {t('smsSender.searchLabel')}
        </label>
        <input
          id={id}
          className="input"
          type="search"
          value={text}
          autoComplete="off"
          enterKeyHint="search"
          aria-describedby={`${id}-hint`}
          onChange={(changeEvent) => setText(changeEvent.target.value)}
        />
        <p id={`${id}-hint`} className="field__hint">
          {t('smsSender.searchHint')}
        </p>
      </div>
      {isActive && query.isFetching && results.length === 0 ? <Spinner size="small" /> : null}
      {isActive && query.isSuccess && !query.isFetching && results.length === 0 ? <p className="sms-sender__empty">{t('smsSender.searchEmpty')}</p> : null}
      {query.isError ? <p className="form-message form-message--error">{errorMessage(query.error)}</p> : null}
      {results.length > 0 ? (
        <ul className="sms-sender__results" aria-label={t('smsSender.results')}>
          {results.map((event) => (
            <li key={event.id}>
              <button type="button" className="sms-sender__result" onClick={() => onPick(event)}>
                <span className="sms-sender__result-name">
                  <bdi>{event.name}</bdi>
                </span>
                <span className="sms-sender__result-meta">
                  {format.date(new Date(event.start_date), DAY)}
                  {event.is_private ? (
                    <span className="sms-sender__private">
                      <Icon name="lock" size={14} />
                      {t('smsSender.private')}
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function SmsSenderTool() {
  const { t } = useTranslation();
  const [event, setEvent] = useState<SmsEvent | null>(null);
  return (
    <div className="sms-sender__body">
      {event === null ? (
        <EventSearch onPick={setEvent} />
      ) : (
        <>
          <div className="sms-sender__chosen">
            <div>
              <p className="sms-sender__chosen-label">{t('smsSender.event')}</p>
              <p className="sms-sender__chosen-name">
                <bdi>{event.name}</bdi>
              </p>
            </div>
            <button type="button" className="btn btn--secondary btn--small" onClick={() => setEvent(null)}>
              {t('smsSender.change')}
            </button>
          </div>
          {/* A new form for each event: nothing typed for one is sent to another. */}
          <SmsSendForm key={event.hash} event={event} />
        </>
      )}
      <SmsSendsList eventHash={event?.hash ?? null} />
    </div>
  );
}

/**
 * /sms-sender (accounts §2 SMS mass sender, moderators only): find an event (at least 2
 * characters), write a message, choose who receives it, send; the latest sends below. The server
 * refuses everyone else; they see why instead of the tool.
 */
export function SmsSenderPage() {
  const { t } = useTranslation();
  return (
    <div className="sms-sender">
      <PageHeader title={t('smsSender.title')} hasBack />
      <SignedInContent signedOut={{ icon: <Icon name="chat" size={32} />, text: t('smsSender.signIn'), signInLabel: t('smsSender.signInLabel') }}>
        {(user) =>
          user.is_moderator ? (
            <SmsSenderTool />
          ) : (
            <div className="state-screen state-screen--inline" role="alert">
              <p className="state-screen__text">{t('smsSender.notAuthorized')}</p>
            </div>
          )
        }
      </SignedInContent>
    </div>
  );
}
