import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createOnlineEvent, E2E_ORIGIN, expectNoHorizontalOverflow, gotoReady, newPhone, signInWithRequest } from './fixtures.ts';

/** GET /api/gallery/{eventId} as a signed-in person sees it (newest first), the fields checked here. */
type GalleryItemReply = { id: number; url_m: string; url_l: string; likes_count: number; is_liked: boolean; user_uploaded: { id: number } };

async function listGallery(request: APIRequestContext, eventId: number): Promise<GalleryItemReply[]> {
  const res = await request.get(`/api/gallery/${eventId}`);
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: { data: GalleryItemReply[] } }).data.data;
}

/** A real picture: 1600x1200 of one colour, as JPEG or PNG. */
async function solidPicture(background: { r: number; g: number; b: number }, format: 'jpeg' | 'png'): Promise<Buffer> {
  const image = sharp({ create: { width: 1600, height: 1200, channels: 3, background } });
  return format === 'jpeg' ? image.jpeg({ quality: 90 }).toBuffer() : image.png().toBuffer();
}

/** The event page's gallery section (a region named by its title). */
function gallerySection(page: Page): Locator {
  return page.getByRole('region', { name: /^Photos and videos \(/ });
}

/** The preview grid's tiles, newest first. */
function galleryTiles(page: Page): Locator {
  return gallerySection(page).getByRole('list', { name: 'Latest photos and videos' }).getByRole('listitem');
}

test('a guest uploads three photos, opens, likes and shares one; the shared link opens it for someone else; the owner deletes one', async ({
  page: a,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const aName = `Aurelio Hostwick ${stamp}`;
  const bName = `Brisa Shutterby ${stamp}`;
  const cName = `Cosmo Lookington ${stamp}`;
  const eventName = `E2E Picnic Photos ${stamp}`;

  const bContext = await browser.newContext();
  const b = await bContext.newPage();
  const cContext = await browser.newContext();
  const c = await cContext.newPage();

  await signInWithRequest(a.context().request, newPhone(), aName);
  const bUser = await signInWithRequest(bContext.request, newPhone(), bName);
  const cUser = await signInWithRequest(cContext.request, newPhone(), cName);

  // 1. A creates a public event; B opens it and answers Going.
  await gotoReady(a, '/');
  await a.getByRole('button', { name: 'Got it' }).click();
  const hash = await createOnlineEvent(a, eventName, { isPrivate: false });
  const eventId = ((await (await a.request.get(`/api/events/${hash}`)).json()) as { data: { id: number } }).data.id;
  // The owner scrolls to the gallery (it loads as it comes near) and sees it empty, with the way to add the first photos.
  await gallerySection(a).scrollIntoViewIfNeeded();
  await expect(gallerySection(a).getByRole('heading', { level: 2, name: 'Photos and videos (0)' })).toBeVisible();
  await expect(gallerySection(a).getByText('No photos or videos yet')).toBeVisible();

  await gotoReady(b, `/events/${hash}`);
  await b.getByRole('button', { name: 'Got it' }).click();
  await expect(b.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
  // Not going yet: B may not add photos.
  await expect(b.getByRole('button', { name: 'Add photos and videos' })).toHaveCount(0);
  await b.getByRole('region', { name: 'Are you going?' }).getByRole('button', { name: 'Going', exact: true }).click();
  const rsvp = b.getByRole('dialog', { name: 'Are you going?' });
  await expect(rsvp.getByRole('radio', { name: 'Going', exact: true })).toBeChecked();
  await rsvp.getByRole('button', { name: 'Confirm' }).click();
  await expect(rsvp).toHaveCount(0);
  await expect(b.getByRole('button', { name: 'Your answer Going Change' })).toBeVisible();

  // 2. B chooses three pictures at once. The second file's bytes are held back on their way,
  // so the queue is seen mid-way: one done, one uploading, one waiting.
  const files = [
    { name: `red-${stamp}.jpg`, mimeType: 'image/jpeg', buffer: await solidPicture({ r: 220, g: 30, b: 40 }, 'jpeg') },
    { name: `green-${stamp}.png`, mimeType: 'image/png', buffer: await solidPicture({ r: 30, g: 170, b: 60 }, 'png') },
    { name: `blue-${stamp}.jpg`, mimeType: 'image/jpeg', buffer: await solidPicture({ r: 40, g: 70, b: 210 }, 'jpeg') },
  ];
  expect(new Set(files.map((file) => file.buffer.toString('base64'))).size).toBe(3);
  const [size1, size2] = files.map((file) => file.buffer.length) as [number, number, number];
  const totalBytes = files.reduce((sum, file) => sum + file.buffer.length, 0);

  let puts = 0;
  let releaseSecond!: () => void;
  let secondArrived!: () => void;
  const secondReleased = new Promise<void>((resolve) => (releaseSecond = resolve));
  const secondHeld = new Promise<void>((resolve) => (secondArrived = resolve));
  await b.route('**/api/media/uploads/*', async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    puts += 1;
    if (puts === 2) {
      secondArrived();
      await secondReleased;
    }
    return route.continue();
  });

  const addButton = gallerySection(b).getByRole('button', { name: 'Add photos and videos' });
  await expect(addButton).toBeVisible();
  const chooser = b.waitForEvent('filechooser');
  await addButton.click();
  await (await chooser).setFiles(files);

  await secondHeld;
  const uploads = b.getByRole('region', { name: 'Uploads' });
  const progress = uploads.getByRole('progressbar', { name: 'Upload progress' });
  const rows = uploads.getByRole('list', { name: 'Files' }).getByRole('listitem');
  await expect(uploads.getByText(`Uploading ${files[1]!.name}`)).toBeVisible();
  await expect(progress).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(`${files[0]!.name}`);
  await expect(rows.nth(0)).toContainText('Done');
  await expect(rows.nth(1)).toContainText(files[1]!.name);
  await expect(rows.nth(2)).toContainText(files[2]!.name);
  await expect(rows.nth(2)).toContainText('Waiting');
  expect(puts).toBe(2);
  // Overall progress counts the bytes of all three: the first file's share at least, never 100 %.
  const midway = Number(await progress.getAttribute('aria-valuenow'));
  expect(midway).toBeGreaterThanOrEqual(Math.floor((size1 * 100) / totalBytes));
  expect(midway).toBeLessThanOrEqual(Math.floor(((size1 + size2) * 100) / totalBytes));
  expect(midway).toBeLessThan(100);
  await expect(progress).toHaveAttribute('aria-valuetext', `${midway} %`);
  await expect(uploads.getByText(`${midway} %`, { exact: true })).toBeVisible();
  // The first picture is in the grid already; the list cannot be cleared while files are on their way.
  await expect(galleryTiles(b)).toHaveCount(1);
  await expect(uploads.getByRole('button', { name: 'Clear list' })).toHaveCount(0);

  releaseSecond();
  await expect(uploads.getByText('3 of 3 uploaded', { exact: true })).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(uploads.getByText('100 %', { exact: true })).toBeVisible();
  for (let i = 0; i < 3; i += 1) await expect(rows.nth(i)).toContainText('Done');
  await expect(uploads.getByRole('button', { name: 'Clear list' })).toBeVisible();
  expect(puts).toBe(3);
  await b.unroute('**/api/media/uploads/*');

  // The three tiles, newest first, each the server's picture, side by side in one row of three.
  const items = await listGallery(bContext.request, eventId);
  expect(items).toHaveLength(3);
  expect(items.every((item) => item.user_uploaded.id === bUser.userId && item.likes_count === 0)).toBe(true);
  expect(new Set(items.map((item) => item.url_l)).size).toBe(3);
  await gallerySection(b).scrollIntoViewIfNeeded();
  await expect(gallerySection(b).getByRole('heading', { level: 2, name: 'Photos and videos (3)' })).toBeVisible();
  await expect(galleryTiles(b)).toHaveCount(3);
  // The finished list goes by itself (nothing failed).
  await expect(uploads).toHaveCount(0, { timeout: 10_000 });
  for (const [i, item] of items.entries()) {
    const tile = galleryTiles(b).nth(i);
    await expect(tile.getByRole('button', { name: `Photo by ${bName}` })).toBeVisible();
    await expect(tile.locator('img')).toHaveAttribute('src', item.url_m);
  }
  await expect
    .poll(() => galleryTiles(b).evaluateAll((tiles) => tiles.every((tile) => (tile.querySelector('img') as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
  const boxes = await galleryTiles(b).evaluateAll((tiles) => tiles.map((tile) => tile.getBoundingClientRect().toJSON() as DOMRect));
  const grid = (await gallerySection(b).getByRole('list', { name: 'Latest photos and videos' }).boundingBox())!;
  expect(new Set(boxes.map((box) => Math.round(box.top))).size, 'three tiles on one row').toBe(1);
  expect(boxes[0]!.left).toBeLessThan(boxes[1]!.left);
  expect(boxes[1]!.left).toBeLessThan(boxes[2]!.left);
  for (const box of boxes) {
    expect(box.width).toBeGreaterThan(grid.width / 4);
    expect(box.width).toBeLessThanOrEqual(grid.width / 3);
    expect(Math.abs(box.width - box.height), 'square tiles').toBeLessThanOrEqual(1);
  }
  await expectNoHorizontalOverflow(b);

  // 3. B opens the middle photo in the full view and moves through the three.
  const full = (page: Page) => page.getByRole('dialog', { name: `Photos and videos of ${eventName}` });
  const picture = (page: Page) => full(page).getByRole('img', { name: `Photo by ${bName}` });
  const position = (page: Page) => full(page).locator('.gallery-full__position');
  // The view's own Close (a notice in the view has a Close button too).
  const closeView = (page: Page) => full(page).locator('.gallery-full__top').getByRole('button', { name: 'Close' }).click();
  await galleryTiles(b).nth(1).getByRole('button').click();
  await expect(full(b)).toBeVisible();
  await expect(position(b)).toHaveText('2 / 3');
  await expect(picture(b)).toHaveAttribute('src', items[1]!.url_l);
  // The address names the photo: Back closes it, Forward and a reload open it again.
  await expect(b).toHaveURL(new RegExp(`/events/${hash}\\?open_photo=${items[1]!.id}$`));
  await b.goBack();
  await expect(full(b)).toHaveCount(0);
  await expect(b).toHaveURL(new RegExp(`/events/${hash}$`));
  await b.goForward();
  await expect(position(b)).toHaveText('2 / 3');
  await b.reload();
  await expect(position(b)).toHaveText('2 / 3');
  const next = full(b).getByRole('button', { name: 'Next' });
  const previous = full(b).getByRole('button', { name: 'Previous' });
  await next.click();
  await expect(position(b)).toHaveText('3 / 3');
  await expect(picture(b)).toHaveAttribute('src', items[2]!.url_l);
  await expect(b).toHaveURL(new RegExp(`open_photo=${items[2]!.id}$`));
  await expect(next).toBeDisabled();
  await previous.click();
  await expect(position(b)).toHaveText('2 / 3');
  await previous.click();
  await expect(position(b)).toHaveText('1 / 3');
  await expect(picture(b)).toHaveAttribute('src', items[0]!.url_l);
  await expect(previous).toBeDisabled();
  await next.click();
  await expect(position(b)).toHaveText('2 / 3');
  const shared = items[1]!;
  await expect(picture(b)).toHaveAttribute('src', shared.url_l);
  await expect(full(b).getByText(bName, { exact: true })).toBeVisible();
  // B's own photo: no Report; B did not make the event, so no Approve either.
  await expect(full(b).getByRole('button', { name: 'Report' })).toHaveCount(0);

  // B likes it: the count goes to 1 and the heart shows pressed, on the server too.
  const likeButton = full(b).getByRole('button', { name: /^Like \d/ });
  await expect(likeButton).toHaveAccessibleName('Like 0');
  await expect(likeButton).toHaveAttribute('aria-pressed', 'false');
  const liked = b.waitForResponse((res) => res.url().endsWith(`/api/gallery/${shared.id}/like`) && res.request().method() === 'POST');
  await likeButton.click();
  expect((await liked).ok()).toBeTruthy();
  await expect(likeButton).toHaveAccessibleName('Like 1');
  await expect(likeButton).toHaveAttribute('aria-pressed', 'true');
  await expect(likeButton).toHaveText(/^Like\s*1$/);
  const afterLike = (await listGallery(bContext.request, eventId)).find((item) => item.id === shared.id)!;
  expect(afterLike).toMatchObject({ likes_count: 1, is_liked: true });

  // Share from the full view: only WhatsApp and Copy Event Link, both with this photo's open_photo.
  await bContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  await full(b).getByRole('button', { name: 'Share', exact: true }).click();
  const share = b.getByRole('dialog', { name: 'Share', exact: true });
  await expect(share).toBeVisible();
  await expect(share.getByRole('listitem')).toHaveText(['Share with Whatsapp', 'Copy Event Link']);
  for (const absent of ['Share with Email', 'Share with SMS', 'Share with Friends', 'Copy Event Info', 'More options…']) {
    await expect(share.getByText(absent)).toHaveCount(0);
  }
  const expectedLink = `${E2E_ORIGIN}/events/${hash}?open_photo=${shared.id}`;
  const whatsapp = await share.getByRole('link', { name: 'Share with Whatsapp' }).getAttribute('href');
  expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\?text=/);
  const whatsappText = new URL(whatsapp!).searchParams.get('text')!;
  expect(whatsappText.startsWith(`${eventName}\n`), whatsappText).toBe(true);
  expect(whatsappText.split('\n')).toContain(expectedLink);

  await share.getByRole('button', { name: 'Copy Event Link' }).click();
  await expect(full(b).getByRole('status').getByText('Copied', { exact: true })).toBeVisible();
  await expect(share).toHaveCount(0);
  const copied = await b.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(expectedLink);
  const copiedUrl = new URL(copied);
  expect(copiedUrl.pathname).toBe(`/events/${hash}`);
  expect(Number(copiedUrl.searchParams.get('open_photo'))).toBe(shared.id);
  // The full view stays open on the photo after sharing.
  await expect(position(b)).toHaveText('2 / 3');

  // 4. C (signed in, not a guest) opens the link straight away: the full view shows that photo
  // with B's like.
  await c.goto(copied);
  await expect(full(c)).toBeVisible();
  await expect(position(c)).toHaveText('2 / 3');
  await expect(picture(c)).toHaveAttribute('src', shared.url_l);
  const cLike = full(c).getByRole('button', { name: /^Like \d/ });
  await expect(cLike).toHaveAccessibleName('Like 1');
  await expect(cLike).toHaveAttribute('aria-pressed', 'false');
  await expect(full(c).getByText(bName, { exact: true })).toBeVisible();
  // Someone else's photo, for someone who is not the owner: Report, no Delete.
  await expect(full(c).getByRole('button', { name: 'Report' })).toBeVisible();
  await expect(full(c).getByRole('button', { name: 'Delete' })).toHaveCount(0);
  expect(new URL(c.url()).searchParams.get('open_photo')).toBe(String(shared.id));
  // Closing takes open_photo out of the address and leaves C on the event, read-only.
  await closeView(c);
  await expect(full(c)).toHaveCount(0);
  await expect(c).toHaveURL(new RegExp(`/events/${hash}$`));
  await expect(c.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
  await expect(galleryTiles(c)).toHaveCount(3);
  await expect(gallerySection(c).getByRole('button', { name: 'Add photos and videos' })).toHaveCount(0);
  expect(cUser.userId).not.toBe(bUser.userId);

  // 5. A opens the gallery, opens the shared photo (not the first) and deletes it: the view
  // moves back one.
  await a.goto(`/events/${hash}`);
  await gallerySection(a).scrollIntoViewIfNeeded();
  await expect(gallerySection(a).getByRole('heading', { level: 2, name: 'Photos and videos (3)' })).toBeVisible();
  await expect(galleryTiles(a)).toHaveCount(3);
  await galleryTiles(a).nth(1).getByRole('button').click();
  await expect(position(a)).toHaveText('2 / 3');
  await expect(picture(a)).toHaveAttribute('src', shared.url_l);
  await expect(full(a).getByRole('button', { name: /^Like \d/ })).toHaveAccessibleName('Like 1');
  await full(a).getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = a.getByRole('alertdialog', { name: 'Are you sure you want to delete this event?' });
  await expect(confirm).toBeVisible();
  const deleted = a.waitForResponse((res) => res.url().endsWith(`/api/gallery/${shared.id}`) && res.request().method() === 'DELETE');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  expect((await deleted).ok()).toBeTruthy();
  await expect(confirm).toHaveCount(0);
  await expect(full(a).getByRole('status').getByText('Deleted from the gallery')).toBeVisible();
  await expect(position(a)).toHaveText('1 / 2');
  await expect(picture(a)).toHaveAttribute('src', items[0]!.url_l);
  await closeView(a);
  await expect(full(a)).toHaveCount(0);
  await expect(gallerySection(a).getByRole('heading', { level: 2, name: 'Photos and videos (2)' })).toBeVisible();
  await expect(galleryTiles(a)).toHaveCount(2);
  expect(await galleryTiles(a).locator('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')))).toEqual([
    items[0]!.url_m,
    items[2]!.url_m,
  ]);
  expect((await listGallery(a.request, eventId)).map((item) => item.id)).toEqual([items[0]!.id, items[2]!.id]);
  await expectNoHorizontalOverflow(a);

  // B's page, reloaded, shows the two left too.
  await b.reload();
  await expect(gallerySection(b).getByRole('heading', { level: 2, name: 'Photos and videos (2)' })).toBeVisible();
  await expect(galleryTiles(b)).toHaveCount(2);
  expect(await galleryTiles(b).locator('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')))).toEqual([
    items[0]!.url_m,
    items[2]!.url_m,
  ]);
  await expectNoHorizontalOverflow(b);

  await bContext.close();
  await cContext.close();
});
