import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createEventViaApi, E2E_ORIGIN, expectNoHorizontalOverflow, gotoReady, openVerifiedPayoutAccount, signInViaApi } from './fixtures.ts';

/** Buying tickets (issue 15) on the test provider, as a buyer and an organiser meet it in the browser. */

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** A signed-in organiser with a verified payout account and a paid event on sale (three types in EUR). */
async function eventOnSale(request: APIRequestContext, name: string): Promise<{ id: number; hash: string }> {
  const headers = { origin: E2E_ORIGIN };
  await openVerifiedPayoutAccount(request);
  const event = await createEventViaApi(request, {
    name,
    start_date: '2030-06-01 20:00:00',
    location_type: 'virtual',
    url: 'https://meet.example.com/rooftop',
    max: 50,
    pricing_mode: 'multiple',
    currency: 'EUR',
    ticket_types: [
      { name: 'Early bird', price: 1000, currency: 'EUR' },
      { name: 'Standard', price: 2000, currency: 'EUR' },
      { name: 'VIP', price: 5000, currency: 'EUR', quantity: 5 },
    ],
  });
  const product = await request.post(`/api/payments/create-product/${event.id}`, { headers });
  expect(product.ok(), await product.text()).toBeTruthy();
  return event;
}

/** From the event page to the card form: Going, Get tickets, the quantities, To payment. */
async function chooseAndOpenPayment(page: Page, hash: string, picks: [string, number][], language: 'en' | 'he' = 'en'): Promise<void> {
  const texts =
    language === 'en'
      ? { region: 'Are you going?', going: 'Going', getTickets: 'Get tickets', more: (n: string) => `One ${n} more`, next: 'NEXT', toPayment: 'Continue to payment' }
      : { region: 'אתם מגיעים?', going: 'מגיע/ה', getTickets: 'לקנות כרטיסים', more: (n: string) => `כרטיס ${n} אחד נוסף`, next: 'הבא', toPayment: 'המשך לתשלום' };
  await gotoReady(page, `/events/${hash}`);
  await page.getByRole('region', { name: texts.region }).getByRole('button', { name: texts.going, exact: true }).click();
  const sheet = page.getByRole('dialog');
  await sheet.getByRole('button', { name: texts.getTickets }).click();
  for (const [type, quantity] of picks) {
    for (let i = 0; i < quantity; i += 1) await sheet.getByRole('button', { name: texts.more(type) }).click();
  }
  await shot(page, `${language}-1-tickets`);
  await sheet.getByRole('button', { name: texts.next }).click();
  await shot(page, `${language}-2-summary`);
  await sheet.getByRole('button', { name: texts.toPayment }).click();
}

/** The test provider's card form, filled by its fields' autocomplete names (the same in every language). */
async function payWith(page: Page, card: string): Promise<void> {
  const sheet = page.getByRole('dialog');
  await sheet.locator('input[autocomplete="cc-number"]').fill(card);
  await sheet.locator('input[autocomplete="cc-exp"]').fill('12 / 34');
  await sheet.locator('input[autocomplete="cc-csc"]').fill('123');
  await sheet.locator('form button[type=submit]').last().click();
}

test('a buyer picks two ticket types and pays with the test card, sees the tickets with QR codes; the organiser checks one in at the door and refunds the other', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const name = `E2E Rooftop Concert ${Date.now()}`;
  const organiserContext = await browser.newContext();
  const organiser = await organiserContext.newPage();
  await signInViaApi(organiser, undefined, 'Olga Organiser');
  const event = await eventOnSale(organiserContext.request, name);

  // The buyer: one Early bird and one Standard, €30.00 and the 5% fee, €31.50.
  await signInViaApi(page, undefined, 'Bea Buyer');
  await chooseAndOpenPayment(page, event.hash, [
    ['Early bird', 1],
    ['Standard', 1],
  ]);
  const sheet = page.getByRole('dialog');
  await expect(sheet.getByText('Test mode')).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Pay €31.50' })).toBeVisible();
  await shot(page, 'en-3-card');
  await payWith(page, '4242 4242 4242 4242');
  await expect(sheet.getByText('Payment successful')).toBeVisible({ timeout: 20_000 });
  await expect(sheet.getByText('Your 2 tickets are ready.')).toBeVisible();
  await shot(page, 'en-4-paid');
  await sheet.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('You have 2 tickets')).toBeVisible();

  // My tickets: both, each with its QR code and its code.
  await page.goto('/tickets');
  await expect(page.getByRole('heading', { name: 'My tickets' })).toBeVisible();
  const qrs = page.getByRole('img', { name: /^QR code of ticket / });
  await expect(qrs).toHaveCount(2);
  await expectNoHorizontalOverflow(page);
  await shot(page, 'en-5-my-tickets');
  const mine = (await (await page.context().request.get('/api/tickets')).json()) as { data: { id: number; code: string; type_name: string; order_id: number }[] };
  expect(mine.data.map((t) => t.type_name).sort()).toEqual(['Early bird', 'Standard']);
  const early = mine.data.find((t) => t.type_name === 'Early bird')!;
  const standard = mine.data.find((t) => t.type_name === 'Standard')!;

  // The organiser at the door: the QR code's address, Valid, then marked as used once.
  await organiser.goto(`/check-ticket/${early.code}`);
  await expect(organiser.getByText('Valid', { exact: true })).toBeVisible();
  await organiser.getByRole('button', { name: 'Mark as used' }).click();
  await expect(organiser.getByText('Let them in', { exact: false }).first()).toBeVisible();
  await shot(organiser, 'en-6-door');
  await organiser.reload();
  await expect(organiser.getByText('Already used')).toBeVisible();

  // The organiser refunds the Standard ticket from the guest list.
  await gotoReady(organiser, `/events/${event.hash}`);
  await organiser.getByRole('button', { name: 'Event options' }).click();
  await organiser.getByRole('menuitem', { name: 'Event report' }).click();
  const report = organiser.getByRole('dialog', { name: 'Event report' });
  await report.getByRole('button', { name: /^Tickets Bea Buyer/ }).click();
  await report.getByRole('listitem').filter({ hasText: 'Standard', hasNotText: 'Early bird' }).getByRole('button', { name: 'Refund', exact: true }).click();
  const confirm = organiser.getByRole('alertdialog');
  await expect(confirm).toContainText('€21.00'); // €20.00 and its share of the fee, €1.00
  await shot(organiser, 'en-7-refund-confirm');
  await confirm.getByRole('button', { name: 'Refund' }).click();
  await expect(report.getByText('€21.00 went back to Bea Buyer.')).toBeVisible();
  await shot(organiser, 'en-8-refunded');

  // The buyer's refunded ticket no longer admits; the used one stays used.
  await page.reload();
  await expect(page.getByText('Refunded. This ticket no longer admits.')).toBeVisible();
  await expect(qrs).toHaveCount(1);
  await shot(page, 'en-9-my-tickets-after');
  const check = (await (await organiserContext.request.get(`/api/tickets/${standard.code}`)).json()) as { data: { state: string } };
  expect(check.data.state).toBe('refunded');

  // The same flow reads right to left in Hebrew, and Purchase History shows the order.
  await page.evaluate(() => localStorage.setItem('preferredLanguage', 'he'));
  await page.goto('/tickets');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectNoHorizontalOverflow(page);
  await shot(page, 'he-my-tickets');
  await page.goto('/purchase-history');
  await expect(page.getByText(name)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'he-purchase-history');
  await organiserContext.close();
});

test('a declined card shows the provider’s message and issues nothing; a good card then pays the same checkout (in Hebrew)', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const organiserContext = await browser.newContext();
  const organiser = await organiserContext.newPage();
  await signInViaApi(organiser, undefined, 'Olga Organiser');
  const event = await eventOnSale(organiserContext.request, `E2E Declined ${Date.now()}`);
  await organiserContext.close();

  await page.addInitScript(() => localStorage.setItem('preferredLanguage', 'he'));
  await signInViaApi(page, undefined, 'Bea Buyer');
  await chooseAndOpenPayment(page, event.hash, [['VIP', 1]], 'he');
  const sheet = page.getByRole('dialog');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await payWith(page, '4000 0000 0000 0002');
  await expect(sheet.getByText('הכרטיס שלכם נדחה.')).toBeVisible();
  await shot(page, 'he-declined');
  const before = (await (await page.context().request.get('/api/tickets')).json()) as { data: unknown[] };
  expect(before.data).toHaveLength(0);

  await payWith(page, '4242 4242 4242 4242');
  await expect(sheet.locator('.checkout__result--paid')).toBeVisible({ timeout: 20_000 });
  await expectNoHorizontalOverflow(page);
  await shot(page, 'he-paid');
  const after = (await (await page.context().request.get('/api/tickets')).json()) as { data: { type_name: string }[] };
  expect(after.data.map((t) => t.type_name)).toEqual(['VIP']);
});
