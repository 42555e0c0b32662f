import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow, gotoReady, newPhone, signInViaApi } from './fixtures.ts';

test('a visitor uses the shell: tiles, cookies banner, protected tabs, legal pages, not-found, Home re-tap', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('navigation', { name: 'Main' });

  // The cookies banner stays until accepted, also after a reload.
  const banner = page.getByRole('button', { name: 'Got it' });
  await expect(banner).toBeVisible();
  await page.reload();
  await expect(banner).toBeVisible();
  await banner.click();
  await page.reload();
  await expect(page.getByRole('link', { name: /All events/ })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expectNoHorizontalOverflow(page);

  // Each tile leads to the events list with its preset and heading, showing the seeded demo events;
  // 'Close to you' without the position says it shows every event; 'With friends' asks to sign in.
  const cards = page.getByRole('main').getByRole('article');
  for (const [name, preset, title] of [
    [/All events/, 'all', 'All events'],
    [/Trending now/, 'trending', 'Trending now'],
    [/Close to you/, 'close', 'Close to you'],
    [/With friends/, 'friends', 'With friends'],
    [/This weekend/, 'weekend', 'This weekend'],
  ] as const) {
    await gotoReady(page, '/');
    await page.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/events\\?preset=${preset}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    if (preset === 'friends') {
      await expect(page.getByText('Sign in to see where your friends are going.')).toBeVisible();
      await expect(cards).toHaveCount(0);
      continue;
    }
    if (preset === 'close') await expect(page.getByText(/Allow location access to see events close to you/)).toBeVisible();
    await expect(cards.first()).toBeVisible();
    await expect(page.getByText('No events...yet')).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
  }

  // Re-tapping the active Home tab reloads it with a timestamp query.
  await gotoReady(page, '/');
  await footer.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/\?t=\d+$/);

  // My plans and Create ask a visitor to sign in.
  for (const tab of ['My plans', 'Create']) {
    await footer.getByRole('link', { name: tab }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  }

  // Legal pages open from the footer and go back.
  await footer.getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await expect(page.getByText(/7 days/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).first().click();
  await expect(page).not.toHaveURL(/privacy-policy/);
  await page.goto('/cookies-policy');
  await expect(page.getByRole('heading', { name: 'Cookies Policy', level: 1 })).toBeVisible();
  await page.goto('/terms');
  await expect(page.getByText(/Delaware/).first()).toBeVisible();

  // An unknown address shows the not-found screen (the server sends the app for every page).
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to home' }).click();
  await expect(page.getByRole('link', { name: /All events/ })).toBeVisible();
});

test('the language follows the browser, and a stored choice wins', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('link', { name: /^Todos los eventos/ })).toBeVisible();
  await page.getByLabel('Idioma').selectOption('ja');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await context.close();
});

test('with reduced motion asked for, nothing slides or fades; the spinner still turns', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/events');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  const durations = await page.evaluate(() => {
    const spinner = document.createElement('span');
    spinner.className = 'spinner spinner--small';
    document.body.append(spinner);
    // Also a movement written without the app's duration token (as a later style might be).
    const fixed = document.createElement('div');
    fixed.style.transition = 'opacity 300ms ease';
    fixed.style.animation = 'fade-in 500ms infinite';
    document.body.append(fixed);
    const card = document.querySelector('.event-card')!;
    const result = {
      card: getComputedStyle(card).transitionDuration,
      fixed: getComputedStyle(fixed).transitionDuration,
      fixedIterations: getComputedStyle(fixed).animationIterationCount,
      spinnerIterations: getComputedStyle(spinner).animationIterationCount,
    };
    spinner.remove();
    fixed.remove();
    return result;
  });
  const instant = (value: string) => value.split(',').every((d) => parseFloat(d) <= 0.0001);
  expect(instant(durations.card)).toBe(true);
  expect(instant(durations.fixed)).toBe(true);
  expect(durations.fixedIterations).toBe('1');
  expect(durations.spinnerIterations).toBe('infinite');
});

test('the support contact (SUPPORT_PHONE) is a WhatsApp chat from the account menu and My tickets', async ({ page }) => {
  await signInViaApi(page, newPhone(), 'Sue Support');
  await page.goto('/my-user');
  const support = page.getByRole('link', { name: 'Contact support' });
  await expect(support).toHaveAttribute('href', 'https://wa.me/12025550100');
  await expect(support).toHaveAttribute('target', '_blank');
  await page.goto('/tickets');
  await expect(page.getByText('Trouble with a ticket?')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', 'https://wa.me/12025550100');
});

test("a visitor from a group's shared link sees that group's events (group_context) until they choose all", async ({ page }) => {
  const listed = (await (await page.request.get('/api/events-na?per_page=100')).json()) as { data: { data: { hash: string; group_id: number | null }[] } };
  const grouped = listed.data.data.find((event) => event.group_id !== null);
  expect(grouped, 'the demo data has a public event of a group').toBeTruthy();
  const groupId = grouped!.group_id!;

  await gotoReady(page, `/events/${grouped!.hash}?group_invite=${groupId}`);
  await expect(page).not.toHaveURL(/group_invite/);
  const groupList = page.waitForResponse((response) => response.url().includes('/api/events-na') && new URL(response.url()).searchParams.get('group_context') === String(groupId));
  await page.getByRole('link', { name: 'Home' }).click();
  await page.getByRole('link', { name: /^All events/ }).click();
  const body = (await (await groupList).json()) as { data: { data: { group_id: number | null }[] } };
  expect(body.data.data.length).toBeGreaterThan(0);
  expect(body.data.data.every((event) => event.group_id === groupId)).toBe(true);
  const context = page.getByRole('status').filter({ hasText: 'Events of the group that shared this link' });
  await expect(context).toBeVisible();
  await page.screenshot({ path: 'test-results/group-context-en.png' });

  const everything = page.waitForResponse((response) => response.url().includes('/api/events-na') && !response.url().includes('group_context'));
  await context.getByRole('button', { name: 'Show all' }).click();
  await everything;
  await expect(context).toHaveCount(0);
});
