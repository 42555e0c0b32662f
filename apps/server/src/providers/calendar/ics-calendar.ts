import type { CalendarEntry, CalendarOptions, CalendarProvider } from './calendar-provider.ts';
import { writeCalendar } from './ics-writer.ts';

/** The offline default: RFC 5545 files written by planns, nothing to connect and no network. */
export class IcsCalendarProvider implements CalendarProvider {
  readonly name = 'ics' as const;

  calendarFile(entries: readonly CalendarEntry[], options: CalendarOptions): string {
    return writeCalendar(entries, options);
  }
}
