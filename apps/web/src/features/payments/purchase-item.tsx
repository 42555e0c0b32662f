import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Purchase } from '@planns/shared/tickets/tickets.schemas';
import { Icon } from '../../components/icon.tsx';
import { useFormat } from '../../lib/format.ts';
import { isUnpaid, lineAmount, orderDay, purchaseReason, purchaseState, receiptHref, sellerShare, ticketTally } from './purchase-figures.ts';
import { useMoney } from './use-money.ts';

type PurchaseItemProps = {
  purchase: Purchase;
  /** The buyer's list (Purchase History) or the seller's (Payments Received). */
  as: 'buyer' | 'payee';
};

/**
 * One order in an expandable list (accounts §2, §3): the event and the day with the total and
 * the state; opened, the lines (type × quantity at price), the service fee, the total, for the
 * seller their share, the refunds, the tickets and the links to the event and the receipt.
 */
export function PurchaseItem({ purchase, as }: PurchaseItemProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const format = useFormat();
  const panelId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const state = purchaseState(purchase);
  const reason = purchaseReason(purchase);
  const tally = ticketTally(purchase.tickets);
  const receipt = receiptHref(purchase.receipt_url);
  const amount = (minor: number) => money(minor, purchase.currency);
  const buyer = purchase.user?.name || t('purchases.unknownBuyer');
  const eventDate = format.date(new Date(purchase.event.start_date), { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <li className="received">
      <button type="button" className="received__head" aria-expanded={isOpen} aria-controls={panelId} onClick={() => setIsOpen((open) => !open)}>
        <span className="received__main">
          <span className="received__event">
            <bdi>{purchase.event.name}</bdi>
          </span>
          {/* The buyer sees when the event is; the seller who bought and when. */}
          <span className="received__meta">
            {as === 'payee' ? (
              <>
                <span className="received__buyer">
                  <bdi>{buyer}</bdi>
                </span>
                <bdi>{orderDay(purchase.created_at)}</bdi>
              </>
            ) : (
              <span>{eventDate}</span>
            )}
          </span>
        </span>
        <span className="received__end">
          <span className={isUnpaid(state) ? 'received__amount received__amount--void' : 'received__amount'}>{amount(purchase.total)}</span>
          <span className={`order-status order-status--${state}`}>{t(`purchases.status.${state}`)}</span>
        </span>
        <Icon name="chevronDown" className={isOpen ? 'received__chevron received__chevron--open' : 'received__chevron'} />
      </button>
      <div id={panelId} hidden={!isOpen} className="received__panel">
        {reason ? <p className="order-reason">{t(`purchases.reason.${reason}`)}</p> : null}
        <dl className="pay-sum">
          {as === 'payee' ? (
            <div className="pay-sum__row">
              <dt>{t('purchases.buyer')}</dt>
              <dd>
                <bdi>{buyer}</bdi>
              </dd>
            </div>
          ) : null}
          {as === 'payee' ? (
            <div className="pay-sum__row">
              <dt>{t('purchases.eventDate')}</dt>
              <dd>{eventDate}</dd>
            </div>
          ) : (
            <div className="pay-sum__row">
              <dt>{t('purchases.boughtOn')}</dt>
              <dd>
                <bdi>{orderDay(purchase.created_at)}</bdi>
              </dd>
            </div>
          )}
          {purchase.lines.map((line, index) => (
            <div key={index} className="pay-sum__row">
              <dt>
                {t('purchases.line', { name: line.type_name, quantity: line.quantity, price: amount(line.unit_price) })}
              </dt>
              <dd>{amount(lineAmount(line))}</dd>
            </div>
          ))}
          <div className="pay-sum__row">
            <dt>{as === 'payee' ? t('purchases.feeKept') : t('purchases.fee')}</dt>
            <dd>{amount(purchase.fee)}</dd>
          </div>
          <div className="pay-sum__row pay-sum__row--total">
            <dt>{t('purchases.total')}</dt>
            <dd>{amount(purchase.total)}</dd>
          </div>
          {as === 'payee' ? (
            <div className="pay-sum__row">
              <dt>{t('purchases.yourShare')}</dt>
              <dd>{amount(sellerShare(purchase))}</dd>
            </div>
          ) : null}
          {purchase.refunded_amount > 0 ? (
            <div className="pay-sum__row order-refunded">
              <dt>{as === 'payee' ? t('purchases.refundedToBuyer') : t('purchases.refundedToYou')}</dt>
              <dd>{amount(purchase.refunded_amount)}</dd>
            </div>
          ) : null}
        </dl>
        {purchase.tickets.length > 0 ? (
          <div className="order-tickets">
            <p className="order-tickets__title">
              {t('purchases.tickets.count', { count: purchase.tickets.length })}
              {tally.used > 0 ? ` · ${t('purchases.tickets.used', { count: tally.used })}` : ''}
              {tally.refunded > 0 ? ` · ${t('purchases.tickets.refunded', { count: tally.refunded })}` : ''}
            </p>
            <ul className="order-tickets__list">
              {purchase.tickets.map((ticket) => {
                const ticketState = ticket.status === 'refunded' ? 'refunded' : ticket.is_used ? 'used' : 'valid';
                return (
                  <li key={ticket.id} className={`order-ticket order-ticket--${ticketState}`}>
                    <span className="order-ticket__type">
                      <bdi>{ticket.type_name}</bdi>
                    </span>
                    <span className="order-ticket__state">{t(`purchases.tickets.state.${ticketState}`)}</span>
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null}
        <div className="received__links">
          {as === 'buyer' && tally.valid > 0 ? (
            <Link to="/tickets" className="inline-link">
              {t('purchases.seeTickets')}
            </Link>
          ) : null}
          {purchase.event.hash ? (
            <Link to={`/events/${purchase.event.hash}`} className="inline-link">
              {t('purchases.openEvent')}
            </Link>
          ) : null}
          {receipt ? (
            <a href={receipt} className="inline-link" target="_blank" rel="noreferrer noopener">
              {t('purchases.receipt')}
            </a>
          ) : null}
        </div>
      </div>
    </li>
  );
}
