import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { createEventViaApi, E2E_ORIGIN, gotoReady, newPhone, signInViaApi, signInWithRequest } from './fixtures.ts';
import { expectAccessible, smallTargets, text } from './accessibility.ts';

const root = path.resolve(import.meta.dirname, '..');

/** Makes a person a moderator the way an operator does: `npm run admin -- grant-moderator <phone>` on the running server's database. */
function grantModerator(phone: string): void {
  execFileSync(process.execPath, ['scripts/admin.ts', 'grant-moderator', phone], { cwd: root, env: { ...process.env, DATA_DIR: path.join(root, 'data/e2e') }, stdio: 'pipe' });
}

async function newPerson(name: string): Promise<{ request: APIRequestContext; phone: string; userId: number }> {
  const request = await playwrightRequest.newContext({ baseURL: E2E_ORIGIN });
  const { phone, userId } = await signInWithRequest(request, newPhone(), name);
  return { request, phone, userId };
}

/**
 * An event with two ticket holders (the organiser gave them tickets), one guest going without a
 * ticket and one who said no: only the first two are Ticket Owners.
 */
async function eventWithTicketOwners(name: string) {
  const host = await newPerson('Host Hila');
  const event = await createEventViaApi(host.request, { name, start_date: '2030-07-01 20:00:00', location_type: 'virtual', url: 'https://meet.example.com/sms', max: 50 });
  const owners = [await newPerson('Owner One'), await newPerson('Owner Two')];
  const going = await newPerson('Going Only');
  const rejecting = await newPerson('Not Coming');
  for (const guest of [...owners, going]) {
    expect((await guest.request.post(`/api/events/${event.id}/join`, { headers: { origin: E2E_ORIGIN }, data: {} })).ok()).toBeTruthy();
  }
  expect((await rejecting.request.post(`/api/events/${event.id}/reject`, { headers: { origin: E2E_ORIGIN }, data: {} })).ok()).toBeTruthy();
  for (const owner of owners) {
    const issued = await host.request.post('/api/tickets', { headers: { origin: E2E_ORIGIN }, data: { user_id: owner.userId, event_id: event.id, amount: 1 } });
    expect(issued.ok(), await issued.text()).toBeTruthy();
  }
  return { event, owners, others: [going, rejecting, host] };
}

/** The numbers the console SMS provider texted `body` to (the dev outbox), once the queue has sent them. */
async function textedNumbers(page: Page, body: string, expected: number): Promise<string[]> {
  let numbers: string[] = [];
  await expect
    .poll(async () => {
      const outbox = (await (await page.context().request.get('/api/dev/outbox')).json()) as { data: { to: string; body: string }[] };
      numbers = outbox.data.filter((m) => m.body === body).map((m) => m.to);
      return numbers.length;
    })
    .toBe(expected);
  return numbers.sort();
}

for (const lang of ['en', 'he'] as const) {
  test.describe(`moderator SMS sender (${lang})`, () => {
    test.use({ locale: lang === 'he' ? 'he-IL' : 'en-US' });
    const t = (key: string, values?: Record<string, string | number>) => text(lang, key, values);

    test('a moderator texts the ticket owners from the event menu; the outbox holds exactly their numbers', async ({ page }) => {
      const name = `SMS night ${lang} ${Date.now()}`;
      const { event, owners } = await eventWithTicketOwners(name);
      const moderator = await signInViaApi(page, newPhone(), 'Mod Mira');
      grantModerator(moderator.phone);

      await gotoReady(page, `/events/${event.hash}`);
      await page.getByRole('button', { name: t('eventMenu.label') }).click();
      await page.getByRole('menuitem', { name: t('eventMenu.sendSms') }).click();
      const sheet = page.getByRole('dialog', { name: t('smsSender.sendSms') });
      await expect(sheet).toBeVisible();
      const send = sheet.getByRole('button', { name: t('smsSender.send'), exact: true });
      await expect(send).toBeDisabled(); // no type, no message yet

      await sheet.getByRole('radio', { name: t('smsSender.types.ticket_owners') }).check();
      await expect(sheet.getByRole('status').filter({ hasText: t('smsSender.audience', { count: 2 }) })).toBeVisible();
      await expectAccessible(page, `the Send SMS sheet (${lang})`);
      expect(await smallTargets(page)).toEqual([]);
      const message = lang === 'he' ? `הדלתות נפתחות ב-20:00 ${Date.now()}` : `Doors open at 8pm ${Date.now()}`;
      await sheet.getByLabel(t('smsSender.message')).fill(message);
      await expect(sheet.getByText(t('smsSender.segments', { count: 1 }))).toBeVisible();
      await send.click();
      const confirm = page.getByRole('alertdialog', { name: t('smsSender.confirmTitle', { count: 2 }) });
      await confirm.getByRole('button', { name: t('smsSender.send'), exact: true }).click();
      await expect(sheet.getByText(t('smsSender.sentTo', { count: 2 }))).toBeVisible();

      expect(await textedNumbers(page, message, 2)).toEqual(owners.map((o) => o.phone).sort());
      // The send is recorded, and its count follows the queue to the end.
      await expect(sheet.getByText(t('smsSender.progress', { sent: 2, count: 2 }))).toBeVisible({ timeout: 15_000 });
      await page.screenshot({ path: `test-results/sms-sender-sheet-${lang}.png` });
    });

    test('/sms-sender: find the event, text a specific number; people without the role see no tool', async ({ page }) => {
      const name = `Zebra SMS ${lang} ${Date.now()}`;
      const { event } = await eventWithTicketOwners(name);
      const person = await signInViaApi(page, newPhone(), 'Not Yet Mod');
      await gotoReady(page, '/sms-sender');
      await expect(page.getByText(t('smsSender.notAuthorized'))).toBeVisible();
      grantModerator(person.phone);
      await page.reload();

      await page.getByLabel(t('smsSender.searchLabel')).fill(name.slice(0, 12));
      await page.getByRole('list', { name: t('smsSender.results') }).getByRole('button', { name: new RegExp(name) }).click();
      await page.getByRole('radio', { name: t('smsSender.types.number') }).check();
      const target = newPhone();
      await page.getByLabel(t('smsSender.phone'), { exact: true }).fill(target); // with its country code: a leading plus wins over the chosen country
      await expect(page.getByRole('status').filter({ hasText: t('smsSender.audience', { count: 1 }) })).toBeVisible();
      await expectAccessible(page, `/sms-sender (${lang})`);
      expect(await smallTargets(page)).toEqual([]);
      const message = `Just you ${lang} ${Date.now()}`;
      await page.getByLabel(t('smsSender.message')).fill(message);
      await page.getByRole('button', { name: t('smsSender.send'), exact: true }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: t('smsSender.send'), exact: true }).click();
      expect(await textedNumbers(page, message, 1)).toEqual([target]);
      await expect(page.getByRole('region', { name: t('smsSender.history') }).getByText(message)).toBeVisible();
      expect(event.hash).toBeTruthy();
      await page.screenshot({ path: `test-results/sms-sender-page-${lang}.png`, fullPage: true });
    });
  });
}
