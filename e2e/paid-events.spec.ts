import { expect, test, type Page } from '@playwright/test';
import { createEventViaApi, E2E_ORIGIN, eventHashFromUrl, expectNoHorizontalOverflow, signInViaApi, startOnlineEvent } from './fixtures.ts';

const TYPES = [
  { name: 'Early bird', price: '40', shown: '₪40.00' },
  { name: 'Standard', price: '60', shown: '₪60.00' },
  { name: 'VIP', price: '150', shown: '₪150.00', quantity: '20' },
];

/** Saves a screenshot beside the test's results, to be looked at. */
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('an organiser opens a payout account with the test provider, verifies it, creates a paid event with three ticket types in ILS, sets up payments and sees the prices, in English and Hebrew', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const name = `E2E Rooftop Concert ${Date.now()}`;
  await signInViaApi(page, undefined, 'Noa Organiser');

  // 1. The account menu's Billing expander leads to Stripe Settings.
  await page.goto('/my-user');
  await page.getByRole('button', { name: 'Billing' }).click();
  await page.getByRole('link', { name: 'Stripe' }).click();
  await expect(page).toHaveURL(/\/stripe-settings$/);
  await expect(page.getByRole('heading', { name: 'Stripe Settings' })).toBeVisible();

  // 2. A bad email is refused with the spec's text; a good one opens the account (created).
  const email = page.getByLabel('Payment email');
  await email.fill('noa@');
  await page.getByRole('button', { name: 'Create Stripe account' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await email.fill('noa@example.com');
  await page.getByRole('button', { name: 'Create Stripe account' }).click();
  await expect(page.getByText('Not verified yet')).toBeVisible();
  await shot(page, 'en-stripe-settings-created');

  // 3. Verification on the test provider's hosted onboarding page, back to stripe_registered.
  await page.getByRole('button', { name: 'Verify with Stripe' }).click();
  await expect(page).toHaveURL(/\/test-provider\/onboarding\/al_test_/);
  await expect(page.getByRole('heading', { name: 'Verify your payout account' })).toBeVisible();
  await page.getByRole('radio', { name: 'Individual' }).check();
  await page.getByLabel('First name').fill('Noa');
  await page.getByLabel('Last name').fill('Organiser');
  await page.getByLabel('Country').selectOption('US');
  await page.getByLabel('Default currency').selectOption('ILS');
  await page.getByRole('checkbox', { name: /I accept/ }).check();
  await shot(page, 'en-onboarding');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/stripe_registered$/);
  await expect(page.getByText('Your Stripe account is verified')).toBeVisible();

  // 4. A paid event with three ticket types in ILS, through the form's Tickets panel.
  const form = await startOnlineEvent(page, name, 'https://meet.example.com/rooftop');

  await form.getByRole('button', { name: /^Tickets/ }).click();
  const tickets = page.getByRole('dialog', { name: 'Tickets' });
  await tickets.getByRole('switch', { name: /^Sell tickets/ }).click();
  await tickets.getByLabel('Currency').selectOption('ILS');
  await tickets.getByRole('tab', { name: 'Ticket types' }).click();
  for (const [i, type] of TYPES.entries()) {
    if (i > 0) await tickets.getByRole('button', { name: 'Add a ticket type' }).click();
    const card = tickets.getByRole('listitem').nth(i);
    await card.getByLabel('Name').fill(type.name);
    await card.getByLabel('Price (ILS)').fill(type.price);
    if (type.quantity) await card.getByLabel('Tickets for sale').fill(type.quantity);
  }
  // The spec's rule: names are unique ignoring case.
  await tickets.getByRole('button', { name: 'Add a ticket type' }).click();
  await tickets.getByRole('listitem').nth(3).getByLabel('Name').fill('vip');
  await tickets.getByRole('listitem').nth(3).getByLabel('Price (ILS)').fill('10');
  await tickets.getByRole('button', { name: 'Done' }).click();
  await form.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByText('Ticket type name already exists')).toBeVisible();
  await form.getByRole('button', { name: /^Tickets/ }).click();
  await tickets.getByRole('button', { name: 'Remove vip', exact: true }).click();
  await tickets.getByRole('button', { name: 'Done' }).click();
  await expect(form.getByRole('button', { name: /^Tickets/ })).toContainText('3 ticket types · from ₪40.00');
  await form.getByRole('button', { name: 'Create event' }).click();

  // 5. The payment setup panel, then the event page with its prices.
  const setup = page.getByRole('dialog', { name: 'Payment setup' });
  await expect(setup).toBeVisible();
  await expect(setup.getByRole('button', { name: /Disable payments/ })).toBeVisible();
  await expect(setup.getByRole('button', { name: /planns’ account/ })).toHaveCount(0); // moderators only
  await shot(page, 'en-payment-setup');
  await setup.getByRole('button', { name: /Use my payout account/ }).click();
  const hash = await eventHashFromUrl(page);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('from ₪40.00')).toBeVisible();
  const section = page.getByRole('region', { name: 'Tickets' });
  for (const type of TYPES) {
    const row = section.getByRole('listitem').filter({ hasText: type.name });
    await expect(row).toContainText(type.shown);
  }
  await expect(section).toContainText('20 tickets for sale');
  await expect(page.getByRole('alert')).toHaveCount(0); // verified: no 'needs verification'
  await expectNoHorizontalOverflow(page);
  await shot(page, 'en-event');

  // The price is stored in minor units and payments are enabled.
  const event = (await (await page.context().request.get(`/api/events/${hash}`)).json()) as {
    data: { payments_enabled: boolean; ticket_types: { price: number; currency: string }[] };
  };
  expect(event.data.payments_enabled).toBe(true);
  expect(event.data.ticket_types.map((t) => [t.price, t.currency])).toEqual([
    [4000, 'ILS'],
    [6000, 'ILS'],
    [15000, 'ILS'],
  ]);

  // 6. The same in Hebrew, right to left.
  await page.evaluate(() => localStorage.setItem('preferredLanguage', 'he'));
  await page.goto(`/events/${hash}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const hebrew = page.getByRole('region', { name: 'כרטיסים' });
  await expect(hebrew).toBeVisible();
  for (const type of TYPES) await expect(hebrew.getByRole('listitem').filter({ hasText: type.name })).toContainText(type.price);
  await expect(page.getByText(/החל מ־/)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'he-event');

  await page.goto(`/edit/${hash}`);
  await page.getByRole('button', { name: /^כרטיסים/ }).click();
  await expect(page.getByRole('dialog', { name: 'כרטיסים' }).getByRole('listitem')).toHaveCount(3);
  await shot(page, 'he-tickets-panel');

  await page.goto('/stripe-settings');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectNoHorizontalOverflow(page);
  await shot(page, 'he-stripe-settings');
});

test("the owner whose payout account is not verified sees 'needs verification' on the paid event's page and a verify button", async ({ page }) => {
  await signInViaApi(page, undefined, 'Uri Unverified');
  const request = page.context().request;
  const headers = { origin: E2E_ORIGIN };
  const account = await request.post('/api/payments', { data: { email: 'uri@example.com' }, headers });
  expect(account.ok()).toBeTruthy();
  const event = await createEventViaApi(request, { name: 'Unverified gig', start_date: '2030-05-01 19:00:00', location_type: 'virtual', url: 'https://meet.example.com/gig', price: 1500, currency: 'EUR' });
  await page.goto(`/events/${event.hash}`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('needs verification');
  await shot(page, 'en-needs-verification');
  await alert.getByRole('button', { name: 'Verify on the payment provider' }).click();
  await expect(page).toHaveURL(/\/test-provider\/onboarding\/al_test_/);
});
