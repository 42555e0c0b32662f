import { expect, test } from '@playwright/test';
import { expectAccessible, text } from './accessibility.ts';
import { E2E_ORIGIN, expectNoHorizontalOverflow, gotoReady, newPhone, readCode, signInWithRequest } from './fixtures.ts';
import { startGoogleProvider, type GoogleProvider } from './google-provider.ts';

/**
 * Google sign-in through the real protocol (issue 19): the 500x600 window goes to planns'
 * authorize, the local provider double, planns' callback, posts to the opener and closes; the
 * login then asks for the name (a new Google account has none), the picture, and finishes at step
 * 5 without the welcome screen.
 */

let provider: GoogleProvider;
test.beforeAll(async () => {
  provider = await startGoogleProvider();
});
test.afterAll(async () => {
  await provider.server.stop();
});

for (const language of ['en', 'he'] as const) {
  test.describe(language, () => {
    test.use({ locale: language === 'he' ? 'he-IL' : 'en-US' });
    const t = (key: string) => text(language, key);

    test(`a new person signs in with Google, names themselves and lands on their account (${language})`, async ({ page }, testInfo) => {
      await gotoReady(page, '/');
      await page.getByRole('button', { name: t('cookies.accept') }).click();
      await page.getByRole('navigation', { name: t('nav.label') }).getByRole('link', { name: t('nav.account') }).click();
      const modal = page.getByRole('dialog');
      await modal.getByRole('button', { name: t('common.next') }).click();
      await expect(modal.getByRole('heading', { name: t('login.phone.title') })).toBeVisible();

      // Step 1: the Google button above an 'or' divider and the phone.
      const google = modal.getByRole('button', { name: t('login.google.continue') });
      await expect(google).toBeVisible();
      await expect(modal.getByText(t('login.google.or'), { exact: true })).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page, `login with Google (${language})`);
      await page.screenshot({ path: testInfo.outputPath(`login-google-${language}.png`) });

      const popupOpened = page.waitForEvent('popup');
      await google.click();
      const popup = await popupOpened;
      // The window may be done (and closed) before a wait for its 'close' event starts: its state is polled.
      await expect.poll(() => popup.isClosed(), { timeout: 20_000 }).toBe(true);

      // A new Google account has no name: step 3, then the picture, skipped, which finishes (no welcome).
      await expect(modal.getByRole('heading', { name: t('login.name.title') })).toBeVisible();
      await modal.getByLabel(t('profile.firstName')).fill(language === 'he' ? 'נועה' : 'Gale');
      await modal.getByLabel(t('profile.lastName')).fill(language === 'he' ? 'גוגל' : 'Google');
      await modal.getByRole('checkbox').check();
      await modal.getByRole('button', { name: t('common.next') }).click();
      await expect(modal.getByRole('heading', { name: t('login.picture.title') })).toBeVisible();
      await modal.getByRole('button', { name: t('login.picture.skip') }).click();
      await expect(modal).toBeHidden();
      // The remembered action (open_profile) opens the account screen, signed in by the HttpOnly cookie.
      await expect(page).toHaveURL(/\/my-user$/);
      const me = await page.request.get('/api/user');
      expect(me.status()).toBe(200);
      expect(((await me.json()) as { data: { phone: string | null; name: string } }).data).toMatchObject({ phone: null });
      const cookies = await page.context().cookies();
      expect(cookies.find((cookie) => cookie.name === 'planns_session')?.httpOnly).toBe(true);
    });
  });
}

test('closing the Google window says so', async ({ page }) => {
  await gotoReady(page, '/');
  await page.getByRole('button', { name: 'Got it' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('button', { name: 'NEXT' }).click();
  // The provider double answers at once: here the window stays on a page of its own until it is closed.
  await page.context().route('**/google/mobile/authorize**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Google</p>' }));
  const popupOpened = page.waitForEvent('popup');
  await modal.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  await expect(modal.getByRole('button', { name: 'Waiting for Google…' })).toBeDisabled();
  await popup.close();
  await expect(modal.getByRole('alert')).toHaveText('Authentication window was closed', { timeout: 10_000 });
  await expect(modal.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
});

test('a Google account whose email is on an account is linked only by that account’s phone sign-in', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  // Lena has a phone account showing her address.
  const email = `lena.${Date.now()}@planns.example`;
  const lena = await playwright.request.newContext({ baseURL });
  const { phone, userId } = await signInWithRequest(lena, newPhone(), 'Lena Link');
  expect((await lena.post('/api/set-name', { data: { id: userId, name: 'Lena Link', email, terms_accepted: true }, headers: { origin: E2E_ORIGIN } })).ok()).toBeTruthy();
  await lena.dispose();

  await gotoReady(page, '/');
  await page.getByRole('button', { name: 'Got it' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('button', { name: 'NEXT' }).click();

  // Google says the address is hers: no sign-in, the modal asks for the phone (or a new account).
  provider.setClaims({ email, email_verified: true });
  const popupOpened = page.waitForEvent('popup');
  await modal.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  await expect.poll(() => popup.isClosed(), { timeout: 20_000 }).toBe(true);
  provider.setClaims({});
  await expect(modal.getByRole('alert')).toContainText("This Google account's email is already on a planns account");
  await expect(modal.getByRole('button', { name: 'Create a new account with Google instead' })).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(401);
  await expectAccessible(page, 'login with a Google account to link');

  // Her phone sign-in in this browser links it (a code was sent to her phone moments ago: 30 s apart).
  await modal.getByLabel('Phone number').fill(phone);
  await expect(async () => {
    await modal.getByRole('button', { name: 'Send code' }).click();
    await expect(modal.getByRole('heading', { name: 'Confirm Code' })).toBeVisible({ timeout: 2000 });
  }).toPass({ intervals: [5000], timeout: 45_000 });
  await modal.getByLabel('Verification code').fill(await readCode(page.request, phone));
  await expect(page.getByText('Your Google account is linked: next time you can sign in with Google.')).toBeVisible();
  await expect(modal.getByRole('heading', { name: 'Your picture' })).toBeVisible();
  const me = (await (await page.request.get('/api/user')).json()) as { data: { id: number } };
  expect(me.data.id).toBe(userId);
});
