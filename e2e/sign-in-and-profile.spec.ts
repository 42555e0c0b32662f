import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow, newPhone, readCode } from './fixtures.ts';

/** A real PNG portrait for the picture step. */
async function portraitPng(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 800, channels: 3, background: { r: 90, g: 60, b: 220 } } })
    .png()
    .toBuffer();
}

test('a new person signs in with an SMS code, sets name and picture, edits the profile, manages a companion and reads the app in Hebrew', async ({ page }) => {
  const phone = newPhone();
  await page.goto('/');
  await expect(page.getByRole('link', { name: /All events/ })).toBeVisible();

  // The Account tab asks for login and remembers open_profile.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: 'Plans are better together' })).toBeVisible();
  await modal.getByRole('button', { name: 'NEXT' }).click();

  // Step 1: phone.
  await expect(modal.getByRole('heading', { name: 'Sign In or Sign Up' })).toBeVisible();
  const phoneField = modal.getByLabel('Phone number');
  await phoneField.fill('+120255501'); // too short for a US number, and past 8 characters

  await expect(modal.getByText('Phone is wrong. Please, check your input')).toBeVisible();
  await phoneField.fill(phone);
  await modal.getByRole('button', { name: 'Send code' }).click();

  // Step 2: the code, read from the dev outbox; a wrong one first.
  await expect(modal.getByRole('heading', { name: 'Confirm Code' })).toBeVisible();
  await expect(modal.getByText('Enter a 6 digits verification code')).toBeVisible();
  const code = await readCode(page.request, phone);
  const wrong = code === '000000' ? '111111' : '000000';
  const codeField = modal.getByLabel('Verification code');
  await codeField.fill(wrong);
  await expect(modal.getByText('Code is wrong')).toBeVisible();
  await expect(codeField).toHaveValue('');
  await codeField.fill(code);

  // Step 3: name, with the terms box required.
  await expect(modal.getByRole('heading', { name: 'Your Name' })).toBeVisible();
  await modal.getByLabel('First name').fill('  Dana ');
  await modal.getByLabel('Last name').fill('Katz');
  const next = modal.getByRole('button', { name: 'NEXT' });
  await expect(next).toBeDisabled();
  await modal.getByRole('checkbox').check();
  await next.click();

  // Step 4: picture, cropped in a circle, then uploaded.
  await expect(modal.getByRole('heading', { name: 'Your picture' })).toBeVisible();
  await modal.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await portraitPng() });
  await modal.getByRole('button', { name: 'Upload' }).click();

  // Step 5: welcome, then the remembered action opens the account screen.
  await expect(modal.getByRole('heading', { name: 'Welcome, Dana!' })).toBeVisible();
  await modal.getByRole('button', { name: 'DONE!' }).click();
  await expect(page).toHaveURL(/\/my-user$/);
  await expect(page.getByText('Dana Katz').first()).toBeVisible();
  const avatar = page.locator('img[src^="/media/avatars/"]').first();
  await expect(avatar).toBeVisible();
  const avatarResponse = await page.request.get((await avatar.getAttribute('src'))!);
  expect(avatarResponse.headers()['content-type']).toBe('image/webp');

  // The session is an HttpOnly cookie; nothing secret sits in localStorage.
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'planns_session')?.httpOnly).toBe(true);
  const stored = await page.evaluate(() => JSON.stringify(window.localStorage));
  expect(stored).not.toContain(cookies.find((c) => c.name === 'planns_session')!.value);

  // Edit the profile.
  await expectNoHorizontalOverflow(page);
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await expectNoHorizontalOverflow(page);
  await page.getByLabel('First name').fill('Daniela');
  await page.getByLabel('Email').fill('daniela@example.com');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Daniela Katz').first()).toBeVisible();
  await expect(page.getByText('daniela@example.com')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Daniela Katz').first()).toBeVisible();

  // Add a companion, then delete it after 'Are you sure?'.
  await page.getByRole('button', { name: 'Add' }).click();
  const sheet = page.getByRole('dialog');
  await sheet.getByLabel('First name').fill('Noa');
  await expect(sheet.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await sheet.getByLabel('Son or Daughter').check();
  await sheet.getByRole('button', { name: 'Save' }).click();
  const companions = page.getByRole('list', { name: 'Companions' });
  await expect(companions.getByText('Noa')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Noa' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('Are you sure?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Noa')).toHaveCount(0);

  // Hebrew turns the layout right to left, and the choice is remembered.
  await page.getByLabel('Language').selectOption('he');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'he');
  const nav = page.getByRole('navigation', { name: 'ראשי' });
  const tabs = nav.getByRole('link');
  const first = await tabs.first().boundingBox();
  const last = await tabs.last().boundingBox();
  expect(first!.x).toBeGreaterThan(last!.x); // Home sits on the right in RTL
  await expectNoHorizontalOverflow(page);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});
