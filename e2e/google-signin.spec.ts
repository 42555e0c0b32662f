import { expect, test } from '@playwright/test';
import type { OAuth2Server } from 'oauth2-mock-server';
import { expectAccessible, text } from './accessibility.ts';
import { expectNoHorizontalOverflow, gotoReady } from './fixtures.ts';
import { startGoogleProvider } from './google-provider.ts';

/**
 * Google sign-in through the real protocol (issue 19): the 500x600 window goes to planns'
 * authorize, the local provider double, planns' callback, posts to the opener and closes; the
 * login then asks for the name (a new Google account has none), the picture, and finishes at step
 * 5 without the welcome screen.
 */

let provider: OAuth2Server;
test.beforeAll(async () => {
  provider = await startGoogleProvider();
});
test.afterAll(async () => {
  await provider.stop();
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
      await popup.waitForEvent('close');

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
