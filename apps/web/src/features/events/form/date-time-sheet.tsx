import { Tabs } from 'radix-ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultEventStart } from '@planns/shared/events/events.rules';
import { DateFields } from '../../../components/date-fields.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { Sheet } from '../../../components/sheet.tsx';
import { fromParts, toParts, type DateParts } from '../../../lib/date-fields.ts';
import { moveStart } from './event-form-state.ts';

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
 * Start and end tabs, each a date and time in the app's language and order (components/date-fields),
 * in local time (sent in UTC). A new start past the end moves the end along; an end picked from
 * nothing starts at the start.
 */
export function DateTimeSheet({ open, onClose, dates, onChange, startError, endError }: DateTimeSheetProps) {
  const { t } = useTranslation();
  const id = useId();
  const [tab, setTab] = useState<'start' | 'end'>('start');

  function onStartChange(parts: DateParts | null) {
    if (parts) onChange(moveStart(dates, fromParts(parts)));
  }

  function onEndChange(parts: DateParts | null) {
    onChange({ ...dates, end: parts ? fromParts(parts) : null });
  }

  const thisYear = new Date().getFullYear();
  const years = [thisYear, thisYear + 5] as const;

  const endTooEarly = dates.start && dates.end && dates.end.getTime() < dates.start.getTime();

  return (
    <Sheet open={open} onOpenChange={(next) => !next && onClose()} title={t('eventForm.dates.title')}>
      <Tabs.Root className="tabs" value={tab} onValueChange={(value) => setTab(value === 'end' ? 'end' : 'start')}>
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
            <DateFields
              legend={t('eventForm.dates.start')}
              value={dates.start ? toParts(dates.start) : null}
              onChange={onStartChange}
              withTime
              fallback={() => toParts(defaultEventStart(new Date()))}
              years={years}
              invalid={Boolean(startError)}
              describedBy={startError ? `${id}-start-error` : undefined}
            />
            <FormMessage id={`${id}-start-error`} message={startError} />
          </div>
        </Tabs.Content>
        <Tabs.Content className="tabs__panel" value="end">
          <div className="field">
            <DateFields
              legend={t('eventForm.dates.end')}
              value={dates.end ? toParts(dates.end) : null}
              onChange={onEndChange}
              withTime
              fallback={() => toParts(dates.start ?? defaultEventStart(new Date()))}
              years={years}
              optional
              invalid={Boolean(endError || endTooEarly)}
              describedBy={`${id}-end-hint`}
            />
            <p id={`${id}-end-hint`} className="field__hint">
              {t('eventForm.dates.endHint')}
            </p>
            <FormMessage message={endError ?? (endTooEarly ? t('eventForm.errors.endBeforeStart') : null)} />
          </div>
          {dates.end ? (
            <button type="button" className="link-button" onClick={() => onEndChange(null)}>
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
