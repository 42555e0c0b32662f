import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketTypeRead } from '@planns/shared/events/events.schemas';
import { TICKET_AMOUNTS } from './guest-tickets.ts';

type TicketAmountFieldsProps = {
  amount: number;
  onAmountChange: (amount: number) => void;
  /** The event's ticket types: a choice shows when there is more than one. */
  types: readonly Pick<TicketTypeRead, 'id' | 'name'>[];
  typeId: number | null;
  onTypeChange: (typeId: number) => void;
  disabled: boolean;
};

/**
 * How many tickets (1 to 20) and, for an event with several ticket types, which one (the server
 * takes the first type otherwise). Shared by the ticket-add form and the gift form.
 */
export function TicketAmountFields({ amount, onAmountChange, types, typeId, onTypeChange, disabled }: TicketAmountFieldsProps) {
  const { t } = useTranslation();
  const amountId = useId();
  const typeFieldId = useId();
  return (
    <>
      <div className="field ticket-fields__amount">
        <label className="field__label" htmlFor={amountId}>
          {t('guests.tickets.amount')}
        </label>
        <select id={amountId} className="input ticket-fields__select" value={amount} disabled={disabled} onChange={(event) => onAmountChange(Number(event.target.value))}>
          {TICKET_AMOUNTS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      {types.length > 1 ? (
        <div className="field ticket-fields__type">
          <label className="field__label" htmlFor={typeFieldId}>
            {t('guests.tickets.type')}
          </label>
          <select
            id={typeFieldId}
            className="input ticket-fields__select"
            value={typeId ?? types[0]!.id}
            disabled={disabled}
            onChange={(event) => onTypeChange(Number(event.target.value))}
          >
            {types.map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </>
  );
}
