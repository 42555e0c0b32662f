import { Tabs } from 'radix-ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/form-message.tsx';
import { Sheet } from '../../../components/sheet.tsx';
import { fromLocalInputValue, moveStart, toLocalInputValue } from './event-form-state.ts';

type Dates = { start: Date | null; end: Date | null };

type DateTimeSheetProps = {
  open: boolean;
  onClose: () => void;
  dates: Dates;
  onChange: (dates: Dates) => void;
  startError: string | null;
  endError: string | null;
};

/**
 * Start and end tabs with the device's date-time picker, in local time (sent in UTC). A new start
 * past the end moves the end along; the end picker starts at the start.
 */
export function DateTimeSheet({ open, onClose, dates, onChange, startError, endError }: DateTimeSheetProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [tab, setTab] = useState<'start' | 'end'>('start');

  function onStartChange(value: string) {
    const start = fromLocalInputValue(value);
    if (start) onChange(moveStart(dates, start));
  }

  function onEndChange(value: string) {
    if (value === '') onChange({ ...dates, end: null });
    else {
      const end = fromLocalInputValue(value);
      if (end) onChange({ ...dates, end });
    }
  }

  const endTooEarly = dates.start && dates.end && dates.end.getTime() < dates.start.getTime();

  return (
    <Sheet open={open} onOpenChange={(next) => !next && onClose()} title={t('eventForm.dates.title')}>
      <Tabs.Root className="tabs" dir={i18n.dir()} value={tab} onValueChange={(value) => setTab(value === 'end' ? 'end' : 'start')}>
        <Tabs.List className="tabs__list" aria-label={t('eventForm.dates.title')}>
          <Tabs.Trigger className="tabs__trigger" value="start">
            {t('eventForm.dates.start')}
          </Tabs.Trigger>
          <Tabs.Trigger className="tabs__trigger" value="end">
            {t('eventForm.dates.end')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content className="tabs__panel" value="start">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-start`}>
              {t('eventForm.dates.start')}
            </label>
            <input
              id={`${id}-start`}
              className="input"
              type="datetime-local"
              required
              value={toLocalInputValue(dates.start)}
              onChange={(event) => onStartChange(event.target.value)}
              aria-invalid={startError ? true : undefined}
            />
            <FormMessage message={startError} />
          </div>
        </Tabs.Content>
        <Tabs.Content className="tabs__panel" value="end">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-end`}>
              {t('eventForm.dates.end')}
            </label>
            <input
              id={`${id}-end`}
              className="input"
              type="datetime-local"
              min={toLocalInputValue(dates.start) || undefined}
              value={toLocalInputValue(dates.end)}
              onChange={(event) => onEndChange(event.target.value)}
              aria-invalid={endError || endTooEarly ? true : undefined}
            />
            <p className="field__hint">{t('eventForm.dates.endHint')}</p>
            <FormMessage message={endError ?? (endTooEarly ? t('eventForm.errors.endBeforeStart') : null)} />
          </div>
          {dates.end ? (
            <button type="button" className="link-button" onClick={() => onEndChange('')}>
              {t('eventForm.dates.noEnd')}
            </button>
          ) : null}
        </Tabs.Content>
      </Tabs.Root>
      <div className="sheet__actions">
        <button type="button" className="btn btn--primary" onClick={onClose}>
          {t('eventForm.done')}
        </button>
      </div>
    </Sheet>
  );
}
