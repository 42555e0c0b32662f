import { expect, test, type Locator, type Page } from '@playwright/test';
import { eventHashFromUrl, expectNoHorizontalOverflow, gotoReady, openVerifiedPayoutAccount, signInViaApi, startOnlineEvent } from './fixtures.ts';

/**
 * Seat maps from the organiser's side (issue 17): a scheme made in the event form's creator with
 * two seat types and places taken out, attached to a new event; two buyers after one seat; a gift
 * on a seat; keyboard-only picking; the creator in Hebrew.
 */

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** Opens the join flow's seat chart of an event (going, then Get tickets). */
async function openSeatChart(page: Page, hash: string): Promise<{ sheet: Locator; chart: Locator }> {
  await gotoReady(page, `/events/${hash}`);
  await page.getByRole('region', { name: 'Are you going?' }).getByRole('button', { name: 'Going', exact: true }).click();
  const sheet = page.getByRole('dialog');
  await sheet.getByRole('button', { name: 'Get tickets' }).click();
  const chart = sheet.getByRole('group', { name: 'Seat chart' });
  await expect(chart).toBeVisible();
  return { sheet, chart };
}

test('an organiser makes a scheme with two seat types and places taken out, sells it on an event; two buyers want one seat; a gift on a seat', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const name = `E2E Studio Night ${Date.now()}`;
  await signInViaApi(page, undefined, 'Olga Organiser');
  await openVerifiedPayoutAccount(page.context().request);

  // 1. A new event, online, with its Tickets panel: paid, reserved seating, 'Create new scheme…'.
  const form = await startOnlineEvent(page, name, 'https://meet.example.com/studio');

  await form.getByRole('button', { name: /^Tickets/ }).click();
  const tickets = page.getByRole('dialog', { name: 'Tickets' });
  await tickets.getByRole('switch', { name: /^Sell tickets/ }).click();
  await tickets.getByRole('switch', { name: /^Reserved seating/ }).click();
  await expect(tickets.getByLabel('Seat map', { exact: true })).toHaveValue('default');
  await tickets.getByLabel('Seat map', { exact: true }).selectOption({ label: 'Create new scheme…' });

  // 2. The creator: 4 rows of 6 with a gap after the third seat, VIP front row, two places out.
  const creator = page.getByRole('dialog', { name: 'New seat scheme' });
  await expect(creator.getByLabel('Rows', { exact: true })).toHaveValue('10');
  await expect(creator.getByLabel('Seats per row')).toHaveValue('10');
  await creator.getByRole('button', { name: 'Save scheme' }).click();
  await expect(creator.getByText('Give the scheme a name')).toBeVisible();
  await creator.getByLabel('Scheme name').fill('Studio');
  await creator.getByLabel('Rows', { exact: true }).fill('4');
  await creator.getByLabel('Seats per row').fill('6');
  await creator.getByLabel('Gaps after seats').fill('3');
  await creator.getByRole('button', { name: 'Add a seat type' }).click();
  await creator.getByRole('textbox', { name: 'Seat type 2', exact: true }).fill('VIP');
  await creator.getByLabel('Default price (EUR)').nth(1).fill('45');
  const preview = creator.getByRole('group', { name: 'Preview' }).last();
  await creator.getByRole('radio', { name: 'VIP' }).check();
  await preview.getByRole('button', { name: 'Row A: set the whole row' }).click();
  await expect(preview.getByRole('button', { name: 'A1, VIP' })).toBeVisible();
  await creator.getByRole('radio', { name: 'Not a seat' }).check();
  await preview.getByRole('button', { name: 'D1, Economy' }).click();
  // The next seat takes the number: the row's last place is D5 now.
  await preview.getByRole('button', { name: 'D5, Economy' }).click();
  await expect(preview.getByRole('button', { name: 'Row D, place 1: not a seat' })).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Row D, place 6: not a seat' })).toBeVisible();
  await expect(preview.getByRole('button', { name: 'D4, Economy' })).toBeVisible();
  await expect(creator.getByText('22 seats')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'en-1-scheme-creator');
  await creator.getByRole('button', { name: 'Save scheme' }).click();
  await expect(creator).toHaveCount(0);

  // 3. Back in the Tickets panel: the scheme chosen, its seat types as ticket types.
  await expect(tickets.getByLabel('Seat map', { exact: true }).locator('option:checked')).toHaveText('Studio (22 seats)');
  const economy = tickets.getByRole('listitem').filter({ hasText: 'Economy: 16 seats' });
  const vip = tickets.getByRole('listitem').filter({ hasText: 'VIP: 6 seats' });
  await expect(vip.getByLabel('Price (EUR)')).toHaveValue('45.00');
  await tickets.getByRole('button', { name: 'Done' }).click();
  await form.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByText('Price must be greater than 0').first()).toBeVisible();
  await form.getByRole('button', { name: /^Tickets/ }).click();
  await economy.getByLabel('Price (EUR)').fill('20');
  await shot(page, 'en-2-tickets-panel-seated');
  await tickets.getByRole('button', { name: 'Done' }).click();
  await expect(form.getByRole('button', { name: /^Tickets/ })).toContainText('Seats: 2 types, from €20.00');
  await form.getByRole('button', { name: 'Create event' }).click();
  const setup = page.getByRole('dialog', { name: 'Payment setup' });
  await setup.getByRole('button', { name: /Use my payout account/ }).click();
  const hash = await eventHashFromUrl(page);

  const stored = (await (await page.context().request.get(`/api/events/${hash}`)).json()) as {
    data: { id: number; seated: boolean; seat_template_id: number; ticket_types: { name: string; price: number; seat_type: number }[] };
  };
  expect(stored.data.seated).toBe(true);
  expect(stored.data.ticket_types.map((t) => [t.name, t.price, t.seat_type])).toEqual([
    ['Economy', 2000, 0],
    ['VIP', 4500, 1],
  ]);
  const eventId = stored.data.id;

  // 4. Two buyers want A2 at the same time; the first to go to payment holds it, the other is told.
  const first = await browser.newContext();
  const second = await browser.newContext();
  const firstPage = await first.newPage();
  const secondPage = await second.newPage();
  await signInViaApi(firstPage, undefined, 'Bea Buyer');
  await signInViaApi(secondPage, undefined, 'Kai Keyboard');
  const one = await openSeatChart(firstPage, hash);
  const two = await openSeatChart(secondPage, hash);
  await one.chart.getByRole('button', { name: /^Row A, seat 2, VIP, €45.00, available/ }).click();

  // The second buyer by keyboard only: Tab from the zoom buttons into the chart, arrows, Space.
  await two.sheet.getByRole('button', { name: 'Larger seats' }).focus();
  await secondPage.keyboard.press('Tab');
  await expect(two.chart.getByRole('button', { name: /^Row A, seat 1,/ })).toBeFocused();
  await secondPage.keyboard.press('ArrowRight');
  await expect(two.chart.getByRole('button', { name: /^Row A, seat 2,/ })).toBeFocused();
  await secondPage.keyboard.press('Space');
  await secondPage.keyboard.press('ArrowDown');
  await expect(two.chart.getByRole('button', { name: /^Row B, seat 2,/ })).toBeFocused();
  await secondPage.keyboard.press('Enter');
  await expect(two.sheet.getByText('2 seats picked: A2, B2')).toBeVisible();

  await one.sheet.getByRole('button', { name: 'NEXT' }).click();
  await one.sheet.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(one.sheet.getByRole('button', { name: 'Pay €47.25' })).toBeVisible();

  await two.sheet.getByRole('button', { name: 'NEXT' }).click();
  await two.sheet.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(two.sheet.getByText('Seat A2 has just been taken: pick another.')).toBeVisible();
  await expect(two.sheet.getByText('1 seat picked: B2')).toBeVisible();
  await expect(two.chart.getByRole('button', { name: /^Row A, seat 2, VIP, €45.00, being bought by someone/ })).toBeVisible();
  await shot(secondPage, 'en-3-seat-went');

  // The first buyer pays: A2 is theirs.
  await one.sheet.locator('input[autocomplete="cc-number"]').fill('4242 4242 4242 4242');
  await one.sheet.locator('input[autocomplete="cc-exp"]').fill('12 / 34');
  await one.sheet.locator('input[autocomplete="cc-csc"]').fill('123');
  await one.sheet.locator('form button[type=submit]').last().click();
  await expect(one.sheet.getByText('Payment successful')).toBeVisible({ timeout: 20_000 });

  // 5. The organiser gifts C3 to someone who has not answered.
  const gifteeContext = await browser.newContext();
  const giftee = await gifteeContext.newPage();
  const gifteeName = `Gina Giftee ${Date.now() % 100000}`;
  await signInViaApi(giftee, undefined, gifteeName);
  await page.getByRole('button', { name: 'Event options' }).click();
  await page.getByRole('menuitem', { name: 'Event report' }).click();
  const report = page.getByRole('dialog', { name: 'Event report' });
  await report.getByRole('button', { name: 'Gift tickets' }).click();
  const gift = report.getByRole('form', { name: 'Gift tickets' });
  await gift.getByLabel('Who gets them').fill(gifteeName);
  await gift.getByRole('button', { name: gifteeName }).click();
  const giftChart = gift.getByRole('group', { name: 'Seat chart' });
  await expect(giftChart.getByRole('button', { name: /^Row A, seat 2, VIP, €45.00, sold/ })).toBeVisible();
  await giftChart.getByRole('button', { name: /^Row C, seat 3, Economy/ }).click();
  await shot(page, 'en-4-gift-on-a-seat');
  await gift.getByRole('button', { name: 'Give 1 ticket' }).click();
  await expect(page.getByText('Tickets created').first()).toBeVisible();

  const reserved = (await (await page.context().request.get(`/api/seats/${eventId}`)).json()) as { data: { the_row: number; the_col: number; state: string }[] };
  expect(reserved.data.map((s) => [s.the_row, s.the_col, s.state]).sort()).toEqual([
    [0, 1, 'sold'],
    [2, 2, 'sold'],
  ]);
  await giftee.goto('/tickets');
  await expect(giftee.getByText('C3', { exact: true })).toBeVisible();

  // The guest list shows the buyer's seat on their ticket.
  await report.getByRole('button', { name: /^Tickets Bea Buyer/ }).click();
  await expect(report.getByText('Seat A2')).toBeVisible();
  await shot(page, 'en-5-guest-list-seat');

  await Promise.all([first.close(), second.close(), gifteeContext.close()]);
});

test('the scheme creator in Hebrew: the text is right to left, the hall is not mirrored', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('preferredLanguage', 'he'));
  await signInViaApi(page, undefined, 'Olga Organiser');
  await page.goto('/new-event');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: /^כרטיסים/ }).click();
  const tickets = page.getByRole('dialog', { name: 'כרטיסים' });
  await tickets.getByRole('switch').first().click();
  await tickets.getByRole('switch').nth(1).click();
  await tickets.locator('select').nth(1).selectOption('new');
  const creator = page.getByRole('dialog').last();
  const a1 = creator.locator('[data-place="0:0"]');
  const a2 = creator.locator('[data-place="0:1"]');
  await expect(a1).toBeVisible();
  await a2.click();
  await a1.scrollIntoViewIfNeeded();
  expect((await a1.boundingBox())!.x).toBeLessThan((await a2.boundingBox())!.x);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: test.info().outputPath('he-1-scheme-creator.png') });
});
