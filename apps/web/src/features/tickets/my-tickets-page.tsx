import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@planns/shared/tickets/tickets.schemas';
import { useConfig } from '../../api/config/get-config.ts';
import { useMyTickets } from '../../api/tickets/list-my-tickets.ts';
import { Icon } from '../../components/icon.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryFallback } from '../../components/query-fallback.tsx';
import { SignedInContent } from '../../components/signed-in-content.tsx';
import { useFormat } from '../../lib/format.ts';
import { showNotice } from '../../lib/notice.ts';
import { formatEventDates, whatsappUrl } from '../events/event-format.ts';
import { copyText } from '../share/share-clipboard.ts';
import { groupTicketsByEvent, ticketState, type TicketGroup } from './my-tickets-groups.ts';
import { checkTicketUrl, formatTicketCode } from './ticket-code.ts';
import { TicketQr } from './ticket-qr.tsx';
import { useIsOnline } from './use-is-online.ts';
import './my-tickets-page.css';

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

function TicketCard({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const format = useFormat();
  const state = ticketState(ticket);
  const code = formatTicketCode(ticket.code);

  async function copy() {
    if (await copyText(ticket.code)) showNotice({ title: t('myTickets.codeCopied') });
    else showNotice({ title: t('myTickets.copyFailed'), tone: 'error' });
  }

  return (
    <li className={`ticket-card ticket-card--${state}`}>
      <div className="ticket-card__head">
        <span className="ticket-card__type">
          <bdi>{ticket.type_name}</bdi>
        </span>
        <span className={`ticket-state ticket-state--${state}`}>{t(`myTickets.state.${state}`)}</span>
      </div>
      {ticket.seat ? (
        <p className="ticket-card__meta">
          {ticket.seat.label ? <bdi>{ticket.seat.label}</bdi> : t('myTickets.seat', { row: ticket.seat.the_row + 1, col: ticket.seat.the_col + 1 })}
        </p>
      ) : null}
      {state === 'refunded' ? (
        // A door person must not mistake it for a ticket: no code to scan, a plain statement instead.
        <div className="ticket-card__void">
          <Icon name="close" size={40} />
          <p>{t('myTickets.refundedText')}</p>
        </div>
      ) : (
        <div className="ticket-card__qr">
          <TicketQr value={checkTicketUrl(window.location.origin, ticket.code)} label={t('myTickets.qrLabel', { code })} />
        </div>
      )}
      {state === 'used' && ticket.used_at ? (
        <p className="ticket-card__used">{t('myTickets.usedAt', { time: format.date(new Date(ticket.used_at), WHEN) })}</p>
      ) : null}
      <div className="ticket-card__code-row">
        <span className="ticket-card__code-label">{t('myTickets.code')}</span>
        <code className="ticket-code" dir="ltr">
          {code}
        </code>
        {state === 'refunded' ? null : (
          <button type="button" className="btn btn--secondary btn--small" onClick={() => void copy()}>
            <Icon name="copy" size={18} />
            {t('myTickets.copyCode')}
          </button>
        )}
      </div>
    </li>
  );
}

function TicketGroupBlock({ group, isOpenAtFirst }: { group: TicketGroup; isOpenAtFirst: boolean }) {
  const { t, i18n } = useTranslation();
  const panelId = useId();
  const [isOpen, setIsOpen] = useState(isOpenAtFirst);
  const { event, counts } = group;
  const dates = formatEventDates(new Date(event.start_date), event.end_date ? new Date(event.end_date) : null, i18n.language);

  return (
    <li className={group.isPast ? 'ticket-group ticket-group--past' : 'ticket-group'}>
      <button type="button" className="ticket-group__head" aria-expanded={isOpen} aria-controls={panelId} onClick={() => setIsOpen((open) => !open)}>
        <span className="ticket-group__main">
          <span className="ticket-group__event">
            <bdi>{event.name}</bdi>
          </span>
          <span className="ticket-group__when">
            <Icon name="calendar" size={16} />
            <bdi>{dates}</bdi>
          </span>
          <span className="ticket-group__counts">
            <span className="ticket-group__count">
              <Icon name="ticket" size={16} />
              {t('myTickets.count', { count: group.tickets.length })}
            </span>
            {counts.used > 0 ? <span className="ticket-state ticket-state--used">{t('myTickets.usedCount', { count: counts.used })}</span> : null}
            {counts.refunded > 0 ? <span className="ticket-state ticket-state--refunded">{t('myTickets.refundedCount', { count: counts.refunded })}</span> : null}
          </span>
        </span>
        <Icon name="chevronDown" className={isOpen ? 'ticket-group__chevron ticket-group__chevron--open' : 'ticket-group__chevron'} />
      </button>
      <div id={panelId} hidden={!isOpen} className="ticket-group__panel">
        {isOpen ? (
          <>
            <ul className="ticket-group__tickets">
              {group.tickets.map((ticket) => (
                <TicketCard key={ticket.id} ticket={ticket} />
              ))}
            </ul>
            <Link to={`/events/${encodeURIComponent(event.hash)}`} className="inline-link ticket-group__link">
              {t('myTickets.openEvent')}
            </Link>
          </>
        ) : null}
      </div>
    </li>
  );
}

function TicketGroups({ title, groups, openFirst }: { title: string; groups: TicketGroup[]; openFirst: boolean }) {
  const titleId = useId();
  if (groups.length === 0) return null;
  return (
    <section className="my-tickets__section" aria-labelledby={titleId}>
      <h2 id={titleId} className="my-tickets__section-title">
        {title}
      </h2>
      <ul className="ticket-groups">
        {groups.map((group, index) => (
          <TicketGroupBlock key={group.event.id} group={group} isOpenAtFirst={openFirst && index === 0} />
        ))}
      </ul>
    </section>
  );
}

function MyTicketsList({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useMyTickets(userId);
  const isOnline = useIsOnline();

  if (query.data === undefined) {
    if (query.fetchStatus === 'paused') {
      return (
        <div className="state-screen state-screen--inline" role="status">
          <p className="state-screen__text">{t('myTickets.offlineEmpty')}</p>
        </div>
      );
    }
    return <QueryFallback isError={query.isError} error={query.error} onRetry={() => void query.refetch()} />;
  }

  // The tickets stay on screen whatever a later refetch does (TanStack keeps them): the door needs them.
  const isShowingSaved = !isOnline || query.isRefetchError || query.fetchStatus === 'paused';
  const { upcoming, past } = groupTicketsByEvent(query.data, new Date());
  return (
    <>
      {isShowingSaved ? (
        <p className="my-tickets__offline" role="status">
          <Icon name="clock" size={18} />
          {t('myTickets.offline')}
        </p>
      ) : null}
      {query.data.length === 0 ? (
        <div className="empty-state">
          <span className="empty-state__icon">
            <Icon name="ticket" size={32} />
          </span>
          <p className="empty-state__title">{t('myTickets.emptyTitle')}</p>
          <p className="my-tickets__empty-text">{t('myTickets.emptyText')}</p>
          <Link to="/events" className="btn btn--primary btn--small">
            {t('myTickets.findEvents')}
          </Link>
        </div>
      ) : (
        <>
          <TicketGroups title={t('myTickets.upcoming')} groups={upcoming} openFirst />
          <TicketGroups title={t('myTickets.past')} groups={past} openFirst={upcoming.length === 0} />
        </>
      )}
    </>
  );
}

/** Below the tickets: the support contact (SUPPORT_PHONE), when there is one. */
function SupportNote() {
  const { t } = useTranslation();
  const url = whatsappUrl(useConfig().support_phone);
  if (!url) return null;
  return (
    <p className="my-tickets__support">
      {t('myTickets.supportQuestion')}{' '}
      <a href={url} target="_blank" rel="noopener noreferrer">
        {t('account.support')}
      </a>
    </p>
  );
}

/**
 * /tickets, My tickets (accounts §2): the person's tickets grouped by event, coming events first,
 * each group opening onto its tickets: type, state, a QR code of the check address (drawn here, no
 * image requests) and the code with a copy action ('Code Copied'). Once loaded it stays readable
 * without a network, with a hint that the list is the saved one. Signed out: the sign-in prompt,
 * remembering open_tickets.
 */
export function MyTicketsPage() {
  const { t } = useTranslation();
  return (
    <div className="my-tickets">
      <PageHeader title={t('myTickets.title')} />
      <SignedInContent
        signedOut={{ icon: <Icon name="ticket" size={32} />, text: t('myTickets.signedOut'), signInLabel: t('myTickets.signIn'), action: { name: 'open_tickets' } }}
      >
        {(user) => (
          <>
            <MyTicketsList key={user.id} userId={user.id} />
            <SupportNote />
          </>
        )}
      </SignedInContent>
    </div>
  );
}
