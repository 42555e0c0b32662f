import { Tabs } from 'radix-ui';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, CURRENCY_EXPONENT, formatMoney, type Currency } from '@planns/shared/money/money.rules';
import { layoutSeats } from '@planns/shared/seats/seats.rules';
import { DEFAULT_TICKET_NAME, TICKET_TYPES_MAX, canAddTicketType, canRemoveTicketType } from '@planns/shared/tickets/tickets.rules';
import { FormMessage } from '../../components/form-message.tsx';
import { FormSwitch } from '../../components/form-switch.tsx';
import { Icon } from '../../components/icon.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { Sheet } from '../../components/sheet.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useEventSeatMap } from '../../api/seats/get-seat-template.ts';
import { SeatingFields } from '../seats/seating-fields.tsx';
import {
  addTypeRow,
  priceChanges,
  removeTypeRow,
  sanitizePriceInput,
  sanitizeQuantityInput,
  seatPricing,
  unseatPricing,
  updateTypeRow,
  type PricingFormState,
} from './pricing-form-state.ts';
import '../../components/tabs.css';
import './tickets-sheet.css';

type TicketsSheetProps = {
  open: boolean;
  onClose: () => void;
  pricing: PricingFormState;
  onChange: (pricing: PricingFormState) => void;
  /** The translated problem of a field as the server names it (price, ticket_types.0.name ...), or null. */
  errorOf: (field: string) => string | null;
  /** planns' service fee, percent, shown to the organiser as buyers will see it. */
  feePercent: number;
};

/**
 * The Tickets panel of the event form (events §2, §5): free, or paid with one price or 1 to 10
 * ticket types, in one currency for the whole event (default EUR). Prices are typed in the
 * currency's units and kept as minor units. Beyond the spec, a type may be limited to a number
 * of tickets. When a saved price differs from the payment provider's, a warning says so. The
 * seat selector (decision 0036) sells seats of a map instead: one ticket type per seat type, each
 * with its price, the number of its seats being the limit.
 */
export function TicketsSheet({ open, onClose, pricing, onChange, errorOf, feePercent }: TicketsSheetProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const locale = i18n.language;
  const changes = new Map(priceChanges(pricing).map((c) => [c.key, c]));
  const money = (minor: number) => formatMoney(minor, pricing.currency, locale);
  const priceHint = CURRENCY_EXPONENT[pricing.currency] === 0 ? t('eventForm.tickets.priceHintWhole') : t('eventForm.tickets.priceHint');
  const patch = (next: Partial<PricingFormState>) => onChange({ ...pricing, ...next });
  const seatMap = useEventSeatMap(pricing.seated ? pricing.templateId : null);
  const seatsByType = useMemo(() => {
    const counts = new Map<number, number>();
    if (pricing.seated && seatMap.data) for (const seat of layoutSeats(seatMap.data)) counts.set(seat.type, (counts.get(seat.type) ?? 0) + 1);
    return counts;
  }, [pricing.seated, seatMap.data]);

  const warning = (key: string) => {
    const change = changes.get(key);
    return change ? (
      <p className="tickets-sheet__warning" role="status">
        <Icon name="tag" size={16} />
        {t('eventForm.tickets.priceChanged', { provider: money(change.provider), entered: money(change.entered) })}
      </p>
    ) : null;
  };

  function typeRows(seated: boolean) {
    return (
                <ol className="tickets-sheet__types">
                  {pricing.types.map((type, index) => (
                    <li key={type.key} className="tickets-sheet__type">
                      <div className="tickets-sheet__type-header">
                        <span className="tickets-sheet__type-number">
                          {seated && typeof type.seatType === 'number'
                            ? t('seats.form.typeSeats', { name: seatMap.data?.seatTypes[type.seatType]?.label ?? '', count: seatsByType.get(type.seatType) ?? 0 })
                            : t('eventForm.tickets.typeNumber', { number: index + 1 })}
                        </span>
                        {seated ? null : (
                        <button
                          type="button"
                          className="icon-button"
                          aria-label={t('eventForm.tickets.removeType', { name: type.name.trim() || t('eventForm.tickets.typeNumber', { number: index + 1 }) })}
                          title={canRemoveTicketType(pricing.types.length) ? undefined : t('eventForm.tickets.lastType')}
                          disabled={!canRemoveTicketType(pricing.types.length)}
                          onClick={() => onChange(removeTypeRow(pricing, type.key))}
                        >
                          <Icon name="trash" size={20} />
                        </button>
                        )}
                      </div>
                      <TextField
                        label={t('eventForm.tickets.typeName')}
                        maxLength={120}
                        value={type.name}
                        onChange={(event) => onChange(updateTypeRow(pricing, type.key, { name: event.target.value }))}
                        error={errorOf(`ticket_types.${index}.name`)}
                        autoComplete="off"
                      />
                      <div className="form-panel__pair">
                        <TextField
                          label={t('eventForm.tickets.price', { currency: pricing.currency })}
                          inputMode="decimal"
                          value={type.price}
                          onChange={(event) => onChange(updateTypeRow(pricing, type.key, { price: sanitizePriceInput(event.target.value) }))}
                          error={errorOf(`ticket_types.${index}.price`) ?? errorOf(`ticket_types.${index}.currency`)}
                          autoComplete="off"
                        />
                        {seated ? null : (
                        <TextField
                          label={t('eventForm.tickets.quantity')}
                          hint={t('eventForm.tickets.quantityHint')}
                          inputMode="numeric"
                          pattern="[0-9]*"
                          value={type.quantity}
                          onChange={(event) => onChange(updateTypeRow(pricing, type.key, { quantity: sanitizeQuantityInput(event.target.value) }))}
                          error={errorOf(`ticket_types.${index}.quantity`)}
                          autoComplete="off"
                        />
                        )}
                      </div>
                      <FormMessage message={errorOf(`ticket_types.${index}.seat_type`)} />
                      {warning(type.key)}
                      <div className="field">
                        <label className="field__label" htmlFor={`${id}-${type.key}-description`}>
                          {t('eventForm.tickets.description')}
                        </label>
                        <textarea
                          id={`${id}-${type.key}-description`}
                          className="input textarea"
                          rows={2}
                          maxLength={2000}
                          value={type.description}
                          onChange={(event) => onChange(updateTypeRow(pricing, type.key, { description: event.target.value }))}
                        />
                      </div>
                    </li>
                  ))}
                </ol>
    );
  }

  return (
    <Sheet open={open} onOpenChange={(next) => !next && onClose()} title={t('eventForm.tickets.title')}>
      <div className="form-panel tickets-sheet">
        <FormSwitch
          label={t('eventForm.tickets.paid')}
          description={t('eventForm.tickets.paidHint', { percent: feePercent })}
          checked={pricing.isPaid}
          onCheckedChange={(checked) => patch({ isPaid: checked })}
        />

        {pricing.isPaid ? (
          <>
            <SelectField
              label={t('eventForm.tickets.currency')}
              value={pricing.currency}
              onChange={(value) => patch({ currency: value as Currency })}
              options={CURRENCIES.map((currency) => [currency, currencyName(currency, locale)] as const)}
              hint={t('eventForm.tickets.currencyHint')}
              error={errorOf('currency')}
            />

            <SeatingFields
              seated={pricing.seated}
              templateId={pricing.templateId}
              currency={pricing.currency}
              onChange={(seating) => onChange(seating ? seatPricing(pricing, seating.templateId, seating.map) : unseatPricing(pricing))}
              error={errorOf('seated') ?? errorOf('seat_template_id')}
            />

            {pricing.seated ? (
              <div className="tickets-sheet__seated">
                <p className="field__hint">{t('seats.form.typesHint')}</p>
                {typeRows(true)}
                <FormMessage message={errorOf('ticket_types')} />
              </div>
            ) : (
            <Tabs.Root className="tabs" value={pricing.mode} onValueChange={(value) => patch({ mode: value === 'multiple' ? 'multiple' : 'single' })}>
              <Tabs.List className="tabs__list" aria-label={t('eventForm.tickets.mode')}>
                <Tabs.Trigger className="tabs__trigger" value="single">
                  {t('eventForm.tickets.single')}
                </Tabs.Trigger>
                <Tabs.Trigger className="tabs__trigger" value="multiple">
                  {t('eventForm.tickets.multiple')}
                </Tabs.Trigger>
              </Tabs.List>

              <Tabs.Content className="tabs__panel" value="single">
                <TextField
                  label={t('eventForm.tickets.price', { currency: pricing.currency })}
                  hint={priceHint}
                  inputMode="decimal"
                  value={pricing.price}
                  onChange={(event) => patch({ price: sanitizePriceInput(event.target.value) })}
                  error={errorOf('price')}
                  autoComplete="off"
                />
                {warning('single')}
                <TextField
                  label={t('eventForm.tickets.ticketName')}
                  placeholder={DEFAULT_TICKET_NAME}
                  hint={t('eventForm.tickets.ticketNameHint')}
                  maxLength={120}
                  value={pricing.ticketName}
                  onChange={(event) => patch({ ticketName: event.target.value })}
                  error={errorOf('ticket_name')}
                  autoComplete="off"
                />
                <div className="field">
                  <label className="field__label" htmlFor={`${id}-single-description`}>
                    {t('eventForm.tickets.description')}
                  </label>
                  <textarea
                    id={`${id}-single-description`}
                    className="input textarea"
                    rows={2}
                    maxLength={2000}
                    value={pricing.ticketDescription}
                    onChange={(event) => patch({ ticketDescription: event.target.value })}
                  />
                </div>
              </Tabs.Content>

              <Tabs.Content className="tabs__panel" value="multiple">
                {typeRows(false)}
                <button type="button" className="btn btn--secondary btn--block" disabled={!canAddTicketType(pricing.types.length)} onClick={() => onChange(addTypeRow(pricing))}>
                  <Icon name="plus" size={18} />
                  {t('eventForm.tickets.addType')}
                </button>
                <p className="field__hint">
                  {canAddTicketType(pricing.types.length) ? t('eventForm.tickets.typesHint', { max: TICKET_TYPES_MAX }) : t('eventForm.errors.tooManyTicketTypes', { max: TICKET_TYPES_MAX })}
                </p>
                <FormMessage message={errorOf('ticket_types')} />
              </Tabs.Content>
            </Tabs.Root>
            )}
          </>
        ) : (
          <p className="field__hint">{t('eventForm.tickets.freeHint')}</p>
        )}
      </div>
      <div className="sheet__actions">
        <button type="button" className="btn btn--primary" onClick={onClose}>
          {t('eventForm.done')}
        </button>
      </div>
    </Sheet>
  );
}

/** 'Euro (EUR)' in the viewer's language. */
function currencyName(currency: Currency, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'currency' }).of(currency);
    return name && name !== currency ? `${name} (${currency})` : currency;
  } catch {
    return currency;
  }
}
