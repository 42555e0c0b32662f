import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import type { Guest } from '@planns/shared/guests/guests.schemas';
import { useIssueTickets } from '../../api/tickets/issue-tickets.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { SeatPicker } from '../seats/seat-picker.tsx';
import { TicketAmountFields } from './ticket-amount-fields.tsx';
import { useSeatPicks } from './use-seat-picks.ts';
import { useTicketNotices } from './use-ticket-notices.ts';

/**
 * The guest row's ticket-add form (events §2, organiser only; events §7 POST tickets {user_id,
 * event_id, amount}): free tickets for a going or interested guest, who gets them by SMS. On a
 * paid event they take places like bought ones; on a seated event the organiser picks their seats.
 */
export function IssueTicketsForm({ event, guest }: { event: Event; guest: Guest }) {
  const { t } = useTranslation();
  const issue = useIssueTickets();
  const notices = useTicketNotices();
  const [amount, setAmount] = useState(1);
  const [typeId, setTypeId] = useState<number | null>(null);
  const seats = useSeatPicks(event.id);

  function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    if (issue.isPending || (event.seated && seats.picked.length === 0)) return;
    const sent = [...seats.picked];
    issue.mutate(
      event.seated
        ? { eventId: event.id, userId: guest.user.id, amount: sent.length, seats: sent }
        : { eventId: event.id, userId: guest.user.id, amount, ...(typeId === null ? {} : { ticketTypeId: typeId }) },
      {
        onSuccess: () => {
          notices.created(guest.user.name);
          setAmount(1);
          seats.clear();
        },
        onError: (error) => {
          if (!seats.onError(error, sent)) notices.failed();
        },
      },
    );
  }

  const submitButton = (
    <button type="submit" className="btn btn--primary btn--small ticket-form__submit" disabled={issue.isPending || (event.seated && seats.picked.length === 0)}>
      {issue.isPending ? t('guests.tickets.adding') : t('guests.tickets.add')}
    </button>
  );

  return (
    <form className="ticket-form" onSubmit={submit} aria-label={t('guests.tickets.addFor', { name: guest.user.name || t('guests.noName') })}>
      <p className="ticket-form__title">{t('guests.tickets.addTitle')}</p>
      {event.seated ? (
        <>
          <SeatPicker event={event} picked={seats.picked} onToggle={seats.toggle} />
          {submitButton}
        </>
      ) : (
        <div className="ticket-form__fields">
          <TicketAmountFields
            amount={amount}
            onAmountChange={setAmount}
            types={event.ticket_types}
            typeId={typeId}
            onTypeChange={setTypeId}
            disabled={issue.isPending}
          />
          {submitButton}
        </div>
      )}
      <FormMessage message={seats.taken ?? (issue.isError ? notices.reason(issue.error) : null)} />
    </form>
  );
}
