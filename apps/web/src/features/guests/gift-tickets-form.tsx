import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import type { PublicUser } from '@planns/shared/users/users.schemas';
import { useGiftTickets } from '../../api/tickets/gift-tickets.ts';
import { Avatar } from '../../components/avatar.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { UserPicker } from '../../components/user-picker.tsx';
import { SeatPicker } from '../seats/seat-picker.tsx';
import { TicketAmountFields } from './ticket-amount-fields.tsx';
import { useSeatPicks } from './use-seat-picks.ts';
import { useTicketNotices } from './use-ticket-notices.ts';

/**
 * Gift tickets (events §6 owner, accounts §4 Gifting; POST tickets/gift/{event_id} {user_id,
 * tickets}): any person, found by name, gets free tickets by SMS; they need not have answered. On
 * a seated event the owner picks the seats on the event's chart (each ticket of its seat's type,
 * the seat sold at once); elsewhere a number of tickets, of a chosen type.
 */
export function GiftTicketsForm({ event, onDone }: { event: Event; onDone: () => void }) {
  const { t } = useTranslation();
  const gift = useGiftTickets();
  const notices = useTicketNotices();
  const [person, setPerson] = useState<PublicUser | null>(null);
  const [amount, setAmount] = useState(1);
  const [typeId, setTypeId] = useState<number | null>(null);
  const seats = useSeatPicks(event.id);
  const count = event.seated ? seats.picked.length : amount;

  function submit(formEvent: FormEvent) {
    formEvent.preventDefault();
    if (!person || gift.isPending || count === 0) return;
    const sent = [...seats.picked];
    gift.mutate(
      event.seated
        ? { eventId: event.id, userId: person.id, amount: sent.length, seats: sent }
        : { eventId: event.id, userId: person.id, amount, ...(typeId === null ? {} : { ticketTypeId: typeId }) },
      {
        onSuccess: () => {
          notices.created(person.name);
          seats.clear();
          onDone();
        },
        onError: (error) => {
          if (!seats.onError(error, sent)) notices.failed();
        },
      },
    );
  }

  return (
    <form className="gift-form" onSubmit={submit} aria-label={t('guests.gift.title')}>
      <p className="gift-form__title">{t('guests.gift.title')}</p>
      <p className="gift-form__text">{t('guests.gift.text')}</p>
      {person ? (
        <div className="gift-form__person">
          <Avatar src={person.avatar_s ?? person.avatar} name={person.name} size={36} />
          <span className="gift-form__name" dir="auto">
            {person.name || t('guests.noName')}
          </span>
          <button type="button" className="link-button" disabled={gift.isPending} onClick={() => setPerson(null)}>
            {t('guests.gift.change')}
          </button>
        </div>
      ) : (
        <UserPicker label={t('guests.gift.who')} onPick={setPerson} autoFocus />
      )}
      {event.seated ? (
        <SeatPicker event={event} picked={seats.picked} onToggle={seats.toggle} />
      ) : (
        <div className="ticket-form__fields">
          <TicketAmountFields
            amount={amount}
            onAmountChange={setAmount}
            types={event.ticket_types}
            typeId={typeId}
            onTypeChange={setTypeId}
            disabled={gift.isPending}
          />
        </div>
      )}
      <FormMessage message={seats.taken ?? (gift.isError ? notices.reason(gift.error) : null)} />
      <div className="gift-form__actions">
        <button type="button" className="btn btn--secondary btn--small" disabled={gift.isPending} onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn--primary btn--small" disabled={!person || gift.isPending || count === 0}>
          {gift.isPending ? t('guests.tickets.adding') : t('guests.gift.submit', { count })}
        </button>
      </div>
    </form>
  );
}
