import { ToggleGroup } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import type { Guest } from '@planns/shared/guests/guests.schemas';
import type { RsvpStatus } from '@planns/shared/rsvp/rsvp.rules';
import { useGuestList } from '../../api/guests/list-guests.ts';
import { useCurrentUser } from '../../api/users/get-current-user.ts';
import { Avatar } from '../../components/avatar.tsx';
import { Icon } from '../../components/icon.tsx';
import { NoticeList } from '../../components/notice-list.tsx';
import { Sheet } from '../../components/sheet.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { GiftTicketsForm } from './gift-tickets-form.tsx';
import { companionNames, companionsBadge, GUEST_TOGGLES, guestsWithStatus, isGuestToggle } from './guest-list.ts';
import { GuestTicketTools } from './guest-ticket-tools.tsx';
import { showsTicketCounts } from './guest-tickets.ts';
import './guest-list-sheet.css';

type GuestListSheetProps = { event: Event; open: boolean; onClose: () => void };

type GuestRowProps = { guest: Guest; event: Event; viewerId: number | null; showsCounts: boolean };

function GuestRow({ guest, event, viewerId, showsCounts }: GuestRowProps) {
  const { t } = useTranslation();
  const badge = companionsBadge(guest.companions_amount);
  const names = companionNames(guest.companions);
  return (
    <li className="guest-row">
      <Avatar src={guest.user.avatar_s ?? guest.user.avatar} name={guest.user.name} size={44} />
      <div className="guest-row__main">
        <p className="guest-row__heading">
          <span className="guest-row__name" dir="auto">
            {guest.user.name || t('guests.noName')}
          </span>
          {badge ? (
            <span className="guest-row__badge" title={t('guests.companions', { count: guest.companions_amount })}>
              <span aria-hidden="true">{badge}</span>
              <span className="visually-hidden">{t('guests.companions', { count: guest.companions_amount })}</span>
            </span>
          ) : null}
        </p>
        {names ? (
          <p className="guest-row__companions" dir="auto">
            {names}
          </p>
        ) : null}
        {guest.note.trim() ? (
          <p className="guest-row__note">
            <span className="visually-hidden">{t('guests.note')} </span>
            <span dir="auto">{guest.note}</span>
          </p>
        ) : null}
      </div>
      <span className={`guest-row__status guest-row__status--${guest.status}`}>{t(`guests.status.${guest.status}`)}</span>
      {viewerId !== null ? <GuestTicketTools event={event} guest={guest} viewerId={viewerId} showsCounts={showsCounts} /> : null}
    </li>
  );
}

/** The header's ticket part (events §2): tickets sold and used for the event, and Gift tickets. */
function TicketsHeader({ event, tickets }: { event: Event; tickets: { sold: number; used: number } | null }) {
  const { t } = useTranslation();
  const [isGiftOpen, setIsGiftOpen] = useState(false);
  return (
    <div className="guest-list__tickets">
      <div className="guest-list__tickets-bar">
        {tickets && showsTicketCounts(event, tickets.sold) ? (
          <dl className="guest-list__ticket-counts">
            <div>
              <dt>{t('guests.tickets.sold')}</dt>
              <dd>{tickets.sold}</dd>
            </div>
            <div>
              <dt>{t('guests.tickets.usedTitle')}</dt>
              <dd>{tickets.used}</dd>
            </div>
          </dl>
        ) : (
          <span />
        )}
        {isGiftOpen ? null : (
          <button type="button" className="btn btn--secondary btn--small" onClick={() => setIsGiftOpen(true)}>
            <Icon name="plus" size={18} />
            {t('guests.gift.open')}
          </button>
        )}
      </div>
      {isGiftOpen ? <GiftTicketsForm event={event} onDone={() => setIsGiftOpen(false)} /> : null}
    </div>
  );
}

/**
 * Event report (events §2 "Report (export) panel and guest list"), for the owner and moderators:
 * the header's tickets sold and used with Gift tickets, the toggles Going, Interested and
 * Rejected, each counting people with their companions, and one row per person: avatar, name,
 * +companions, the companions' names, status and RSVP note, and their tickets: how many and how
 * many used, the ticket-add form (going or interested) and the refunds. Opens on Going;
 * refreshes with a live join or rejection (its query sits under ['events']).
 */
export function GuestListSheet({ event, open, onClose }: GuestListSheetProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [status, setStatus] = useState<RsvpStatus>('going');
  const list = useGuestList(event.id, { enabled: open });
  const { user } = useCurrentUser();
  const viewerId = user?.id ?? null;

  function close() {
    setStatus('going');
    onClose();
  }

  let content;
  if (list.isPending) {
    content = <Spinner />;
  } else if (list.isError) {
    content = (
      <div className="sheet__state" role="alert">
        <p>{t('guests.loadFailed')}</p>
        <p className="guest-list__detail">{errorMessage(list.error)}</p>
        <button type="button" className="btn btn--secondary btn--small" disabled={list.isFetching} onClick={() => void list.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else {
    const shown = guestsWithStatus(list.data.guests, status);
    content = shown.length ? (
      <ul className="guest-list__rows" aria-label={t(`guests.toggle.${status}`, { count: list.data.counts[status] })}>
        {shown.map((guest) => (
          <GuestRow
            key={guest.user.id}
            guest={guest}
            event={event}
            viewerId={viewerId}
            showsCounts={showsTicketCounts(event, list.data.tickets.sold)}
          />
        ))}
      </ul>
    ) : (
      <p className="sheet__state">
        {t('guests.empty')}
      </p>
    );
  }

  return (
    <Sheet open={open} onOpenChange={(next) => !next && close()} title={t('guests.title')} size="full">
      <div className="guest-list">
        <TicketsHeader event={event} tickets={list.data?.tickets ?? null} />
        <ToggleGroup.Root
          type="single"
          className="guest-list__toggles"
          value={status}
          // A tap on the selected toggle would clear it: one list always shows.
          onValueChange={(value) => isGuestToggle(value) && setStatus(value)}
          aria-label={t('guests.show')}
        >
          {GUEST_TOGGLES.map((toggle) => (
            <ToggleGroup.Item key={toggle} value={toggle} className="guest-list__toggle">
              {list.data ? t(`guests.toggle.${toggle}`, { count: list.data.counts[toggle] }) : t(`guests.status.${toggle}`)}
            </ToggleGroup.Item>
          ))}
        </ToggleGroup.Root>
        <div className="guest-list__content" aria-busy={list.isFetching}>
          {content}
        </div>
      </div>
      {/* The sheet covers the shell's notices ('Tickets created', a refund): it shows them itself. */}
      <NoticeList className="guest-list__notices" />
    </Sheet>
  );
}
