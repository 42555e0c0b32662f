import { expect, request as playwrightRequest, test } from '@playwright/test';
import { startingWith, text } from './accessibility.ts';
import { createEventViaApi, E2E_ORIGIN, gotoReady, newPhone, signInViaApi, signInWithRequest } from './fixtures.ts';

for (const lang of ['en', 'he'] as const) {
  test.describe(`the join sheet's new companion (${lang})`, () => {
    test.use({ locale: lang === 'he' ? 'he-IL' : 'en-US' });
    const t = (key: string) => text(lang, key);

    test('a companion made inside the join sheet comes along at once, and the answer keeps them', async ({ page }) => {
      const host = await playwrightRequest.newContext({ baseURL: E2E_ORIGIN });
      await signInWithRequest(host, newPhone(), 'Host Hugo');
      const event = await createEventViaApi(host, { name: `Picnic ${lang} ${Date.now()}`, start_date: '2030-08-01 12:00:00', location_type: 'virtual', url: 'https://meet.example.com/picnic', max: 20 });
      await signInViaApi(page, newPhone(), 'Guest Gal');

      await gotoReady(page, `/events/${event.hash}`);
      await page.getByRole('region', { name: t('rsvp.title') }).getByRole('button', { name: t('rsvp.actions.join'), exact: true }).click();
      const sheet = page.getByRole('dialog', { name: t('rsvp.sheet.title') });
      await expect(sheet.getByText(t('rsvp.sheet.noCompanions'))).toBeVisible();
      await sheet.getByRole('button', { name: t('rsvp.sheet.addCompanion') }).click();

      const companion = page.getByRole('dialog', { name: t('companions.createTitle') });
      await companion.getByLabel(t('profile.firstName')).fill('Pip');
      await companion.getByLabel(t('companions.types.friend')).check();
      await companion.getByRole('button', { name: t('common.save') }).click();
      await expect(companion).toHaveCount(0);

      // Back in the join sheet, nothing sent yet: Pip is listed and ticked.
      await expect(sheet).toBeVisible();
      await expect(sheet.getByRole('checkbox', { name: 'Pip' })).toBeChecked();
      await page.screenshot({ path: `test-results/rsvp-new-companion-${lang}.png` });
      await sheet.getByRole('button', { name: t('rsvp.sheet.confirm') }).click();
      await expect(sheet).toHaveCount(0);
      await expect(page.getByRole('button', { name: startingWith(lang, 'rsvp.yourAnswer') })).toContainText('+1');
      const request = page.context().request;
      const mine = (await (await request.get(`/api/events/${event.hash}`)).json()) as { data: { is_joined: boolean; my_companions: number[] } };
      const companions = (await (await request.get('/api/companions')).json()) as { data: { id: number; first_name: string }[] };
      expect(mine.data.is_joined).toBe(true);
      expect(mine.data.my_companions).toEqual(companions.data.filter((c) => c.first_name === 'Pip').map((c) => c.id));
      expect(mine.data.my_companions).toHaveLength(1);
      await host.dispose();
    });
  });
}
