import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@planns/shared/users/users.schemas';
import { normalizeTicketCode } from '@planns/shared/tickets/tickets.rules';
import type { TicketCheck } from '@planns/shared/tickets/tickets.schemas';
import { useTicketCheck } from '../../api/tickets/get-ticket-check.ts';
import { useInvalidateTicket } from '../../api/tickets/invalidate-ticket.ts';
import { alreadyUsedConflict, isRefundedConflict, useValidateTicket } from '../../api/tickets/validate-ticket.ts';
import { useCurrentUser } from '../../api/users/get-current-user.ts';
import { Icon, type IconName } from '../../components/icon.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryFallback } from '../../components/query-fallback.tsx';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { useFormat } from '../../lib/format.ts';
import { requireLogin } from '../../lib/login-prompt.ts';
import { formatEventDates } from '../events/event-format.ts';
import { formatTicketCode } from './ticket-code.ts';
import { useIsOnline } from './use-is-online.ts';
import './check-ticket-page.css';

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** What the big banner says: the check's state, or 'admitted' right after this page marked it used. */
type Verdict = TicketCheck['state'] | 'admitted';

const VERDICT_ICON: Record<Verdict, IconName> = { valid: 'check', admitted: 'check', used: 'clock', refunded: 'close', not_found: 'search' };

function useWhen() {
  const format = useFormat();
  return (iso: string) => format.date(new Date(iso), WHEN);
}

function VerdictBanner({ check, verdict }: { check: TicketCheck; verdict: Verdict }) {
  const { t } = useTranslation();
  const when = useWhen();
  const usedAt = check.ticket?.used_at ?? null;
  const usedBy = check.used_by?.name ?? '';
  let line = t(`checkTicket.text.${verdict}`);
  if (verdict === 'admitted' && usedAt) line = t('checkTicket.admittedAt', { time: when(usedAt) });
  if (verdict === 'used' && usedAt) line = usedBy ? t('checkTicket.usedAtBy', { time: when(usedAt), name: usedBy }) : t('checkTicket.usedAt', { time: when(usedAt) });
  return (
    <div className={`check-verdict check-verdict--${verdict}`} role="status">
      <Icon name={VERDICT_ICON[verdict]} size={56} />
      <p className="check-verdict__title">{t(`checkTicket.state.${verdict}`)}</p>
      <p className="check-verdict__text">
        <bdi>{line}</bdi>
      </p>
    </div>
  );
}

/** The owner's and moderators' buttons: one primary action for the state; a 409 says why it did not go. */
function DoorActions({ check, person, onMarked }: { check: TicketCheck; person: User; onMarked: (isUsed: boolean) => void }) {
  const { t } = useTranslation();
  const when = useWhen();
  const errorMessage = useErrorMessage();
  const door = { id: person.id, name: person.name };
  const validate = useValidateTicket(check.code, door);
  const invalidate = useInvalidateTicket(check.code, door);
  const ticket = check.ticket;
  if (!ticket) return null;
  const isBusy = validate.isPending || invalidate.isPending;

  const failure = validate.error ?? invalidate.error;
  const conflict = alreadyUsedConflict(failure);
  let message: string | null = null;
  if (conflict) message = conflict.usedBy ? t('checkTicket.conflictUsed', { time: when(conflict.usedAt), name: conflict.usedBy }) : t('checkTicket.conflictUsedNoName', { time: when(conflict.usedAt) });
  else if (isRefundedConflict(failure)) message = t('checkTicket.conflictRefunded');
  else if (failure) message = errorMessage(failure);

  return (
    <div className="check-actions">
      {message ? (
        <p className="check-actions__alert" role="alert">
          <bdi>{message}</bdi>
        </p>
      ) : null}
      {check.state === 'valid' ? (
        <button
          type="button"
          className="btn btn--primary btn--block check-actions__main"
          disabled={isBusy}
          onClick={() => {
            invalidate.reset();
            validate.mutate(ticket.id, { onSuccess: () => onMarked(true) });
          }}
        >
          <Icon name="check" />
          {t('checkTicket.markUsed')}
        </button>
      ) : null}
      {check.state === 'used' ? (
        <button
          type="button"
          className="btn btn--secondary btn--block"
          disabled={isBusy}
          onClick={() => {
            validate.reset();
            invalidate.mutate(ticket.id, { onSuccess: () => onMarked(false) });
          }}
        >
          {t('checkTicket.markUnused')}
        </button>
      ) : null}
      {check.state === 'refunded' ? <p className="check-actions__note">{t('checkTicket.refundedNote')}</p> : null}
    </div>
  );
}

function CheckDetails({ check }: { check: TicketCheck }) {
  const { t, i18n } = useTranslation();
  const ticket = check.ticket;
  if (!ticket) return null;
  const { event } = ticket;
  return (
    <dl className="check-details">
      <div className="check-details__row">
        <dt>{t('checkTicket.event')}</dt>
        <dd>
          <Link to={`/events/${encodeURIComponent(event.hash)}`} className="inline-link">
            <bdi>{event.name}</bdi>
          </Link>
        </dd>
      </div>
      <div className="check-details__row">
        <dt>{t('checkTicket.date')}</dt>
        <dd>
          <bdi>{formatEventDates(new Date(event.start_date), event.end_date ? new Date(event.end_date) : null, i18n.language)}</bdi>
        </dd>
      </div>
      <div className="check-details__row">
        <dt>{t('checkTicket.type')}</dt>
        <dd>
          <bdi>{ticket.type_name}</bdi>
        </dd>
      </div>
      <div className="check-details__row">
        <dt>{t('checkTicket.holder')}</dt>
        <dd>
          <bdi>{ticket.user?.name || t('checkTicket.noHolder')}</bdi>
        </dd>
      </div>
      {ticket.seat ? (
        <div className="check-details__row">
          <dt>{t('checkTicket.seatTitle')}</dt>
          <dd>{ticket.seat.label ? <bdi>{ticket.seat.label}</bdi> : t('checkTicket.seat', { row: ticket.seat.the_row + 1, col: ticket.seat.the_col + 1 })}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** Type a code by hand (a QR code that will not scan): it opens that code's check. */
function AnotherCode() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const [text, setText] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    if (value === '') return;
    void navigate(`/check-ticket/${encodeURIComponent(normalizeTicketCode(value) ?? value)}`);
  }

  return (
    <form className="check-another" onSubmit={submit}>
      <label className="field__label" htmlFor={inputId}>
        {t('checkTicket.another')}
      </label>
      <div className="check-another__row">
        <input
          id={inputId}
          className="input check-another__input"
          dir="ltr"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="XXXX-XXXX-XXXX-XXXX"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
        />
        <button type="submit" className="btn btn--secondary" disabled={text.trim() === ''}>
          {t('checkTicket.check')}
        </button>
      </div>
    </form>
  );
}

/**
 * /check-ticket/{code}, the page a ticket's QR code opens (accounts §2 Check ticket, events §2): the
 * code and one big answer (VALID, ALREADY USED with when and by whom, REFUNDED, NOT FOUND), the
 * details for those the server shows them to, and for the event's owner and moderators one button:
 * Mark as used (or Mark as not used). Signed out: the answer only and a sign-in for the event's
 * staff. Made for a phone at the door: large type, one primary button.
 */
export function CheckTicketPage({ code }: { code: string }) {
  const { t } = useTranslation();
  const { user, isLoading, query: userQuery } = useCurrentUser();
  // A session that could not be read counts as signed out here: the state is for anyone.
  const viewerId = user ? user.id : isLoading && !userQuery.isError ? undefined : null;
  const check = useTicketCheck(code, viewerId);
  const isOnline = useIsOnline();
  const [isMarkedHere, setIsMarkedHere] = useState(false);
  const shownCode = formatTicketCode(normalizeTicketCode(code) ?? code);

  let body;
  if (check.data === undefined) {
    body = <QueryFallback isError={check.isError} error={check.error} onRetry={() => void check.refetch()} />;
  } else {
    const data = check.data;
    const verdict: Verdict = isMarkedHere && data.state === 'used' ? 'admitted' : data.state;
    const isStale = !isOnline || check.isRefetchError;
    body = (
      <>
        <VerdictBanner check={data} verdict={verdict} />
        {isStale ? (
          <div className="check-stale" role="alert">
            <p>{t('checkTicket.stale')}</p>
            <button type="button" className="btn btn--secondary btn--small" onClick={() => void check.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        ) : null}
        {user && data.can_validate ? <DoorActions check={data} person={user} onMarked={setIsMarkedHere} /> : null}
        <CheckDetails check={data} />
        {user && !data.can_validate && data.state !== 'not_found' ? <p className="check-ticket__note">{t('checkTicket.staffOnly')}</p> : null}
        {user === null && data.state !== 'not_found' ? (
          <div className="check-staff">
            <p>{t('checkTicket.staffSignIn')}</p>
            <button type="button" className="btn btn--secondary" onClick={() => requireLogin()}>
              {t('checkTicket.signIn')}
            </button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <div className="check-ticket">
      <PageHeader title={t('checkTicket.title')} />
      <p className="check-ticket__code">
        <span className="check-ticket__code-label">{t('checkTicket.code')}</span>
        <code className="check-ticket__code-value" dir="ltr">
          {shownCode}
        </code>
      </p>
      {body}
      <AnotherCode />
    </div>
  );
}
