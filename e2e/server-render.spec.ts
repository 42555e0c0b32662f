import { expect, test, type Page } from '@playwright/test';
import { signInViaApi } from './fixtures.ts';

/**
 * /events and event pages come from the server rendered (decision 0035): the HTML holds the first
 * screen and its data, the browser hydrates it without asking for the data again and without
 * rendering it a second time, and the screen answers taps once hydrated.
 */

/** Console warnings and errors of a page (a hydration mismatch is reported there), and its API calls. */
function watch(page: Page): { problems: string[]; apiCalls: string[] } {
  const problems: string[] = [];
  const apiCalls: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(`${url.pathname}${url.search}`);
  });
  return { problems, apiCalls };
}

/** The first card's name in the visitors' list, as the API gives it. */
async function firstPublicEvent(page: Page): Promise<{ name: string; hash: string }> {
  const reply = await page.request.get('/api/events-na');
  const body = (await reply.json()) as { data: { data: Array<{ name: string; hash: string; visibility: string }> } };
  const event = body.data.data.find((candidate) => candidate.visibility === 'public');
  if (!event) throw new Error('the demo data has no public event');
  return event;
}

test('a visitor gets /events rendered: the cards are in the HTML, hydration asks for nothing again and the cards answer taps', async ({ page }) => {
  const first = await firstPublicEvent(page);
  const html = await (await page.request.get('/events')).text();
  expect(html).toContain('<script id="planns-state" type="application/json">');
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script id="planns-state"'));
  expect(root).toContain('class="event-card"');
  expect(root).toContain(first.name.replaceAll('&', '&amp;'));
  // The screen's styles are linked, so the HTML paints styled before any script runs.
  expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/events-[\w-]+\.css" \/>/);
  // No script but the first (small) one is fetched before the page has painted with its pictures:
  // the app's chunks are named apart, a few files in all, and loaded after (decision 0047).
  expect(html).not.toContain('rel="modulepreload"');
  const chunks = JSON.parse(/<script id="planns-chunks" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '[]') as string[];
  expect(chunks.some((file) => /^\/assets\/app-[\w-]+\.js$/.test(file))).toBe(true);
  expect(chunks.some((file) => /^\/assets\/events-(route|screen)-[\w-]+\.js$/.test(file))).toBe(true);
  expect(chunks.length).toBeLessThanOrEqual(6);

  const { problems, apiCalls } = watch(page);
  await page.goto('/events');
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards.first()).toContainText(first.name);
  // The rest of the page's cards are added after hydration, a few at a time.
  await expect.poll(async () => cards.count()).toBeGreaterThan(6);
  expect(apiCalls.filter((call) => call.startsWith('/api/events'))).toEqual([]);
  expect(apiCalls.filter((call) => call === '/api/user')).toEqual([]);
  // The shell's configuration comes with the page too: an answer arriving while React hydrates
  // would hydrate the rest of the page in one long task.
  expect(apiCalls.filter((call) => call === '/api/config')).toEqual([]);
  expect(problems.filter((text) => /hydrat|rendered again|Minified React error/i.test(text))).toEqual([]);

  // Hydrated: a visitor's like asks them to sign in.
  await cards.first().getByRole('button', { name: /Like/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('the page renders in the visitor’s language and direction, and shows times in the browser’s zone once hydrated', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'he-IL', timezoneId: 'Asia/Tokyo', extraHTTPHeaders: { 'accept-language': 'he-IL,he;q=0.9' } });
  const page = await context.newPage();
  const { problems } = watch(page);
  const first = await firstPublicEvent(page);
  const reply = await page.goto(`/events/${first.hash}`);
  const html = (await reply?.text()) ?? '';
  // Rendered on the server in Hebrew, right to left, in UTC (the browser has not told its zone yet).
  expect(html).toContain('<html lang="he" dir="rtl">');
  expect(html).toContain('"timeZone":"UTC"');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();

  // Once hydrated the date is the browser's own (Tokyo), written by the browser's Intl.
  const event = (await (await page.request.get(`/api/events-no-auth/${first.hash}?full=true`)).json()) as { data: { start_date: string } };
  const tokyoHour = await page.evaluate(
    (start) => new Intl.DateTimeFormat('he', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Tokyo' }).format(new Date(start)),
    event.data.start_date,
  );
  await expect(page.locator('.event-facts__text').first()).toContainText(tokyoHour);
  expect(problems.filter((text) => /hydrat|rendered again|Minified React error/i.test(text))).toEqual([]);

  // The zone is remembered for the next page: the server renders it in Tokyo time.
  const again = await (await page.request.get(`/events/${first.hash}`)).text();
  expect(again).toContain('"timeZone":"Asia/Tokyo"');
  await context.close();
});

test('a signed-in person gets their own list and event page rendered, hydrated without a second render', async ({ page }) => {
  await signInViaApi(page, undefined, 'Rena Rendered');
  const { problems, apiCalls } = watch(page);
  const first = await firstPublicEvent(page);

  const html = await (await page.request.get('/events')).text();
  expect(html).toContain('"key":["users","current"],"data":{"id":');
  expect(html).toContain('"key":["events","list","user",');

  await page.goto('/events');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await page.goto(`/events/${first.hash}`);
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  // The RSVP block answers once hydrated.
  await expect(page.getByRole('button', { name: /Maybe/ })).toBeEnabled();

  expect(apiCalls.filter((call) => call.startsWith('/api/events?') || call.startsWith(`/api/events/${first.hash}`))).toEqual([]);
  expect(apiCalls.filter((call) => call === '/api/user')).toEqual([]);
  // The shell's configuration comes with the page too: an answer arriving while React hydrates
  // would hydrate the rest of the page in one long task.
  expect(apiCalls.filter((call) => call === '/api/config')).toEqual([]);
  expect(problems.filter((text) => /hydrat|rendered again|Minified React error/i.test(text))).toEqual([]);
});

test('an event the visitor may not see is not rendered: the page answers as before', async ({ page }) => {
  const reply = await page.request.get('/events/no-such-event-here');
  expect(reply.status()).toBe(200);
  const html = await reply.text();
  expect(html).not.toContain('planns-state');
  expect(html).toContain('<div id="root"></div>');
  await page.goto('/events/no-such-event-here');
  await expect(page.getByText('Event not found')).toBeVisible();
});
