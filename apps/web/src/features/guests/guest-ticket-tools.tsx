import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import type { Guest } from '@planns/shared/guests/guests.schemas';
import { Icon } from '../../components/icon.tsx';
import { canGetTickets } from './guest-tickets.ts';
import { GuestTicketsList } from './guest-tickets-list.tsx';
import { IssueTicketsForm } from './issue-tickets-form.tsx';

type GuestTicketToolsProps = { event: Event; guest: Guest; viewerId: number; showsCounts: boolean };

/**
 * A guest row's ticket part (events §2, organiser only): the tickets they hold and how many were
 * used, and a Tickets button that opens the ticket-add form (going or interested guests) and
 * their tickets with the refunds.
 */
export function GuestTicketTools({ event, guest, viewerId, showsCounts }: GuestTicketToolsProps) {
  const { t } = useTranslation();
  const panelId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const mayAdd = canGetTickets(guest.status);
  if (!mayAdd && guest.tickets.sold === 0) return null;

  return (
    <div className="guest-tickets">
      <div className="guest-tickets__bar">
        {showsCounts ? (
          <p className="guest-tickets__counts">
            <Icon name="tag" size={16} />
            <span>
              {t('guests.tickets.held', { count: guest.tickets.sold })}
              {guest.tickets.sold > 0 ? ` · ${t('guests.tickets.used', { count: guest.tickets.used })}` : ''}
            </span>
          </p>
        ) : (
          <span />
        )}
        <button
          type="button"
          className="guest-tickets__toggle"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setIsOpen((open) => !open)}
        >
          {t('guests.tickets.open')}
          <span className="visually-hidden"> {guest.user.name || t('guests.noName')}</span>
          <Icon name="chevronDown" size={18} className={isOpen ? 'guest-tickets__chevron guest-tickets__chevron--open' : 'guest-tickets__chevron'} />
        </button>
      </div>
      <div id={panelId} hidden={!isOpen} className="guest-tickets__panel">
        {isOpen ? (
          <>
            {mayAdd ? <IssueTicketsForm event={event} guest={guest} /> : null}
            <GuestTicketsList event={event} guest={guest} viewerId={viewerId} />
          </>
        ) : null}
      </div>
    </div>
  );
}
