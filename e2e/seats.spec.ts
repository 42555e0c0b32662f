import { expect, test, type Page } from '@playwright/test';
import { expectNoHorizontalOverflow, gotoReady, seatedEventOnSale, signInViaApi } from './fixtures.ts';

/** Picking seats (issue 17) on a seated event, as a buyer meets it in the browser. */

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The colour painted inside a seat's border, beside its number: read off the chart's tiles under its button. */
async function seatFill(page: Page, seat: string): Promise<string> {
  return page.evaluate(async (key) => {
    const box = document.querySelector(`[data-seat="${key}"]`)!.getBoundingClientRect();
    const x = box.left + 5;
    const y = box.top + box.height / 2;
    const tile = [...document.querySelectorAll<SVGSVGElement>('.seat-chart__tile')].find((svg) => {
      const r = svg.getBoundingClientRect();
      return x >= r.left && x < r.right && y >= r.top && y < r.bottom;
    });
    if (!tile) return 'no tile';
    // The tile's own drawing (not a screenshot, which the seat's focus ring could cover), as an image.
    const image = new Image();
    image.src = `data:image/svg+xml,${encodeURIComponent(new XMLSerializer().serializeToString(tile))}`;
    await image.decode();
    const r = tile.getBoundingClientRect();
    const canvas = document.createElement('canvas');
    canvas.width = r.width;
    canvas.height = r.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0, r.width, r.height);
    const [red, green, blue] = context.getImageData(Math.floor(x - r.left), Math.floor(y - r.top), 1, 1).data;
    return `rgb(${red}, ${green}, ${blue})`;
  }, seat);
}

/** The chart's tiles in the page: their place in the chart, whether the scroller shows them, and how far beyond its view they are. */
async function tilesOf(page: Page): Promise<{ left: number; top: number; inView: boolean; distance: number }[]> {
  return page.evaluate(() => {
    const view = document.querySelector('.seat-chart__scroller')!.getBoundingClientRect();
    const grid = document.querySelector('.seat-chart__grid')!.getBoundingClientRect();
    return [...document.querySelectorAll<SVGSVGElement>('.seat-chart__tile')].map((tile) => {
      const box = tile.getBoundingClientRect();
      const dx = Math.max(0, view.left - box.right, box.left - view.right);
      const dy = Math.max(0, view.top - box.bottom, box.top - view.bottom);
      return { left: Math.round(box.left - grid.left), top: Math.round(box.top - grid.top), inView: dx === 0 && dy === 0, distance: Math.max(dx, dy) };
    });
  });
}

/**
 * Wheel and touch listeners in the page that are not passive (on the document and everything in
 * it): each would make a pan or a wheel turn wait for the main thread before the browser scrolls
 * (decision 0045). Playwright's own listeners on the window are not the page's and are not looked at.
 */
async function blockingScrollListeners(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { result } = (await cdp.send('Runtime.evaluate', { expression: 'document' })) as { result: { objectId: string } };
  const { listeners } = (await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId, depth: -1, pierce: true })) as {
    listeners: { type: string; passive: boolean; backendNodeId?: number }[];
  };
  await cdp.detach();
  return listeners.filter((l) => ['wheel', 'mousewheel', 'touchstart', 'touchmove'].includes(l.type) && !l.passive).map((l) => `${l.type} on node ${l.backendNodeId ?? 'document'}`);
}

async function openSeatChart(page: Page, hash: string, texts = { region: 'Are you going?', going: 'Going', getTickets: 'Get tickets' }, scrollY = 0) {
  await gotoReady(page, `/events/${hash}`);
  if (scrollY) await page.evaluate((y) => window.scrollTo(0, y), scrollY);
  await page.getByRole('region', { name: texts.region }).getByRole('button', { name: texts.going, exact: true }).click();
  const sheet = page.getByRole('dialog');
  await sheet.getByRole('button', { name: texts.getTickets }).click();
  return sheet;
}

test('a buyer picks seats by touch and by keyboard, pays, and holds tickets for those seats; another buyer is told the seat went', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const organiserContext = await browser.newContext();
  const organiser = await organiserContext.newPage();
  await signInViaApi(organiser, undefined, 'Olga Organiser');
  const event = await seatedEventOnSale(organiserContext.request, `E2E Seated Night ${Date.now()}`);

  await signInViaApi(page, undefined, 'Bea Buyer');
  const sheet = await openSeatChart(page, event.hash);
  const chart = sheet.getByRole('group', { name: 'Seat chart' });
  await expect(chart.getByRole('button', { name: 'Row A, seat 1, VIP, €50.00, available' })).toBeVisible();
  // 31 seats: 32 places less the one taken out.
  await expect(chart.getByRole('button')).toHaveCount(31);

  // A tap on A2, then the keyboard: from A2 down to B2, Enter.
  await chart.getByRole('button', { name: /^Row A, seat 2,/ }).click();
  await expect(chart.getByRole('button', { name: 'Row A, seat 2, VIP, €50.00, picked' })).toHaveAttribute('aria-pressed', 'true');
  // What the eye sees follows: the picked seat is painted filled (the primary colour), its neighbour white.
  await expect.poll(() => seatFill(page, '0:1')).toBe('rgb(91, 61, 245)');
  expect(await seatFill(page, '0:2')).toBe('rgb(255, 255, 255)');
  await page.keyboard.press('ArrowDown');
  await expect(chart.getByRole('button', { name: /^Row B, seat 2,/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(sheet.getByText('2 seats picked: A2, B2')).toBeVisible();
  await expect(sheet.getByText('€70.00')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'en-1-seat-chart');

  // Another buyer takes B2 first (through the API, as a second phone would).
  const rival = await browser.newContext();
  await signInViaApi(await rival.newPage(), undefined, 'Rita Rival');
  const taken = await rival.request.get(`/api/payments/embed/${event.id}?current_session=rival-session-1&seats[0][row]=1&seats[0][col]=1&seats[0][label]=B2`);
  expect(taken.ok(), await taken.text()).toBeTruthy();

  await sheet.getByRole('button', { name: 'NEXT' }).click();
  await sheet.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(sheet.getByText('Seat B2 has just been taken: pick another.')).toBeVisible();
  await expect(chart.getByRole('button', { name: /^Row B, seat 2, Stalls, €20.00, being bought by someone/ })).toBeVisible();
  await expect(sheet.getByText('1 seat picked: A2')).toBeVisible();
  await shot(page, 'en-2-seat-taken');

  // B3 instead; then pay.
  await chart.getByRole('button', { name: /^Row B, seat 3,/ }).click();
  await sheet.getByRole('button', { name: 'NEXT' }).click();
  await sheet.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(sheet.getByRole('button', { name: 'Pay €73.50' })).toBeVisible();
  await sheet.locator('input[autocomplete="cc-number"]').fill('4242 4242 4242 4242');
  await sheet.locator('input[autocomplete="cc-exp"]').fill('12 / 34');
  await sheet.locator('input[autocomplete="cc-csc"]').fill('123');
  await sheet.locator('form button[type=submit]').last().click();
  await expect(sheet.getByText('Payment successful')).toBeVisible({ timeout: 20_000 });

  await page.goto('/tickets');
  await expect(page.getByText('A2', { exact: true })).toBeVisible();
  await expect(page.getByText('B3', { exact: true })).toBeVisible();
  await shot(page, 'en-3-tickets-with-seats');
  await rival.close();
  await organiserContext.close();
});

test('the seat chart in Hebrew: the hall is not mirrored, the text around it is', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const organiserContext = await browser.newContext();
  await signInViaApi(await organiserContext.newPage(), undefined, 'Olga Organiser');
  const event = await seatedEventOnSale(organiserContext.request, `E2E Seated Hebrew ${Date.now()}`);
  await page.addInitScript(() => localStorage.setItem('preferredLanguage', 'he'));
  await signInViaApi(page, undefined, 'Bea Buyer');
  const sheet = await openSeatChart(page, event.hash, { region: 'אתם מגיעים?', going: 'מגיע/ה', getTickets: 'לקנות כרטיסים' });
  const chart = sheet.getByRole('group', { name: 'מפת מושבים' });
  const a1 = chart.getByRole('button', { name: /^שורה A, מושב 1,/ });
  const a2 = chart.getByRole('button', { name: /^שורה A, מושב 2,/ });
  await expect(a1).toBeVisible();
  // Seat 1 stays on the left of seat 2, as the hall prints them.
  expect((await a1.boundingBox())!.x).toBeLessThan((await a2.boundingBox())!.x);
  await a2.click();
  await expect(sheet.getByText('מושבים שנבחרו (1): A2')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'he-1-seat-chart');
  await organiserContext.close();
});

test('a large hall: seats in view have buttons, tiles beyond the view are drawn ahead and far ones leave, a tap just after a pan lands on the seat drawn there, and the buttons follow the view', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const organiserContext = await browser.newContext();
  await signInViaApi(await organiserContext.newPage(), undefined, 'Olga Organiser');
  // 30 rows of 40: 1,199 seats, more than the 600 that have every button.
  const event = await seatedEventOnSale(organiserContext.request, `E2E Large Hall ${Date.now()}`, { rows: 30, columns: 40 });
  await signInViaApi(page, undefined, 'Bea Buyer');
  // The page scrolled a little first: it is where it was behind the sheet, and after it.
  const sheet = await openSeatChart(page, event.hash, undefined, 200);
  const chart = sheet.getByRole('group', { name: 'Seat chart' });
  const scroller = page.locator('.seat-chart__scroller');
  await expect(chart).toHaveAttribute('data-painted', '');
  // The page behind the sheet is locked by CSS alone (decision 0045): no wheel or touch listener
  // that is not passive, the page not scrollable, a wheel turn over the dim layer moves nothing;
  // a wheel turn over the chart scrolls the chart.
  expect(await blockingScrollListeners(page)).toEqual([]);
  // The chart's frame fits the sheet: the hall scrolls inside it, the sheet does not scroll sideways.
  expect(await sheet.locator('.sheet__body').evaluate((body) => body.scrollWidth - body.clientWidth)).toBe(0);
  // Its rounded border is the frame's ring, not the scroller's: a rounded scroller makes Chromium
  // find each pan's target on the main thread (decision 0045).
  expect(await scroller.evaluate((element) => getComputedStyle(element).borderRadius)).toBe('0px');
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  const behind = await page.evaluate(() => window.scrollY);
  expect(behind).toBe(200);
  await page.mouse.move(195, 30);
  await page.mouse.wheel(0, 600);
  const scrollerBox = (await scroller.boundingBox())!;
  await page.mouse.move(scrollerBox.x + scrollerBox.width / 2, scrollerBox.y + scrollerBox.height / 2);
  await page.mouse.wheel(120, 60);
  await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(behind);
  await scroller.evaluate((element) => element.scrollTo(0, 0));
  const inView = await chart.getByRole('button').count();
  expect(inView).toBeGreaterThan(20);
  expect(inView).toBeLessThan(300);
  await expect(chart.locator('[data-seat="29:39"]')).toHaveCount(0);
  // In idle time the tiles one beyond the view go in the page too (a pan then finds them drawn).
  await expect.poll(() => tilesOf(page).then((tiles) => tiles.filter((t) => !t.inView).length)).toBeGreaterThan(0);
  expect((await tilesOf(page)).filter((t) => t.inView).length).toBeGreaterThan(0);

  // The sheet done sliding in (positions are taken from the screen below).
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const top = () => document.querySelector('[role=dialog]')!.getBoundingClientRect().top;
        const before = top();
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(top() === before)));
      }),
  );
  // To the far corner, and a tap there in the same moment: no button there yet, the seat drawn under it is picked.
  const tapped = await page.evaluate(() => {
    const scroller = document.querySelector('.seat-chart__scroller')!;
    scroller.scrollIntoView({ block: 'center', behavior: 'instant' });
    scroller.scrollTo({ top: scroller.scrollHeight, left: scroller.scrollWidth, behavior: 'instant' });
    const grid = document.querySelector('.seat-chart__grid')!.getBoundingClientRect();
    // The last seat: 28 px of row names, 39 seats of 32 px 3 apart and the gap after the fourth; the gap after the first row.
    const x = grid.left + 28 + 39 * 35 + 19 + 16;
    const y = grid.top + 29 * 35 + 19 + 16;
    const target = document.elementFromPoint(x, y);
    if (!target) return `nothing at ${x}, ${y}`;
    target.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: x, clientY: y }));
    return `${target.tagName.toLowerCase()}.${String(target.className)} at ${Math.round(x - grid.left)},${Math.round(y - grid.top)} of ${Math.round(grid.width)}x${Math.round(grid.height)}`;
  });
  expect(tapped).toMatch(/^div.seat-chart__grid /);
  await expect(sheet.getByText(/^1 seat picked: /)).toBeVisible();
  // Once the pan rests, the seats in view have their buttons: the one picked among them.
  await expect(chart.locator('[data-seat="29:39"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(chart.locator('[data-seat="0:0"]')).toHaveCount(0);
  await expect.poll(() => seatFill(page, '29:39')).toBe('rgb(91, 61, 245)');
  // The tiles far from the view have left the page (two tiles of 256 px beyond it are kept).
  const far = (await tilesOf(page)).filter((t) => t.distance > 2 * 256);
  expect(far).toEqual([]);
  expect((await tilesOf(page)).some((t) => t.left === 0 && t.top === 0)).toBe(false);
  await shot(page, 'en-4-large-hall-corner');
  // Closed, the page scrolls again, from where it was.
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('visible');
  expect(await page.evaluate(() => window.scrollY)).toBe(behind);
  await organiserContext.close();
});
