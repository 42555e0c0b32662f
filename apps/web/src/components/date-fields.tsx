import { useId, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dateFieldOrder,
  daysInMonth,
  hourLabel,
  minuteChoices,
  monthNames,
  twoDigits,
  withField,
  yearChoices,
  type DateParts,
} from '../lib/date-fields.ts';
import './date-fields.css';

type DateFieldsProps = {
  /** The visible label of the whole date (the fieldset's legend). */
  legend: string;
  value: DateParts | null;
  onChange: (value: DateParts | null) => void;
  /** Hour and minute too. */
  withTime?: boolean;
  /** Where an empty date starts when a person picks one of its fields. */
  fallback: () => DateParts;
  /** The first and last year offered (a chosen year outside stays offered). */
  years: readonly [number, number];
  /** Without a value allowed (each field then offers the empty choice, which empties the date). */
  optional?: boolean;
  invalid?: boolean;
  describedBy?: string;
};

/**
 * A date (and time) as fields in the app's language and its order (lib/date-fields.ts): '23 ·
 * November · 2030' in Hebrew or Spanish, 'November · 23 · 2030' in English, '2030 · November · 23'
 * in Japanese; hours as the language says them ('3 PM', '15'). Native selects: on a phone each opens
 * the system's wheel. The time reads left to right in every language, as clocks do.
 */
export function DateFields({ legend, value, onChange, withTime = false, fallback, years, optional = false, invalid = false, describedBy }: DateFieldsProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const language = i18n.language;
  const number = new Intl.NumberFormat(language, { useGrouping: false });

  function change(field: keyof DateParts, raw: string) {
    if (raw === '') {
      onChange(null);
      return;
    }
    onChange(withField(value ?? fallback(), field, Number(raw)));
  }

  const common = (field: keyof DateParts) => ({
    id: `${id}-${field}`,
    className: `input date-fields__${field}`,
    value: value ? String(value[field]) : '',
    onChange: (event: ChangeEvent<HTMLSelectElement>) => change(field, event.target.value),
    'aria-label': t(`dateFields.${field}`),
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': describedBy,
  });
  // The empty choice (an optional date, or none picked yet) reads as the field's name: 'Day', 'Month'.
  const empty = (field: keyof DateParts) => (optional || !value ? <option value="">{t(`dateFields.${field}`)}</option> : null);

  const selects: Record<'day' | 'month' | 'year', ReactNode> = {
    day: (
      <select key="day" {...common('day')}>
        {empty('day')}
        {Array.from({ length: value ? daysInMonth(value.year, value.month) : 31 }, (_, index) => (
          <option key={index} value={index + 1}>
            {number.format(index + 1)}
          </option>
        ))}
      </select>
    ),
    month: (
      <select key="month" {...common('month')}>
        {empty('month')}
        {monthNames(language).map((name, index) => (
          <option key={name} value={index + 1}>
            {name}
          </option>
        ))}
      </select>
    ),
    year: (
      <select key="year" {...common('year')}>
        {empty('year')}
        {yearChoices(years[0], years[1], value?.year ?? null).map((year) => (
          <option key={year} value={year}>
            {number.format(year)}
          </option>
        ))}
      </select>
    ),
  };

  return (
    <fieldset className="date-fields">
      <legend className="field__label">{legend}</legend>
      <div className="date-fields__row">{dateFieldOrder(language).map((field) => selects[field])}</div>
      {withTime ? (
        <div className="date-fields__row date-fields__time">
          <select {...common('hour')}>
            {empty('hour')}
            {Array.from({ length: 24 }, (_, hour) => (
              <option key={hour} value={hour}>
                {hourLabel(hour, language)}
              </option>
            ))}
          </select>
          <span aria-hidden="true">:</span>
          <select {...common('minute')}>
            {empty('minute')}
            {minuteChoices(value?.minute ?? null).map((minute) => (
              <option key={minute} value={minute}>
                {twoDigits(minute, language)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </fieldset>
  );
}
