import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectAccessible, startingWith, text } from './accessibility.ts';
import { createEventViaApi, E2E_ORIGIN, gotoReady, newPhone, openVerifiedPayoutAccount, readCode, seatedEventOnSale, signInViaApi, signInWithRequest } from './fixtures.ts';

/**
 * Every screen, and every panel and sheet on it, in English and Hebrew, as a visitor and signed in,
 * passes axe-core with no serious or critical finding (issue 18). Buttons and sheets are found by
 * the app's own texts in each language (accessibility.ts).
 */

test.describe.configure({ timeout: 180_000 });

/** An event the person of `request` owns, made through the API (online, free unless ticket types are given). */
function createEvent(request: APIRequestContext, name: string, extra: Record<string, unknown> = {}): Promise<{ id: number; hash: string }> {
  return createEventViaApi(request, { name, start_date: '2030-06-01 20:00:00', location_type: 'virtual', url: 'https://meet.example.com/a11y', max: 50, ...extra });
}

/** Closes the open sheet or dialog with Escape and waits until it is gone. */
async function closeSheet(page: Page, sheet: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
}

for (const language of ['en', 'he'] as const) {
  test.describe(language, () => {
    // The browser's language picks the app's (a stored choice would win).
    test.use({ locale: language === 'he' ? 'he-IL' : 'en-US' });
    const t = (key: string, values?: Record<string, string | number>) => text(language, key, values);

    test(`a visitor's screens and sheets, and signing up, pass axe, with 44 px touch targets (${language})`, async ({ page, context }) => {
      // The sign-up below asks for a code through the UI: an address of its own keeps it off the
      // per-network limit the rest of the suite shares.
      await context.setExtraHTTPHeaders({ 'x-forwarded-for': `203.0.113.${language === 'en' ? 10 : 11}` });

      await page.goto('/');
      await expect(page.getByRole('button', { name: t('cookies.accept') })).toBeVisible();
      await expectAccessible(page, `home with the cookies banner (${language})`);
      await page.getByRole('button', { name: t('cookies.accept') }).click();

      await page.goto('/events');
      await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
      await expectAccessible(page, `events (${language})`);
      await page.getByRole('button', { name: t('filters.open') }).click();
      const filters = page.getByRole('dialog', { name: t('filters.title') });
      await expect(filters).toBeVisible();
      await expectAccessible(page, `filters (${language})`);
      await closeSheet(page, filters);

      // A demo event's page, its share sheet and comments.
      await page.getByRole('main').getByRole('article').first().getByRole('link').first().click();
      await expect(page).toHaveURL(/\/events\/[^/]+$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `a demo event (${language})`);
      await page.getByRole('button', { name: t('share.button'), exact: true }).first().click();
      const share = page.getByRole('dialog', { name: t('share.title'), exact: true });
      await expect(share).toBeVisible();
      await expectAccessible(page, `share (${language})`);
      await closeSheet(page, share);

      for (const path of ['/terms', '/privacy-policy', '/cookies-policy', '/no/such/page', '/my-user', '/my-events', '/notifications', '/friends', '/tickets']) {
        await page.goto(path);
        await expect(page.getByRole('main')).toBeVisible();
        await expectAccessible(page, `${path} signed out (${language})`);
      }

      // Signing up through every step of the login sheet.
      const phone = newPhone();
      await gotoReady(page, '/');
      await page.getByRole('navigation', { name: t('nav.label') }).getByRole('link', { name: t('nav.account') }).click();
      const modal = page.getByRole('dialog');
      await expect(modal.getByRole('heading', { name: t('login.cover.title') })).toBeVisible();
      await expectAccessible(page, `login cover (${language})`);
      await modal.getByRole('button', { name: t('common.next') }).click();
      await expect(modal.getByRole('heading', { name: t('login.phone.title') })).toBeVisible();
      await modal.getByLabel(t('login.phone.label')).fill(phone);
      await expectAccessible(page, `login phone (${language})`);
      await modal.getByRole('button', { name: t('login.phone.send') }).click();
      await expect(modal.getByRole('heading', { name: t('login.code.title') })).toBeVisible();
      await expectAccessible(page, `login code (${language})`);
      await modal.getByLabel(t('login.code.label')).fill(await readCode(page.request, phone));
      await expect(modal.getByRole('heading', { name: t('login.name.title') })).toBeVisible();
      await modal.getByLabel(t('profile.firstName')).fill('Ada');
      await expectAccessible(page, `login name (${language})`);
      // The terms' link, as the consent sentence words it.
      await modal.getByRole('button', { name: /<terms>(.*)<\/terms>/.exec(t('login.name.agree'))![1] }).click();
      const terms = page.getByRole('dialog', { name: t('legal.terms.title') });
      await expect(terms).toBeVisible();
      await expectAccessible(page, `terms over the login (${language})`);
      await closeSheet(page, terms);
      await expect(modal.getByRole('heading', { name: t('login.name.title') })).toBeVisible();
      await modal.getByRole('checkbox').check();
      await modal.getByRole('button', { name: t('common.next') }).click();
      await expect(modal.getByRole('heading', { name: t('login.picture.title') })).toBeVisible();
      await expectAccessible(page, `login picture (${language})`);
      await modal.getByRole('button', { name: t('login.picture.skip') }).click();
      await expect(modal.getByRole('button', { name: t('login.welcome.done') })).toBeVisible();
      await expectAccessible(page, `login welcome (${language})`);
    });

    test(`a signed-in person's screens and sheets pass axe, with 44 px touch targets (${language})`, async ({ page, context, baseURL }) => {
      const { userId } = await signInViaApi(page, newPhone(), 'Ada Lovelace');
      const friend = await context.browser()!.newContext({ baseURL });
      const other = await signInWithRequest(friend.request, newPhone(), 'Grace Hopper');
      await friend.request.post(`/api/user/${userId}/follow`, { headers: { origin: E2E_ORIGIN } });

      for (const path of [
        '/',
        '/events',
        '/my-user',
        '/my-events',
        '/notifications',
        '/notification_settings',
        '/friends',
        '/user-search',
        `/profile/${other.userId}`,
        '/payment-settings',
        '/payments-received',
        '/purchase-history',
        '/tickets',
        '/stripe-settings',
        '/stripe_registered',
        '/check-ticket/NOSUCHCODE',
      ]) {
        await page.goto(path);
        await expect(page.getByRole('main')).toBeVisible();
        await expectAccessible(page, `${path} signed in (${language})`);
      }

      // The header's notifications panel.
      await gotoReady(page, '/');
      await page.getByRole('button', { name: startingWith(language, 'notifications.title') }).click();
      const notifications = page.getByRole('dialog', { name: t('notifications.title') });
      await expect(notifications).toBeVisible();
      await expectAccessible(page, `notifications panel (${language})`);
      await closeSheet(page, notifications);

      // The account's companion sheet.
      await page.goto('/my-user');
      await page.getByRole('button', { name: t('companions.add'), exact: true }).click();
      const companion = page.getByRole('dialog', { name: t('companions.createTitle') });
      await expect(companion).toBeVisible();
      await expectAccessible(page, `companion sheet (${language})`);
      await closeSheet(page, companion);
      await friend.close();
    });

    test(`by keyboard: sheets open with Enter, close with Escape, and focus returns to what opened them (${language})`, async ({ page }) => {
      await signInViaApi(page, newPhone(), 'Kim Keys');
      const event = await createEvent(page.request, 'Keyboard evening');

      /** Enter on the trigger opens `sheet`; Escape closes it and the trigger has the focus again, visibly. */
      async function roundTrip(trigger: Locator, sheet: Locator): Promise<void> {
        await trigger.focus();
        await page.keyboard.press('Enter');
        await expect(sheet).toBeVisible();
        await expect(sheet.locator(':focus')).toHaveCount(1);
        await page.keyboard.press('Escape');
        await expect(sheet).toHaveCount(0);
        await expect(trigger).toBeFocused();
        expect(await trigger.evaluate((element) => element.matches(':focus-visible')), 'focus is visible').toBe(true);
      }

      // The list and the event page are rendered on the server: a key pressed before the app takes over is lost.
      await gotoReady(page, '/events');
      await roundTrip(page.getByRole('button', { name: t('filters.open') }), page.getByRole('dialog', { name: t('filters.title') }));
      await roundTrip(page.getByRole('button', { name: startingWith(language, 'notifications.title') }), page.getByRole('dialog', { name: t('notifications.title') }));

      await gotoReady(page, `/events/${event.hash}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Keyboard evening' })).toBeVisible();
      await roundTrip(page.getByRole('button', { name: t('share.button'), exact: true }).first(), page.getByRole('dialog', { name: t('share.title'), exact: true }));
      await roundTrip(page.getByRole('button', { name: t('comments.open', { number: 0 }) }), page.getByRole('dialog', { name: startingWith(language, 'comments.title') }));
      await roundTrip(page.getByRole('button', { name: startingWith(language, 'rsvp.yourAnswer') }), page.getByRole('dialog', { name: t('rsvp.sheet.title') }));

      await page.goto('/new-event');
      const form = page.getByRole('form', { name: t('eventForm.title.create') });
      for (const panel of ['eventForm.dates.title', 'eventForm.location.title', 'eventForm.settings.title']) {
        await roundTrip(form.getByRole('button', { name: startingWith(language, panel) }), page.getByRole('dialog', { name: t(panel) }));
      }
    });

    test(`the create form's panels and an organiser's event pass axe, with 44 px touch targets (${language})`, async ({ page, context, baseURL }) => {
      await signInViaApi(page, newPhone(), 'Olga Organiser');
      await openVerifiedPayoutAccount(page.request);

      await page.goto('/new-event');
      const form = page.getByRole('form', { name: t('eventForm.title.create') });
      await expect(form).toBeVisible();
      await expectAccessible(page, `create form (${language})`);
      for (const panel of ['eventForm.dates.title', 'eventForm.location.title', 'eventForm.attending.title', 'eventForm.settings.title', 'eventForm.tickets.title']) {
        await form.getByRole('button', { name: startingWith(language, panel) }).click();
        const sheet = page.getByRole('dialog', { name: t(panel) });
        await expect(sheet).toBeVisible();
        await expectAccessible(page, `create form: ${panel} (${language})`);
        await closeSheet(page, sheet);
      }
      // The date fields follow the language's order, not the browser's (issue 18).
      await form.getByRole('button', { name: startingWith(language, 'eventForm.dates.title') }).click();
      const order = language === 'he' ? ['day', 'month', 'year', 'hour', 'minute'] : ['month', 'day', 'year', 'hour', 'minute'];
      const startFields = page.getByRole('dialog').getByRole('group', { name: t('eventForm.dates.start') }).getByRole('combobox');
      expect(await startFields.evaluateAll((fields) => fields.map((field) => field.getAttribute('aria-label')))).toEqual(order.map((field) => t(`dateFields.${field}`)));
      await closeSheet(page, page.getByRole('dialog'));

      // Reserved seating in the Tickets panel, and the seat scheme creator over it.
      await form.getByRole('button', { name: startingWith(language, 'eventForm.tickets.title') }).click();
      const ticketsPanel = page.getByRole('dialog', { name: t('eventForm.tickets.title') });
      await ticketsPanel.getByRole('switch', { name: startingWith(language, 'eventForm.tickets.paid') }).click();
      await ticketsPanel.getByRole('switch', { name: startingWith(language, 'seats.form.switch') }).click();
      await expectAccessible(page, `tickets panel, reserved seating (${language})`);
      await ticketsPanel.getByLabel(t('seats.form.scheme'), { exact: true }).selectOption({ label: t('seats.form.createScheme') });
      const creator = page.getByRole('dialog', { name: t('seats.creator.title') });
      await expect(creator).toBeVisible();
      await expectAccessible(page, `seat scheme creator (${language})`);
      await closeSheet(page, creator);
      await closeSheet(page, ticketsPanel);

      await form.getByRole('button', { name: t('eventForm.submit.create') }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expectAccessible(page, `create form with errors (${language})`);

      // The organiser's own event: its edit form, its menu, the guest list, a photo in the gallery's full view.
      const event = await createEvent(page.request, 'Accessible evening');
      await page.goto(`/edit/${event.id}`);
      await expect(page.getByRole('form')).toBeVisible();
      await expectAccessible(page, `edit form (${language})`);
      await page.goto(`/events/${event.hash}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Accessible evening' })).toBeVisible();
      await expectAccessible(page, `own event (${language})`);
      await page.getByRole('button', { name: t('eventMenu.label') }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectAccessible(page, `event menu (${language})`);
      await page.getByRole('menuitem', { name: t('eventMenu.report') }).click();
      const report = page.getByRole('dialog', { name: t('guests.title') });
      await expect(report).toBeVisible();
      await expectAccessible(page, `event report (${language})`);
      await closeSheet(page, report);
      await page.getByRole('button', { name: t('comments.open', { number: 0 }) }).click();
      const comments = page.getByRole('dialog', { name: startingWith(language, 'comments.title') });
      await expect(comments).toBeVisible();
      await expectAccessible(page, `comments (${language})`);
      await closeSheet(page, comments);

      const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 90, b: 40 } } })
        .jpeg()
        .toBuffer();
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: t('gallery.add') }).click();
      await (await chooser).setFiles({ name: 'sunset.jpg', mimeType: 'image/jpeg', buffer: picture });
      const tile = page.getByRole('list', { name: t('gallery.previewLabel') }).getByRole('listitem').first().getByRole('button');
      await expect(tile).toBeVisible({ timeout: 30_000 });
      await tile.click();
      const full = page.getByRole('dialog', { name: t('gallery.full.title', { name: 'Accessible evening' }) });
      await expect(full).toBeVisible();
      await expectAccessible(page, `gallery full view (${language})`);
      await full.getByRole('button', { name: t('gallery.full.share') }).click();
      const sharePhoto = page.getByRole('dialog', { name: t('share.title'), exact: true });
      await expect(sharePhoto).toBeVisible();
      await expectAccessible(page, `sharing a photo (${language})`);
      await closeSheet(page, sharePhoto);
      await closeSheet(page, full);

      // Another organiser's paid event, as a buyer: the answer sheet, tickets, summary and the card form.
      const seller = await context.browser()!.newContext({ baseURL });
      await signInWithRequest(seller.request, newPhone(), 'Sam Seller');
      await openVerifiedPayoutAccount(seller.request, 'sam@example.com');
      const paid = await createEvent(seller.request, 'Paid evening', {
        pricing_mode: 'multiple',
        currency: 'EUR',
        ticket_types: [
          { name: 'Standard', price: 2000, currency: 'EUR' },
          { name: 'VIP', price: 5000, currency: 'EUR', quantity: 5 },
        ],
      });
      const product = await seller.request.post(`/api/payments/create-product/${paid.id}`, { headers: { origin: E2E_ORIGIN } });
      expect(product.ok(), await product.text()).toBeTruthy();
      await gotoReady(page, `/events/${paid.hash}`);
      await expectAccessible(page, `paid event (${language})`);
      await page.getByRole('region', { name: t('rsvp.title') }).getByRole('button', { name: t('rsvp.actions.join'), exact: true }).click();
      const sheet = page.getByRole('dialog');
      await expect(sheet).toBeVisible();
      await expectAccessible(page, `answer sheet (${language})`);
      // Confirming 'Going' without a ticket asks 'Oh wait!' in Confirm's place, with the focus.
      await sheet.getByRole('button', { name: t('rsvp.sheet.confirm') }).click();
      const ohWait = sheet.getByRole('group', { name: t('rsvp.ohWait.title') });
      await expect(ohWait).toBeVisible();
      await expect(ohWait.getByText(t('rsvp.ohWait.title'))).toBeFocused();
      await expectAccessible(page, `oh wait (${language})`);
      // The tickets' step takes the RSVP's place in the same dialog: the focus goes to its title
      // and stays there (two dialogs passed it back and forth: the closing one's return of focus
      // came after the new one had taken it, and the new one pulled it back).
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { focusSeen: string[] }).focusSeen = seen;
        document.addEventListener('focusin', (event) => seen.push(`${(event.target as Element).tagName} ${(event.target as Element).textContent?.trim() ?? ''}`));
      });
      await ohWait.getByRole('button', { name: t('rsvp.ohWait.getTickets') }).click();
      const ticketsTitle = sheet.getByRole('heading', { name: t('checkout.steps.tickets') });
      await expect(ticketsTitle).toBeFocused();
      // What a closing dialog does with the focus comes a task later: wait for two. Then the focus
      // has gone from the button pressed to the title, and nowhere else.
      await page.evaluate(() => new Promise((resolve) => setTimeout(() => setTimeout(resolve, 50), 50)));
      await expect(ticketsTitle).toBeFocused();
      expect(await page.evaluate(() => (window as unknown as { focusSeen: string[] }).focusSeen)).toEqual([`BUTTON ${t('rsvp.ohWait.getTickets')}`, `H2 ${t('checkout.steps.tickets')}`]);
      await sheet.getByRole('button', { name: t('checkout.more', { name: 'VIP' }) }).click();
      await expectAccessible(page, `tickets (${language})`);
      await sheet.getByRole('button', { name: t('checkout.next') }).click();
      await expectAccessible(page, `order summary (${language})`);
      await sheet.getByRole('button', { name: t('checkout.continueToPayment') }).click();
      await expect(sheet.locator('input[autocomplete="cc-number"]')).toBeVisible();
      await expectAccessible(page, `card form (${language})`);
      // Closing the flow gives the focus back to what opened it: Going, on the page.
      await page.keyboard.press('Escape');
      await expect(sheet).toHaveCount(0);
      await expect(page.getByRole('region', { name: t('rsvp.title') }).getByRole('button', { name: t('rsvp.actions.join'), exact: true })).toBeFocused();
      // A seated event's seat chart.
      const hall = await context.browser()!.newContext({ baseURL });
      await signInWithRequest(hall.request, newPhone(), 'Hal Hall');
      const seated = await seatedEventOnSale(hall.request, 'Seated evening');
      await hall.close();
      await gotoReady(page, `/events/${seated.hash}`);
      await page.getByRole('region', { name: t('rsvp.title') }).getByRole('button', { name: t('rsvp.actions.join'), exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: t('rsvp.getTickets') }).click();
      await expect(page.getByRole('dialog').getByRole('group', { name: t('seats.chart') })).toBeVisible();
      await expectAccessible(page, `seat chart (${language})`);
      await seller.close();
    });
  });
}
