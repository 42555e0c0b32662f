import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** The app's origin; writes that ride on the session cookie must name it (CSRF check). */
export const E2E_ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 3210}`;

let counter = 0;
let addresses = 0;
/** A documentation-range address (RFC 5737) per call, for the X-Forwarded-For of API sign-ins. */
function nextAddress(): string {
  addresses += 1;
  return `198.51.100.${(addresses % 250) + 1}`;
}
/**
 * Opens `path` and waits until the app answers taps (<html data-ready>, set once React has taken
 * over the server-rendered page: a tap before that is lost).
 */
export async function gotoReady(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
}

/** Where this run's numbers start: a run gives out up to 9,000 numbers before one comes back. */
const PHONE_BASE = Math.floor(Math.random() * 9000);

/**
 * A fresh valid phone number per call (+1 202 555 1000-9999). Numbers follow each other from a
 * random start, so no two calls of a run share one (the time-based numbers of before came back
 * every 8 seconds, and a number asked for again soon may be refused a code: a flaky sign-in).
 */
export function newPhone(): string {
  counter += 1;
  return `+1202555${1000 + ((PHONE_BASE + counter) % 9000)}`;
}

/** The newest code the console SMS provider "sent" to `phone`, read from the dev outbox. */
export async function readCode(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get('/api/dev/outbox');
      const body = (await res.json()) as { data: { to: string; body: string }[] };
      code = body.data.find((m) => m.to === phone)?.body.match(/\d{4,8}/)?.[0];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/**
 * Signs a person in through the API (fixtures never use the UI, except the UI's own test), with
 * the browser context's cookie jar, so the page is signed in too.
 */
export async function signInViaApi(page: Page, phone = newPhone(), name = 'E2E Person'): Promise<{ phone: string; userId: number }> {
  return signInWithRequest(page.context().request, phone, name);
}

/**
 * Signs a person in with any request context's cookie jar: a second person made with
 * `playwright.request.newContext({ baseURL })` stays signed in there while the page's person
 * stays signed in in the browser.
 */
export async function signInWithRequest(request: APIRequestContext, phone = newPhone(), name = 'E2E Person'): Promise<{ phone: string; userId: number }> {
  // An address of its own per sign-in (the server trusts the proxy header in the e2e run): the
  // limit of codes a network may ask for an hour is the server's, not something each test pays.
  const headers = { origin: E2E_ORIGIN, 'x-forwarded-for': nextAddress() };
  await request.post('/api/send-code', { data: { to: phone }, headers });
  const code = await readCode(request, phone);
  const check = await request.post('/api/check-code', { data: { to: phone, code }, headers });
  expect(check.ok()).toBeTruthy();
  const auth = await request.post('/api/auth-create', { data: { phone }, headers });
  expect(auth.ok()).toBeTruthy();
  const { data } = (await auth.json()) as { data: { user: { id: number } } };
  const named = await request.post('/api/set-name', { data: { id: data.user.id, name, terms_accepted: true }, headers });
  expect(named.ok()).toBeTruthy();
  return { phone, userId: data.user.id };
}

/** Nothing sticks out sideways at phone width (a horizontal scrollbar is a layout bug). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'page is wider than the viewport').toBeLessThanOrEqual(client);
}

/** The hash in /events/{hash}, once the page is there. */
export async function eventHashFromUrl(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/events\/[^/?#]+$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

/**
 * Until nothing on the page is moving (a spinner turns for ever, and is not waited for). A sheet
 * slides up as it opens; Playwright clicks where a control was when it looked still, and on a busy
 * machine a frame can stall mid-slide, so the tap lands where the control no longer is.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Opens /new-event and fills the name and an online location (the Location panel's Virtual tab): the form. */
export async function startOnlineEvent(page: Page, name: string, link = 'https://meet.example.com/planns-e2e'): Promise<Locator> {
  await page.goto('/new-event');
  const form = page.getByRole('form', { name: 'Create event' });
  await expect(form).toBeVisible();
  await form.getByLabel('Event name').fill(name);

  await form.getByRole('button', { name: /^Location/ }).click();
  const where = page.getByRole('dialog', { name: 'Location' });
  await expect(where).toBeVisible();
  await settled(page);
  await where.getByRole('tab', { name: 'Virtual' }).click();
  await where.getByRole('textbox', { name: 'Link' }).fill(link);
  await where.getByRole('button', { name: 'Done' }).click();
  await expect(where).toHaveCount(0);
  await expect(form.getByRole('button', { name: /^Location/ })).toContainText('meet.example.com');
  return form;
}

/** Creates an online event through the /new-event form and returns its hash, on its page. */
export async function createOnlineEvent(page: Page, name: string, { isPrivate }: { isPrivate: boolean }): Promise<string> {
  const form = await startOnlineEvent(page, name);

  if (isPrivate) {
    await form.getByRole('button', { name: /^Settings/ }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await expect(settings).toBeVisible();
    await settled(page);
    const privateSwitch = settings.getByRole('switch', { name: /^Private \(invite only\)/ });
    await privateSwitch.click();
    await expect(privateSwitch).toBeChecked();
    await settings.getByRole('button', { name: 'Done' }).click();
    await expect(settings).toHaveCount(0);
    await expect(form.getByRole('button', { name: /^Settings/ })).toContainText('Private');
  }

  await form.getByRole('button', { name: 'Create event' }).click();
  const hash = await eventHashFromUrl(page);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return hash;
}

/**
 * An event made by the person of `request` through POST /api/events/create (`data` is the call's
 * body), checked to have been made; its id and hash.
 */
export async function createEventViaApi(request: APIRequestContext, data: Record<string, unknown>): Promise<{ id: number; hash: string }> {
  const created = await request.post('/api/events/create', { headers: { origin: E2E_ORIGIN }, data });
  expect(created.ok(), await created.text()).toBeTruthy();
  return ((await created.json()) as { data: { id: number; hash: string } }).data;
}

/** What the test provider's onboarding form asks of an individual organiser in Spain. */
const ONBOARDING = { business_type: 'individual', first_name: 'Olga', last_name: 'Organiser', country: 'ES', default_currency: 'EUR', accept_terms: true };

/**
 * Gives the signed-in person of `request` a verified payout account on the test provider (its
 * hosted onboarding answered through the provider's own call), and waits until planns has heard
 * (the provider's account.updated reaches planns through its inbox, a job).
 */
export async function openVerifiedPayoutAccount(request: APIRequestContext, email = 'olga@example.com'): Promise<void> {
  // An address of its own, as for sign-ins: the limit of payout accounts a network may open in ten
  // minutes is the server's, not something the suite's many organisers share.
  const headers = { origin: E2E_ORIGIN, 'x-forwarded-for': nextAddress() };
  const account = await request.post('/api/payments', { data: { email }, headers });
  expect(account.ok(), await account.text()).toBeTruthy();
  const accountId = ((await account.json()) as { data: string }).data;
  const onboarded = await request.post(`/api/test-provider/accounts/${accountId}/onboard`, { data: ONBOARDING, headers });
  expect(onboarded.ok(), await onboarded.text()).toBeTruthy();
  await expect
    .poll(async () => ((await (await request.get('/api/payments/info')).json()) as { data?: { status: string } }).data?.status, { timeout: 20_000 })
    .toBe('active');
}

/** A paid seated event on a small hall of its organiser's (4 rows of 8, gaps, two seat types); `hall` makes it larger. */
export async function seatedEventOnSale(request: APIRequestContext, name: string, hall: { rows: number; columns: number } = { rows: 4, columns: 8 }): Promise<{ id: number; hash: string }> {
  const headers = { origin: E2E_ORIGIN };
  await openVerifiedPayoutAccount(request);
  const scheme = await request.post('/api/seats/templates', {
    headers,
    data: {
      name: 'Small hall',
      data: {
        rows: hall.rows,
        columns: hall.columns,
        rowSpacers: [1],
        columnSpacers: [4],
        seatTypes: [{ label: 'Stalls', price: 2000 }, { label: 'VIP', price: 5000 }],
        seatTypeAreas: [{ type: 1, rows: [0, 0] }],
        disabledSeats: [{ row: 3, col: 0 }],
        seatLabel: { skipLetters: 'I' },
      },
    },
  });
  expect(scheme.ok(), await scheme.text()).toBeTruthy();
  const schemeId = ((await scheme.json()) as { data: { id: number } }).data.id;
  const event = await createEventViaApi(request, {
    name,
    start_date: '2030-06-01 20:00:00',
    location_type: 'virtual',
    url: 'https://meet.example.com/hall',
    pricing_mode: 'multiple',
    currency: 'EUR',
    seated: true,
    seat_template_id: schemeId,
    ticket_types: [
      { name: 'Stalls', price: 2000, currency: 'EUR', seat_type: 0 },
      { name: 'VIP', price: 5000, currency: 'EUR', seat_type: 1 },
    ],
  });
  expect((await request.post(`/api/payments/create-product/${event.id}`, { headers })).ok()).toBeTruthy();
  return event;
}
