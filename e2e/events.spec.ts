import sharp from 'sharp';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { FIRST_SCREEN_CARDS } from '@planns/shared/events/events.rules';
import { createEventViaApi, E2E_ORIGIN, expectNoHorizontalOverflow, gotoReady, newPhone, signInViaApi, signInWithRequest } from './fixtures.ts';

/** Near Plaça de Catalunya: the device position the filters panel asks for. */
const BARCELONA = { latitude: 41.3874, longitude: 2.1686 };

type EventReply = { data: { id: number; hash: string; name: string; user_id: number; is_owner: boolean } };

/** A real PNG for the picture step (wide, like an event cover). */
async function coverPng(): Promise<Buffer> {
  return sharp({ create: { width: 960, height: 480, channels: 3, background: { r: 240, g: 120, b: 40 } } })
    .png()
    .toBuffer();
}

/** The hash in /events/{hash}, once the page is there. */
async function eventHashFromUrl(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/events\/[^/?#]+$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

type ListedEvent = { id: number; name: string };

/**
 * The next signed-in events list the app loads whose query passes `matches`, and its events: so a
 * step checks the list that its own filter produced, never the one already on screen.
 */
function nextList(page: Page, matches: (query: URLSearchParams) => boolean): () => Promise<ListedEvent[]> {
  const response = page.waitForResponse((res) => {
    const url = new URL(res.url());
    return url.pathname === '/api/events' && res.request().method() === 'GET' && matches(url.searchParams);
  });
  return async () => {
    const res = await response;
    expect(res.ok()).toBeTruthy();
    const body = (await res.json()) as { data: { data: ListedEvent[]; total: number } };
    return body.data.data;
  };
}

/** Opens the owner menu of the event page and picks an item. */
async function chooseFromEventMenu(page: Page, item: 'Edit event' | 'Clone event' | 'Delete event'): Promise<void> {
  await page.getByRole('button', { name: 'Event options' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('an organiser creates an event with a picture and an address, finds it by search and distance, edits, clones it to someone else and deletes it', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const name = `E2E Rooftop Jazz ${stamp}`;
  const newName = `E2E Rooftop Jazz Night ${stamp}`;

  // 1. Person B, signed in on a cookie jar of their own, with a name the owner picker can find.
  const bRequest = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: E2E_ORIGIN } });
  const bName = `Bruna Clonewood ${stamp}`;
  const b = await signInWithRequest(bRequest, newPhone(), bName);

  // 2. A signs in (through the API) and creates the event through the form.
  const a = await signInViaApi(page, newPhone(), 'Ariadna Host');
  expect(a.userId).not.toBe(b.userId);
  await page.goto('/new-event');
  // The cookies banner sits over the bottom of every screen until accepted, as a person would.
  await page.getByRole('button', { name: 'Got it' }).click();
  const form = page.getByRole('form', { name: 'Create event' });
  await expect(form).toBeVisible();

  // Sent empty: the problems are listed in view, and the focus goes to the first invalid field;
  // once the name is there, to the row of the next (the location panel), scrolled into view.
  await form.getByRole('button', { name: 'Create event' }).click();
  await expect(form.getByLabel('Event name')).toBeFocused();
  await expect(form.getByText('Name is required').first()).toBeInViewport();
  await expect(form.getByRole('alert').filter({ hasText: 'Please fill in required fields' })).toContainText('Event name');
  await form.getByLabel('Event name').fill('x');
  await form.getByRole('button', { name: 'Create event' }).click();
  await expect(form.getByRole('button', { name: /^Location/ })).toBeFocused();
  await expect(form.getByRole('button', { name: /^Location/ })).toBeInViewport();

  await form.locator('input[type=file]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await coverPng() });
  await expect(form.getByRole('button', { name: 'Change picture' })).toBeVisible();
  await expect(form.locator('img.image-picker__preview')).toBeVisible();

  await form.getByLabel('Event name').fill(name);

  // The date panel: fields in the language's order (English: month, day, year, then the time),
  // the default start kept.
  await form.getByRole('button', { name: /^Date and time/ }).click();
  const dates = page.getByRole('dialog', { name: 'Date and time' });
  const start = dates.getByRole('group', { name: 'Start' });
  expect(await start.getByRole('combobox').evaluateAll((fields) => fields.map((field) => field.getAttribute('aria-label')))).toEqual(['Month', 'Day', 'Year', 'Hour', 'Minute']);
  await expect(start.getByRole('combobox', { name: 'Year' })).toHaveValue(/^\d{4}$/);
  await expect(start.getByRole('combobox', { name: 'Minute' })).toHaveValue('0');
  await dates.getByRole('button', { name: 'Done' }).click();
  await expect(dates).toHaveCount(0);

  // The location panel: the address from the (offline) geocoding search, and a venue.
  await form.getByRole('button', { name: /^Location/ }).click();
  const where = page.getByRole('dialog', { name: 'Location' });
  await where.getByRole('combobox', { name: 'Address' }).fill('Barcelona');
  await where.getByRole('option', { name: 'Barcelona, Spain' }).click();
  await expect(where.getByRole('combobox', { name: 'Address' })).toHaveValue('Barcelona, Spain');
  await expect(where.getByText('Place found on the map.')).toBeVisible();
  await where.getByLabel('Venue').fill('Sky Bar Terrace');
  await where.getByRole('button', { name: 'Done' }).click();
  await expect(where).toHaveCount(0);
  await expect(form.getByRole('button', { name: /^Location/ })).toContainText('Barcelona, Spain');

  await form.getByLabel('Description').fill('Live jazz on the roof at sunset.');
  await expectNoHorizontalOverflow(page);
  await form.getByRole('button', { name: 'Create event' }).click();

  // The new event's page: name, picture from the media store, address.
  const hash = await eventHashFromUrl(page);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const hero = page.locator('img.event-hero__image');
  await expect(hero).toHaveAttribute('src', /^\/media\//);
  await expect(hero).toBeVisible();
  expect((await page.request.get((await hero.getAttribute('src'))!)).ok()).toBeTruthy();
  await expect(page.getByText('Barcelona, Spain')).toBeVisible();
  await expect(page.getByText('Sky Bar Terrace')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  const created = (await (await page.request.get(`/api/events/${hash}`)).json()) as EventReply;
  const eventId = created.data.id;
  expect(created.data.user_id).toBe(a.userId);

  // 3. Found by search: another case and a typo.
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'All events' })).toBeVisible();
  const card = page.getByRole('link', { name, exact: true });
  const cards = page.getByRole('main').getByRole('article');
  await expect(card).toBeVisible();
  // The first screen's pictures are its largest paint: fetched at once; the others when near.
  const loading = await cards.evaluateAll((articles) =>
    articles.map((article) => {
      const img = article.querySelector('.event-card__image');
      return img ? `${img.getAttribute('loading')}/${img.getAttribute('fetchpriority')}` : null;
    }),
  );
  expect(loading.filter((value) => value !== null).length).toBeGreaterThan(0);
  loading.forEach((value, index) => {
    if (value !== null) expect(value, `card ${index}`).toBe(index < FIRST_SCREEN_CARDS ? 'eager/high' : 'lazy/auto');
  });
  const unfiltered = await cards.count();
  await page.getByRole('button', { name: 'Search events' }).click();
  const searched = nextList(page, (query) => query.get('search') === 'rooftp JAZZ');
  await page.getByRole('searchbox', { name: 'Search events' }).fill('rooftp JAZZ');
  const found = await searched();
  expect(found.map((event) => event.id)).toContain(eventId);
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “rooftp JAZZ”' })).toBeVisible();
  expect(found.length).toBeLessThan(unfiltered);
  await expect(cards).toHaveCount(found.length);
  await expect(card).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/events/${hash}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // 4. Found by the distance filter: 10 km around the device's position in Barcelona, not around Tokyo.
  await context.grantPermissions(['geolocation'], { origin: E2E_ORIGIN });
  await context.setGeolocation(BARCELONA);
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'All events' })).toBeVisible();
  await page.getByRole('button', { name: /^Filters/ }).click();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  // Opening the panel asks for the position; the place is named by the reverse geocoder.
  await expect(filters.getByRole('button', { name: 'Clear location' })).toBeVisible();
  await expect(filters.getByText('Barcelona, Spain')).toBeVisible();
  const slider = filters.getByRole('slider', { name: 'Distance' });
  await expect(slider).toBeEnabled();
  await slider.focus();
  await slider.press('Home');
  await slider.press('ArrowRight');
  await slider.press('ArrowRight');
  await expect(slider).toHaveValue('10');
  await expect(filters.getByText('10 KM')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  const near = nextList(
    page,
    (query) => query.get('distance') === '10' && Math.abs(Number(query.get('current_location[lat]')) - BARCELONA.latitude) < 0.01 && !query.has('search'),
  );
  await filters.getByRole('button', { name: 'Done' }).click();
  await expect(filters).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Filters, Filters are on' })).toBeVisible();
  const nearby = await near();
  expect(nearby.map((event) => event.id)).toContain(eventId);
  await expect(cards).toHaveCount(nearby.length);
  await expect(card).toBeVisible();

  await page.getByRole('button', { name: /^Filters/ }).click();
  await filters.getByRole('button', { name: 'Clear location' }).click();
  await filters.getByRole('searchbox', { name: 'Search a city or place' }).fill('Tokyo');
  await filters.getByRole('button', { name: /^Tokyo, Japan/ }).first().click();
  await expect(filters.getByRole('button', { name: 'Clear location' })).toBeVisible();
  await slider.focus();
  await slider.press('Home');
  await slider.press('ArrowRight');
  await slider.press('ArrowRight');
  await expect(slider).toHaveValue('10');
  const far = nextList(page, (query) => query.get('distance') === '10' && Math.abs(Number(query.get('current_location[lat]')) - 35.68) < 0.5);
  await filters.getByRole('button', { name: 'Done' }).click();
  await expect(filters).toHaveCount(0);
  expect(await far()).toEqual([]);
  await expect(page.getByText('No events...yet')).toBeVisible();
  await expect(card).toHaveCount(0);

  // 5. Edit through the owner menu.
  await page.goto(`/events/${hash}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await chooseFromEventMenu(page, 'Edit event');
  await expect(page).toHaveURL(new RegExp(`/edit/${eventId}$`));
  const editForm = page.getByRole('form', { name: 'Update event' });
  await expect(editForm.getByLabel('Event name')).toHaveValue(name);
  await editForm.getByLabel('Event name').fill(newName);
  await editForm.getByLabel('Description').fill('Live jazz on the roof at sunset, now with a late set.');
  await expectNoHorizontalOverflow(page);
  await editForm.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${hash}$`));
  await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
  await expect(page.getByText('now with a late set')).toBeVisible();
  await expect(page.locator('img.event-hero__image')).toHaveAttribute('src', /^\/media\//);

  // 6. Clone it to B with the owner picker.
  await chooseFromEventMenu(page, 'Clone event');
  await expect(page).toHaveURL(new RegExp(`/new-event\\?id=${eventId}&clone=true$`));
  const cloneForm = page.getByRole('form', { name: 'Clone event' });
  await expect(cloneForm.getByLabel('Event name')).toHaveValue(newName);
  const owner = cloneForm.getByRole('region', { name: 'Owner of the copy' });
  await expect(owner).toContainText('(you)');
  await owner.getByRole('button', { name: 'Change' }).click();
  await owner.getByRole('searchbox', { name: 'Find a user' }).fill('Bruna Clonew');
  await owner.getByRole('button', { name: bName }).click();
  await expect(owner).toContainText(bName);
  await expect(owner).not.toContainText('(you)');
  await expectNoHorizontalOverflow(page);
  await cloneForm.getByRole('button', { name: 'Create copy' }).click();

  const cloneHash = await eventHashFromUrl(page);
  expect(cloneHash).not.toBe(hash);
  await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
  // The copy carries the source's picture.
  await expect(page.locator('img.event-hero__image')).toHaveAttribute('src', /^\/media\//);
  const asB = await bRequest.get(`/api/events/${cloneHash}?full=true`);
  expect(asB.ok()).toBeTruthy();
  const clone = (await asB.json()) as EventReply;
  expect(clone.data.user_id).toBe(b.userId);
  expect(clone.data.is_owner).toBe(true);
  expect(clone.data.name).toBe(newName);

  // 7. Delete the original after 'Are you sure?'.
  await page.goto(`/events/${hash}`);
  await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
  await chooseFromEventMenu(page, 'Delete event');
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this event?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').getByText('Event deleted')).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await page.goto(`/events/${hash}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Event not found' })).toBeVisible();
  expect((await page.request.get(`/api/events/${hash}`)).status()).toBe(404);

  // The copy is still there, for B and on its page.
  expect((await bRequest.get(`/api/events/${cloneHash}`)).ok()).toBeTruthy();
  await page.goto(`/events/${cloneHash}`);
  await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();

  await bRequest.dispose();
});

test('the filters ask for the position quietly on opening; a refusal is said only when the person asks', async ({ page }) => {
  // No geolocation permission in this context: the browser refuses the position.
  await gotoReady(page, '/events');
  await page.getByRole('button', { name: /^Filters/ }).click();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  await expect(filters.getByRole('button', { name: 'Use my location' })).toBeEnabled();
  await expect(filters.getByText('Cannot get Coordinates from navigator')).toHaveCount(0);
  await filters.getByRole('button', { name: 'Use my location' }).click();
  await expect(filters.getByRole('alert').filter({ hasText: 'Cannot get Coordinates from navigator' })).toBeVisible();
});

test('a long address, cut on the event page, shows whole on a tap', async ({ page }) => {
  await signInViaApi(page, undefined, 'Adela Address');
  const address = 'Carrer de Castelldefels 123, Sant Boi de Llobregat, Barcelona, Spain';
  const { hash } = await createEventViaApi(page.context().request, { name: `E2E Long address ${Date.now()}`, start_date: '2030-05-01 19:00:00', address, lat: 41.34, lng: 2.04 });
  await page.goto(`/events/${hash}`);
  const cut = page.getByRole('button', { name: `${address} (shortened: tap to show it whole)` });
  await expect(cut).toHaveText(/\.\.\.$/);
  await cut.click();
  await expect(page.getByRole('button', { name: address, exact: true })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(address, { exact: true })).toBeVisible();
});

test('This week lists what is left of the week, as the language counts weeks, and not the next one', async ({ page }) => {
  // A Wednesday (the browser's zone is UTC here): in English weeks start on Sunday, so this week
  // runs to Saturday night. In UTC the range's end falls on a UTC midnight, which the server reads
  // as a whole day when sent as such: Sunday's brunch would have come along.
  await page.clock.setFixedTime(new Date('2030-06-12T10:00:00Z'));
  await signInViaApi(page, undefined, 'Wendy Week');
  const stamp = Date.now();
  for (const [name, start] of [
    [`${stamp} Saturday picnic`, '2030-06-15 12:00:00'],
    [`${stamp} Sunday brunch`, '2030-06-16 11:00:00'],
  ] as const) {
    await createEventViaApi(page.context().request, { name, start_date: start, location_type: 'virtual', url: 'https://meet.example.com/week', max: 20 });
  }

  await gotoReady(page, '/events');
  await page.getByRole('button', { name: /^Filters/ }).click();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  await filters.getByRole('button', { name: 'This week', exact: true }).click();
  await expect(filters.getByRole('button', { name: 'This week', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const listed = nextList(page, (query) => query.get('start_date') === '2030-06-12T00:00:00.000Z' && query.get('end_date') === '2030-06-15T23:59:59.999Z');
  await filters.getByRole('button', { name: 'Done' }).click();
  const names = (await listed()).map((event) => event.name);
  expect(names).toContain(`${stamp} Saturday picnic`);
  expect(names).not.toContain(`${stamp} Sunday brunch`);
});
