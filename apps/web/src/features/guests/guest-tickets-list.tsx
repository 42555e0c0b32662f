import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import type { Guest } from '@planns/shared/guests/guests.schemas';
import { formatMoney } from '@planns/shared/money/money.rules';
import type { Purchase, Ticket } from '@planns/shared/tickets/tickets.schemas';
import { useRefundOrder } from '../../api/orders/refund-order.ts';
import { usePaymentsReceived } from '../../api/purchases/list-payments-received.ts';
import { useEventTickets } from '../../api/tickets/list-event-tickets.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { showNotice } from '../../lib/notice.ts';
import { groupTickets, isRefundable, refundableTickets, refundedNow, refundEstimate, ticketsOfHolder, type OrderFigures, type TicketGroup } from './guest-tickets.ts';

/** isWhole: every ticket of the order still valid (no ticket ids sent); isRest: some were refunded before. */
type PendingRefund = { orderId: number; tickets: Ticket[]; validInOrder: number; isWhole: boolean; isRest: boolean };

function TicketLine({ ticket, onRefund, isBusy }: { ticket: Ticket; onRefund: (() => void) | null; isBusy: boolean }) {
  const { t, i18n } = useTranslation();
  const state = ticket.status === 'refunded' ? 'refunded' : ticket.is_used ? 'used' : 'valid';
  return (
    <li className={`guest-ticket guest-ticket--${state}`}>
      <span className="guest-ticket__main">
        <span className="guest-ticket__type" dir="auto">
          {ticket.type_name}
        </span>
        <span className="guest-ticket__meta">
          {ticket.seat ? (
            <span className="guest-ticket__seat">
              {ticket.seat.label ? t('guests.tickets.seat', { seat: ticket.seat.label }) : t('myTickets.seat', { row: ticket.seat.the_row + 1, col: ticket.seat.the_col + 1 })}
            </span>
          ) : null}
          {ticket.kind === 'purchase' && ticket.currency ? <span>{formatMoney(ticket.price, ticket.currency, i18n.language)}</span> : null}
          {ticket.kind !== 'purchase' ? <span>{t(`guests.tickets.kind.${ticket.kind}`)}</span> : null}
          <span className={`guest-ticket__state guest-ticket__state--${state}`}>{t(`guests.tickets.state.${state}`)}</span>
        </span>
      </span>
      {onRefund ? (
        <button type="button" className="btn btn--secondary btn--small guest-ticket__refund" disabled={isBusy} onClick={onRefund}>
          {t('guests.refund.ticket')}
        </button>
      ) : null}
    </li>
  );
}

/**
 * One guest's tickets (GET tickets/event/{id}, those they hold), each order's together, then those
 * given to them. A bought ticket still valid has Refund, an order with several has Refund the
 * whole order (POST orders/{id}/refund); both ask first, saying what goes back: the ticket's price
 * and its share of the service fee, an estimate (the server computes the amount) from the order's
 * figures in Payments Received when the viewer is paid for it. Refunded tickets show as such.
 */
export function GuestTicketsList({ event, guest, viewerId }: { event: Event; guest: Guest; viewerId: number }) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const tickets = useEventTickets(event.id, { enabled: true });
  const received = usePaymentsReceived(viewerId, { enabled: event.is_paid });
  const refund = useRefundOrder();
  const [pending, setPending] = useState<PendingRefund | null>(null);
  const name = guest.user.name || t('guests.noName');

  if (tickets.isPending) return <Spinner size="small" />;
  if (tickets.isError) {
    return (
      <div className="guest-tickets__error" role="alert">
        <p>{errorMessage(tickets.error)}</p>
        <button type="button" className="btn btn--secondary btn--small" disabled={tickets.isFetching} onClick={() => void tickets.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }

  const groups = groupTickets(ticketsOfHolder(tickets.data, guest.user.id));
  if (groups.length === 0) return <p className="guest-tickets__empty">{t('guests.tickets.none')}</p>;

  const orderOf = (orderId: number): Purchase | null => received.data?.find((order) => order.id === orderId) ?? null;
  const figures = (orderId: number): OrderFigures | null => orderOf(orderId);

  function ask(group: Extract<TicketGroup, { kind: 'order' }>, chosen: Ticket[]) {
    const valid = refundableTickets(group.tickets);
    const isWhole = chosen.length === valid.length && chosen.length > 1;
    setPending({ orderId: group.orderId, tickets: chosen, validInOrder: valid.length, isWhole, isRest: isWhole && valid.length < group.tickets.length });
  }

  function confirm() {
    if (!pending) return;
    const before = figures(pending.orderId);
    refund.mutate(
      { orderId: pending.orderId, ...(pending.isWhole ? {} : { ticketIds: pending.tickets.map((ticket) => ticket.id) }) },
      {
        onSuccess: (order) => {
          setPending(null);
          const now = refundedNow(before, order);
          const money = (minor: number) => formatMoney(minor, order.currency, i18n.language);
          showNotice({
            title: t('guests.refund.done'),
            text: now !== null ? t('guests.refund.doneAmount', { amount: money(now), name }) : t('guests.refund.doneTotal', { amount: money(order.refunded_amount) }),
          });
        },
        onError: (error) => {
          setPending(null);
          showNotice({ title: t('guests.refund.failed'), text: errorMessage(error), tone: 'error' });
        },
      },
    );
  }

  let description = '';
  let confirmTitle = '';
  if (pending) {
    const count = pending.tickets.length;
    if (pending.isRest) confirmTitle = t('guests.refund.confirmRest', { count });
    else if (pending.isWhole) confirmTitle = t('guests.refund.confirmOrder', { count });
    else confirmTitle = t('guests.refund.confirmTicket', { count });
    const currency = pending.tickets[0]?.currency;
    const estimate = refundEstimate(pending.tickets, pending.validInOrder, figures(pending.orderId));
    const money = (minor: number) => (currency ? formatMoney(minor, currency, i18n.language) : String(minor));
    description =
      estimate.amount === null
        ? t('guests.refund.explainPrice', { count, price: money(estimate.price), name })
        : t('guests.refund.explainEstimate', { count, amount: money(estimate.amount), price: money(estimate.price), name });
  }

  return (
    <>
      <div className="guest-tickets__groups">
        {groups.map((group) => {
          if (group.kind === 'given') {
            return (
              <section key="given" className="guest-tickets__group" aria-label={t('guests.tickets.given')}>
                <p className="guest-tickets__group-title">{t('guests.tickets.given')}</p>
                <ul className="guest-tickets__list">
                  {group.tickets.map((ticket) => (
                    <TicketLine key={ticket.id} ticket={ticket} onRefund={null} isBusy={false} />
                  ))}
                </ul>
              </section>
            );
          }
          const valid = refundableTickets(group.tickets);
          const order = orderOf(group.orderId);
          const title = order
            ? t('guests.tickets.orderPaid', { id: group.orderId, amount: formatMoney(order.total, order.currency, i18n.language) })
            : t('guests.tickets.order', { id: group.orderId });
          return (
            <section key={group.orderId} className="guest-tickets__group" aria-label={title}>
              <p className="guest-tickets__group-title">{title}</p>
              <ul className="guest-tickets__list">
                {group.tickets.map((ticket) => (
                  <TicketLine key={ticket.id} ticket={ticket} isBusy={refund.isPending} onRefund={isRefundable(ticket) ? () => ask(group, [ticket]) : null} />
                ))}
              </ul>
              {valid.length > 1 ? (
                <button type="button" className="link-button link-button--danger guest-tickets__refund-all" disabled={refund.isPending} onClick={() => ask(group, valid)}>
                  {valid.length < group.tickets.length ? t('guests.refund.rest', { count: valid.length }) : t('guests.refund.order', { count: valid.length })}
                </button>
              ) : null}
            </section>
          );
        })}
      </div>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(next) => !next && !refund.isPending && setPending(null)}
        title={confirmTitle}
        description={description}
        confirmLabel={refund.isPending ? t('guests.refund.refunding') : t('guests.refund.confirm')}
        isPending={refund.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
