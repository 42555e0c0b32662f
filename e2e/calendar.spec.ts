import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, smallTargets, text, type Language } from './accessibility.ts';
import { createEventViaApi, E2E_ORIGIN, gotoReady, signInViaApi } from './fixtures.ts';

/**
 * Calendars (issue 19): the event page's 'Add to calendar' downloads the event as an RFC 5545
 * file, and the account screen's calendar feed gives a private address a calendar app reads
 * without a session. In English and in Hebrew (right to left), at phone size.
 */

/** RFC 5545 §3.1 unfolding: the logical content lines. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

/** The first VEVENT's properties, keyed by name with parameters ('DTSTART;TZID=Europe/Madrid'). */
function firstEvent(ics: string): Map<string, string> {
  const lines = unfold(ics);
  const body = lines.slice(lines.indexOf('BEGIN:VEVENT') + 1, lines.indexOf('END:VEVENT'));
  return new Map(body.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]));
}

const escapeText = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, '\\n');

const PLACES = {
  en: { name: 'Rooftop songs, with friends; bring a guitar \\ or drums', venue: 'Casa Gran', address: 'Carrer Gran 1, Barcelona', lat: 41.39, lng: 2.16, zone: 'Europe/Madrid', local: '20300601T220000' },
  he: { name: 'ערב שירה על הגג, עם חברים; הביאו גיטרה \\ או תופים', venue: 'גג המתנ״ס', address: 'רחוב הרצל 10, תל אביב', lat: 32.0853, lng: 34.7818, zone: 'Asia/Jerusalem', local: '20300601T230000' },
} as const;

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

for (const language of ['en', 'he'] as const satisfies readonly Language[]) {
  test.describe(language, () => {
    test.use({ locale: language === 'he' ? 'he-IL' : 'en-US' });
    const t = (key: string, values?: Record<string, string | number>) => text(language, key, values);
    const place = PLACES[language];

    test(`add to calendar downloads the event's .ics (${language})`, async ({ page }) => {
      await signInViaApi(page);
      const event = await createEventViaApi(page.context().request, {
        name: place.name,
        description: 'Bring a blanket.\nWe start at eight.',
        start_date: '2030-06-01 20:00:00',
        end_date: '2030-06-01 23:00:00',
        location_type: 'in_person',
        venue: place.venue,
        address: place.address,
        lat: place.lat,
        lng: place.lng,
      });
      await gotoReady(page, `/events/${event.hash}`);
      await page.getByRole('button', { name: t('cookies.accept') }).click();
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'he' ? 'rtl' : 'ltr');
      const block = page.getByRole('region', { name: t('calendar.block.title') });
      const add = block.getByRole('link', { name: t('calendar.block.add') });
      await add.scrollIntoViewIfNeeded();
      await expect(add).toBeVisible();
      await screenshot(page, `calendar-block-${language}`);
      await expectAccessible(page, `the event page's calendar block (${language})`);
      expect(await smallTargets(page)).toEqual([]);

      const [download] = await Promise.all([page.waitForEvent('download'), add.click()]);
      expect(download.suggestedFilename()).toMatch(/\.ics$/);
      const ics = await readFile((await download.path())!, 'utf8');
      expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      const vevent = firstEvent(ics);
      expect(vevent.get('UID')).toBe(`event-${event.id}@localhost`);
      expect(vevent.get('SUMMARY')).toBe(escapeText(place.name));
      // 20:00 UTC in June, in the place's own zone, with that zone's VTIMEZONE.
      expect(vevent.get(`DTSTART;TZID=${place.zone}`)).toBe(place.local);
      expect(unfold(ics)).toContain(`TZID:${place.zone}`);
      expect(vevent.get('LOCATION')).toBe(escapeText(`${place.venue}, ${place.address}`));
      expect(vevent.get('URL')).toBe(`${E2E_ORIGIN}/events/${event.hash}`);
    });

    test(`the account screen's calendar feed: make, copy, subscribe and reset (${language})`, async ({ page, playwright }) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_ORIGIN });
      await signInViaApi(page);
      const request = page.context().request;
      const event = await createEventViaApi(request, { name: `Feed picnic ${language}`, start_date: '2030-07-01 10:00:00', location_type: 'virtual', url: 'https://meet.example.com/feed' });
      const joined = await request.post(`/api/events/${event.id}/join`, { headers: { origin: E2E_ORIGIN }, data: { maybe: true, companions: [], note: '' } });
      expect(joined.ok(), await joined.text()).toBeTruthy();

      await gotoReady(page, '/my-user');
      await page.getByRole('button', { name: t('cookies.accept') }).click();
      const menu = page.getByRole('button', { name: t('calendar.feed.menu') });
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await page.getByRole('button', { name: t('calendar.feed.create') }).click();
      const field = page.getByRole('textbox', { name: t('calendar.feed.linkLabel') });
      await expect(field).toHaveValue(new RegExp(`^${E2E_ORIGIN}/api/calendar/feed/[A-Za-z0-9_-]{43}\\.ics$`));
      const url = await field.inputValue();
      await expect(page.getByRole('link', { name: t('calendar.feed.subscribe') })).toHaveAttribute('href', url.replace(/^http:/, 'webcal:'));
      await page.getByRole('button', { name: t('calendar.feed.reset') }).scrollIntoViewIfNeeded();
      await screenshot(page, `calendar-feed-${language}`);
      await expectAccessible(page, `the calendar feed (${language})`);
      expect(await smallTargets(page)).toEqual([]);

      await page.getByRole('button', { name: t('calendar.feed.copy') }).click();
      await expect(page.getByRole('status').getByText(t('calendar.feed.copied'), { exact: true })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

      // A calendar app: no cookie, only the address.
      const calendarApp = await playwright.request.newContext();
      const feed = await calendarApp.get(url);
      expect(feed.status()).toBe(200);
      expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
      expect(unfold(await feed.text())).toContain(`UID:event-${event.id}@localhost`);

      await page.getByRole('button', { name: t('calendar.feed.reset') }).click();
      const confirm = page.getByRole('alertdialog', { name: t('calendar.feed.resetTitle') });
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: t('calendar.feed.reset') }).click();
      await expect(confirm).toHaveCount(0);
      await expect(field).not.toHaveValue(url);
      const fresh = await field.inputValue();
      expect((await calendarApp.get(url)).status()).toBe(404);
      expect((await calendarApp.get(fresh)).status()).toBe(200);
      await calendarApp.dispose();

      // Back on the screen later: the address is not shown again, only that it exists and was read.
      await gotoReady(page, '/my-user');
      await page.getByRole('button', { name: t('calendar.feed.menu') }).click();
      await expect(page.getByRole('button', { name: t('calendar.feed.reset') })).toBeVisible();
      await expect(page.getByRole('textbox', { name: t('calendar.feed.linkLabel') })).toHaveCount(0);
      await expect(page.getByText(url)).toHaveCount(0);
    });
  });
}
