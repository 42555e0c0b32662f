import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCY_EXPONENT, type Currency } from '@planns/shared/money/money.rules';
import { SEAT_TYPES_MAX, type SeatOrder } from '@planns/shared/seats/seats.rules';
import type { SeatTemplate } from '@planns/shared/seats/seats.schemas';
import { useCreateSeatTemplate } from '../../api/seats/create-seat-template.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { FormSwitch } from '../../components/form-switch.tsx';
import { Icon } from '../../components/icon.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { Sheet } from '../../components/sheet.tsx';
import { TextField } from '../../components/text-field.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useErrorMessage } from '../../lib/error-messages.ts';
import {
  addSeatType,
  compileScheme,
  creatorField,
  initialCreator,
  paintPlace,
  paintRow,
  placeType,
  previewData,
  removeSeatType,
  sanitizeSizeInput,
  sanitizeSkipLetters,
  sanitizeSpacersInput,
  updateSeatType,
  type CreatorErrors,
  type CreatorState,
  type LabelDraft,
} from './scheme-creator-state.ts';
import { SchemePreview } from './scheme-preview.tsx';
import { useSeatMessage } from './seat-messages.ts';
import './seat-chart.css';

type SchemeCreatorSheetProps = {
  open: boolean;
  onClose: () => void;
  /** The event's currency: seat type prices are typed in it and kept in its minor units. */
  currency: Currency;
  onCreated: (template: SeatTemplate) => void;
};

const ORDERS: SeatOrder[] = ['left-to-right', 'right-to-left', 'centre-left-first', 'centre-right-first'];

/**
 * The seat scheme creator (events §2, §3 Seat scheme creation, §9; decision 0036), opened from the
 * event form's seat selector ('Create new scheme'): name, rows and seats per row (10 by 10), gaps,
 * seat types with a label and a price, the label rule's choices, and a preview where places are
 * painted with a type or taken out. Checked here by the server's own rules, then saved with
 * POST seats/templates; the server's per-field answers show at their fields.
 */
export function SchemeCreatorSheet({ open, onClose, currency, onCreated }: SchemeCreatorSheetProps) {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreateSeatTemplate();
  const seatMessage = useSeatMessage();
  const errorMessage = useErrorMessage();
  const [state, setState] = useState<CreatorState>(() => initialCreator(currency));
  const [errors, setErrors] = useState<CreatorErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const preview = useMemo(() => previewData(state, currency), [state, currency]);

  const patch = (next: Partial<CreatorState>) => {
    setState((current) => ({ ...current, ...next }));
    setErrors({});
    setGeneral(null);
  };
  const patchLabel = (next: Partial<LabelDraft>) => patch({ label: { ...state.label, ...next } });
  const errorOf = (field: string) => {
    const message = errors[field];
    return message ? seatMessage(message) : null;
  };
  const typeOf = useCallback((row: number, col: number) => placeType(state, row, col), [state]);
  const priceHint = CURRENCY_EXPONENT[currency] === 0 ? t('eventForm.tickets.priceHintWhole') : t('eventForm.tickets.priceHint');

  async function save(event: FormEvent) {
    event.preventDefault();
    // The sheet is drawn in a portal but sits inside the event form in React's tree: its submit is its own.
    event.stopPropagation();
    if (create.isPending) return;
    const compiled = compileScheme(state, currency);
    if ('errors' in compiled) {
      setErrors(compiled.errors);
      return;
    }
    try {
      const template = await create.mutateAsync(compiled.body);
      setState(initialCreator(currency));
      onCreated(template);
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fields).length > 0) {
        setErrors(Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [creatorField(field), message])));
      } else setGeneral(isApiError(error) ? seatMessage(error.message) : errorMessage(error));
    }
  }

  // Problems not shown at an input (the paint's areas, the label rule's result, the whole grid).
  const shownAt = new Set(['name', 'rows', 'columns', 'rowSpacers', 'columnSpacers', 'seatLabel.skipLetters']);
  const elsewhere = Object.keys(errors).filter((field) => !shownAt.has(field) && !/^seatTypes\.\d+\.(label|price)$/.test(field));

  return (
    <Sheet open={open} onOpenChange={(next) => !next && onClose()} title={t('seats.creator.title')} size="full">
      <form className="form-panel scheme-creator" onSubmit={(event) => void save(event)} noValidate aria-label={t('seats.creator.title')}>
        <TextField label={t('seats.creator.name')} value={state.name} maxLength={100} onChange={(e) => patch({ name: e.target.value })} error={errorOf('name')} autoComplete="off" required />
        <div className="form-panel__pair">
          <TextField
            label={t('seats.creator.rows')}
            inputMode="numeric"
            pattern="[0-9]*"
            value={state.rows}
            onChange={(e) => patch({ rows: sanitizeSizeInput(e.target.value) })}
            error={errorOf('rows')}
            autoComplete="off"
          />
          <TextField
            label={t('seats.creator.columns')}
            inputMode="numeric"
            pattern="[0-9]*"
            value={state.columns}
            onChange={(e) => patch({ columns: sanitizeSizeInput(e.target.value) })}
            error={errorOf('columns')}
            autoComplete="off"
          />
        </div>
        <div className="form-panel__pair">
          <TextField
            label={t('seats.creator.rowSpacers')}
            hint={t('seats.creator.spacersHint')}
            inputMode="numeric"
            value={state.rowSpacers}
            onChange={(e) => patch({ rowSpacers: sanitizeSpacersInput(e.target.value) })}
            error={errorOf('rowSpacers')}
            autoComplete="off"
          />
          <TextField
            label={t('seats.creator.columnSpacers')}
            hint={t('seats.creator.spacersHint')}
            inputMode="numeric"
            value={state.columnSpacers}
            onChange={(e) => patch({ columnSpacers: sanitizeSpacersInput(e.target.value) })}
            error={errorOf('columnSpacers')}
            autoComplete="off"
          />
        </div>

        <fieldset className="scheme-creator__group">
          <legend className="field__label">{t('seats.creator.seatTypes')}</legend>
          <ol className="scheme-creator__types">
            {state.seatTypes.map((type, index) => (
              <li key={type.key} className="scheme-creator__type">
                <span className={`seat seat--available seat--legend seat--type-${index}`} aria-hidden="true" />
                <TextField
                  label={t('seats.creator.typeLabel', { number: index + 1 })}
                  maxLength={60}
                  value={type.label}
                  onChange={(e) => patch({ seatTypes: updateSeatType(state, index, { label: e.target.value }).seatTypes })}
                  error={errorOf(`seatTypes.${index}.label`)}
                  autoComplete="off"
                />
                <TextField
                  label={t('seats.creator.typePrice', { currency })}
                  hint={priceHint}
                  inputMode="decimal"
                  value={type.price}
                  onChange={(e) => patch({ seatTypes: updateSeatType(state, index, { price: e.target.value.replace(/[^\d.,]/g, '') }).seatTypes })}
                  error={errorOf(`seatTypes.${index}.price`)}
                  autoComplete="off"
                />
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('seats.creator.removeType', { name: type.label.trim() || index + 1 })}
                  disabled={state.seatTypes.length <= 1}
                  onClick={() => patch(removeSeatType(state, index))}
                >
                  <Icon name="trash" size={20} />
                </button>
              </li>
            ))}
          </ol>
          <button type="button" className="btn btn--secondary btn--block" disabled={state.seatTypes.length >= SEAT_TYPES_MAX} onClick={() => patch(addSeatType(state))}>
            <Icon name="plus" size={18} />
            {t('seats.creator.addType')}
          </button>
          <FormMessage message={errorOf('seatTypes')} />
        </fieldset>

        <fieldset className="scheme-creator__group">
          <legend className="field__label">{t('seats.creator.labels')}</legend>
          <div className="form-panel__pair">
            <SelectField label={t('seats.creator.rowNames')} value={state.label.rowNames} onChange={(v) => patchLabel({ rowNames: v as LabelDraft['rowNames'] })} options={[['letters', t('seats.creator.letters')], ['numbers', t('seats.creator.numbers')]]} />
            <SelectField label={t('seats.creator.rowOrder')} value={state.label.rowOrder} onChange={(v) => patchLabel({ rowOrder: v as LabelDraft['rowOrder'] })} options={[['from-front', t('seats.creator.fromFront')], ['from-back', t('seats.creator.fromBack')]]} />
          </div>
          <div className="form-panel__pair">
            <SelectField label={t('seats.creator.order')} value={state.label.order} onChange={(v) => patchLabel({ order: v as SeatOrder })} options={ORDERS.map((order) => [order, t(`seats.creator.orders.${order}`)])} />
            <SelectField
              label={t('seats.creator.numbersKind')}
              value={state.label.numbers}
              onChange={(v) => patchLabel({ numbers: v as LabelDraft['numbers'] })}
              options={[['all', t('seats.creator.numbersAll')], ['odd', t('seats.creator.numbersOdd')], ['even', t('seats.creator.numbersEven')]]}
              disabled={state.label.order.startsWith('centre')}
            />
          </div>
          <div className="form-panel__pair">
            <SelectField label={t('seats.creator.blocks')} value={state.label.blocks} onChange={(v) => patchLabel({ blocks: v as LabelDraft['blocks'] })} options={[['whole-row', t('seats.creator.wholeRow')], ['between-spacers', t('seats.creator.betweenSpacers')]]} />
            <SelectField
              label={t('seats.creator.separator')}
              value={state.label.separator}
              onChange={(v) => patchLabel({ separator: v as LabelDraft['separator'] })}
              options={[['', t('seats.creator.separatorNone')], ['-', t('seats.creator.separatorDash')], [' ', t('seats.creator.separatorSpace')]]}
            />
          </div>
          {state.label.rowNames === 'letters' ? (
            <TextField
              label={t('seats.creator.skipLetters')}
              hint={t('seats.creator.skipLettersHint')}
              value={state.label.skipLetters}
              onChange={(e) => patchLabel({ skipLetters: sanitizeSkipLetters(e.target.value) })}
              error={errorOf('seatLabel.skipLetters')}
              autoComplete="off"
            />
          ) : null}
          <FormSwitch label={t('seats.creator.countDisabled')} description={t('seats.creator.countDisabledHint')} checked={state.label.countDisabled} onCheckedChange={(checked) => patchLabel({ countDisabled: checked })} />
        </fieldset>

        <fieldset className="scheme-creator__group">
          <legend className="field__label">{t('seats.creator.preview')}</legend>
          <p className="field__hint">{t('seats.creator.paintHint')}</p>
          <div className="scheme-creator__tools" role="radiogroup" aria-label={t('seats.creator.tool')}>
            {state.seatTypes.map((type, index) => (
              <label key={type.key} className="scheme-creator__tool">
                <input type="radio" name={`${id}-tool`} checked={state.tool === index} onChange={() => patch({ tool: index })} />
                <span className={`seat seat--available seat--legend seat--type-${index}`} aria-hidden="true" />
                <bdi>{type.label.trim() || t('seats.creator.typeLabel', { number: index + 1 })}</bdi>
              </label>
            ))}
            <label className="scheme-creator__tool">
              <input type="radio" name={`${id}-tool`} checked={state.tool === 'disabled'} onChange={() => patch({ tool: 'disabled' })} />
              <span className="seat seat--out seat--legend" aria-hidden="true" />
              {t('seats.creator.disabled')}
            </label>
          </div>
          <SchemePreview data={preview} typeOf={typeOf} onPlace={(row, col) => patch(paintPlace(state, row, col))} onRow={(row) => patch(paintRow(state, row))} />
          <p className="field__hint" aria-live="polite">
            {t('seats.creator.count', { count: countSeats(state, preview) })}
          </p>
        </fieldset>

        <div role="alert" className="scheme-creator__problems">
          {elsewhere.map((field) => (
            <FormMessage key={field} message={errorOf(field)} />
          ))}
          <FormMessage message={general} />
        </div>

        <div className="sheet__actions">
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={create.isPending}>
            {create.isPending ? t('common.saving') : t('seats.creator.save')}
          </button>
        </div>
      </form>
    </Sheet>
  );
}

function countSeats(state: CreatorState, preview: { rows: number; columns: number }): number {
  let count = 0;
  for (let row = 0; row < preview.rows; row++) for (let col = 0; col < preview.columns; col++) if (placeType(state, row, col) >= 0) count++;
  return count;
}
