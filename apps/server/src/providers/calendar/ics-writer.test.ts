import { describe, expect, it } from 'vitest';
import type { CalendarEntry } from './calendar-provider.ts';
import { escapeText, foldLine, formatUtc, writeCalendar } from './ics-writer.ts';
import { offsetMinutes, transitions, vtimezoneLines } from './vtimezone.ts';

const octets = (s: string) => Buffer.byteLength(s, 'utf8');
/** RFC 5545 §3.1 unfolding: a CRLF followed by one space or tab is removed. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

const entry = (over: Partial<CalendarEntry> = {}): CalendarEntry => ({
  uid: 'event-7@planns.test',
  sequence: 3,
  start: new Date('2026-07-01T17:00:00Z'),
  end: new Date('2026-07-01T20:00:00Z'),
  timeZone: 'Europe/Madrid',
  summary: 'Summer party',
  description: 'Bring a friend',
  location: 'Hall, Carrer 1',
  geo: { lat: 41.3874, lng: 2.1686 },
  url: 'https://planns.test/events/Abcdefghij',
  status: 'CONFIRMED',
  lastModified: new Date('2026-06-01T10:00:00Z'),
  ...over,
});

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and line breaks, and drops other control characters', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(escapeText('tab\tkept, bell\u0007 and NUL\u0000 gone')).toBe('tab\tkept\\, bell and NUL gone');
    expect(escapeText('colon: "quotes" stay')).toBe('colon: "quotes" stay');
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets alone and folds a longer one', () => {
    const exact = `SUMMARY:${'x'.repeat(67)}`;
    expect(octets(exact)).toBe(75);
    expect(foldLine(exact)).toBe(exact);
    const folded = foldLine(`${exact}y`);
    expect(folded).toBe(`${exact}\r\n y`);
  });

  it.each([
    ['Hebrew', 'SUMMARY:' + 'ערב שירה עם חברים בתל אביב, '.repeat(8)],
    ['Japanese', 'SUMMARY:' + '東京で友達とお花見をしましょう。'.repeat(10)],
    ['emoji', 'DESCRIPTION:' + '🎉 party 👩‍👩‍👧 '.repeat(12)],
  ])('folds %s text at 75 octets without splitting a character', (_label, line) => {
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(2);
    physical.forEach((part, i) => {
      expect(octets(part)).toBeLessThanOrEqual(75);
      if (i > 0) expect(part.startsWith(' ')).toBe(true);
      // Each physical line is valid UTF-8 on its own: no character was cut in its bytes.
      expect(Buffer.from(Buffer.from(part, 'utf8').toString('utf8'), 'utf8').equals(Buffer.from(part, 'utf8'))).toBe(true);
      expect(part).not.toMatch(/[\ud800-\udbff]$/);
      expect(part).not.toMatch(/^ ?[\udc00-\udfff]/);
    });
    // A line is filled up to the limit: the next character would not have fitted.
    const [first, second] = physical;
    expect(octets(first!) + octets([...second!.slice(1)][0]!)).toBeGreaterThan(75);
    expect(unfold(folded)).toBe(line);
  });
});

describe('writeCalendar', () => {
  const stamp = new Date('2026-06-15T08:30:00Z');

  it('writes a VCALENDAR with CRLF line ends, the VEVENT and its zone', () => {
    const ics = writeCalendar([entry()], { stamp });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfold(ics).split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('METHOD:PUBLISH');
    expect(lines.filter((l) => l.startsWith('PRODID:'))).toHaveLength(1);
    expect(lines).toContain('UID:event-7@planns.test');
    expect(lines).toContain('DTSTAMP:20260615T083000Z');
    expect(lines).toContain('SEQUENCE:3');
    // 17:00 UTC is 19:00 in Madrid in July (CEST, +02:00).
    expect(lines).toContain('DTSTART;TZID=Europe/Madrid:20260701T190000');
    expect(lines).toContain('DTEND;TZID=Europe/Madrid:20260701T220000');
    expect(lines).toContain('SUMMARY:Summer party');
    expect(lines).toContain('LOCATION:Hall\\, Carrer 1');
    expect(lines).toContain('GEO:41.3874;2.1686');
    expect(lines).toContain('DESCRIPTION:Bring a friend');
    expect(lines).toContain('URL:https://planns.test/events/Abcdefghij');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(lines).toContain('LAST-MODIFIED:20260601T100000Z');
    expect(lines.indexOf('BEGIN:VTIMEZONE')).toBeLessThan(lines.indexOf('BEGIN:VEVENT'));
    expect(lines).toContain('TZID:Europe/Madrid');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
    expect(lines.at(-1)).toBe('');
  });

  it('writes UTC times and no VTIMEZONE for an entry without a zone, and no DTEND without an end', () => {
    const ics = unfold(writeCalendar([entry({ timeZone: null, end: null, location: null, geo: null, status: 'CANCELLED' })], { stamp }));
    expect(ics).toContain('DTSTART:20260701T170000Z\r\n');
    expect(ics).not.toContain('DTEND');
    expect(ics).not.toContain('VTIMEZONE');
    expect(ics).not.toContain('LOCATION');
    expect(ics).not.toContain('GEO');
    expect(ics).toContain('STATUS:CANCELLED');
  });

  it('writes a time of the hour clocks go back in UTC, which no reader can take for the other one', () => {
    const at = (start: string) => unfold(writeCalendar([entry({ timeZone: 'America/New_York', start: new Date(start), end: null })], { stamp }));
    // 01:30 happens twice in New York on 1 November 2026: at 05:30 and at 06:30 UTC.
    expect(at('2026-11-01T05:30:00Z')).toContain('DTSTART:20261101T053000Z\r\n');
    expect(at('2026-11-01T06:30:00Z')).toContain('DTSTART:20261101T063000Z\r\n');
    expect(at('2026-11-01T04:30:00Z')).toContain('DTSTART;TZID=America/New_York:20261101T003000\r\n');
    expect(at('2026-11-01T07:30:00Z')).toContain('DTSTART;TZID=America/New_York:20261101T023000\r\n');
    // The hour skipped in spring is never written: an instant has one local time there.
    expect(at('2026-03-08T07:30:00Z')).toContain('DTSTART;TZID=America/New_York:20260308T033000\r\n');
  });

  it('names a feed and how often to fetch it, and writes each zone once', () => {
    const ics = unfold(
      writeCalendar([entry(), entry({ uid: 'event-8@planns.test', start: new Date('2027-01-10T18:00:00Z'), end: null }), entry({ uid: 'event-9@planns.test', timeZone: 'Asia/Tokyo' })], {
        stamp,
        feed: { name: 'planns; mine', refreshMinutes: 15 },
      }),
    );
    expect(ics).toContain('X-WR-CALNAME:planns\\; mine\r\n');
    expect(ics).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT15M\r\n');
    expect(ics.match(/BEGIN:VTIMEZONE/g)).toHaveLength(2);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    // Madrid's component covers 2026 and 2027 (the second event): four changes of offset.
    const madrid = ics.slice(ics.indexOf('TZID:Europe/Madrid'), ics.indexOf('END:VTIMEZONE', ics.indexOf('TZID:Europe/Madrid')));
    expect(madrid.match(/BEGIN:DAYLIGHT/g)).toHaveLength(2);
    expect(madrid).toContain('DTSTART:20270328T020000');
    expect(ics).toContain('DTSTART;TZID=Europe/Madrid:20270110T190000');
  });

  it('folds every line of a Hebrew event and escapes its text', () => {
    const name = 'מסיבת קיץ, על הגג; עם מוזיקה \\ ריקודים — '.repeat(3);
    const ics = writeCalendar([entry({ summary: name, timeZone: 'Asia/Jerusalem' })], { stamp });
    for (const line of ics.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    const summary = unfold(ics).split('\r\n').find((l) => l.startsWith('SUMMARY:'))!;
    expect(summary).toBe(`SUMMARY:${escapeText(name)}`);
    expect(summary).toContain('קיץ\\, על הגג\\; עם מוזיקה \\\\ ריקודים');
    expect(unfold(ics)).toContain('DTSTART;TZID=Asia/Jerusalem:20260701T200000');
  });
});

describe('VTIMEZONE', () => {
  it('reads offsets from the runtime, fractional ones included', () => {
    expect(offsetMinutes('Asia/Kolkata', Date.UTC(2026, 5, 1))).toBe(330);
    expect(offsetMinutes('America/New_York', Date.UTC(2026, 0, 15))).toBe(-300);
    expect(offsetMinutes('America/New_York', Date.UTC(2026, 6, 15))).toBe(-240);
    expect(offsetMinutes('UTC', Date.UTC(2026, 6, 15))).toBe(0);
  });

  it('finds the changes of offset to the minute', () => {
    const found = transitions('America/New_York', Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1));
    expect(found.map((t) => [new Date(t.at).toISOString(), t.from, t.to])).toEqual([
      ['2026-03-08T07:00:00.000Z', -300, -240],
      ['2026-11-01T06:00:00.000Z', -240, -300],
    ]);
    expect(transitions('Asia/Tokyo', Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1))).toEqual([]);
  });

  it('writes onsets in the local time before them, and daylight time in the southern summer', () => {
    const ny = vtimezoneLines('America/New_York', new Date('2026-05-01T00:00:00Z'), new Date('2026-05-02T00:00:00Z'));
    expect(ny.join('\n')).toContain(['BEGIN:DAYLIGHT', 'DTSTART:20260308T020000', 'TZOFFSETFROM:-0500', 'TZOFFSETTO:-0400', 'END:DAYLIGHT'].join('\n'));
    expect(ny.join('\n')).toContain(['BEGIN:STANDARD', 'DTSTART:20261101T020000', 'TZOFFSETFROM:-0400', 'TZOFFSETTO:-0500', 'END:STANDARD'].join('\n'));
    const sydney = vtimezoneLines('Australia/Sydney', new Date('2026-02-01T00:00:00Z'), new Date('2026-02-01T00:00:00Z'));
    // 1 January in Sydney is summer time (+11:00): the first observance is DAYLIGHT.
    expect(sydney.slice(2, 7)).toEqual(['BEGIN:DAYLIGHT', 'DTSTART:20260101T110000', 'TZOFFSETFROM:+1100', 'TZOFFSETTO:+1100', 'END:DAYLIGHT']);
    const tokyo = vtimezoneLines('Asia/Tokyo', new Date('2026-02-01T00:00:00Z'), new Date('2026-02-01T00:00:00Z'));
    expect(tokyo).toEqual(['BEGIN:VTIMEZONE', 'TZID:Asia/Tokyo', 'BEGIN:STANDARD', 'DTSTART:20260101T090000', 'TZOFFSETFROM:+0900', 'TZOFFSETTO:+0900', 'END:STANDARD', 'END:VTIMEZONE']);
  });

  it('formats UTC date-times', () => {
    expect(formatUtc(new Date('2026-12-31T23:59:59.999Z'))).toBe('20261231T235959Z');
  });
});
