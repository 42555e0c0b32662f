import { expect, test, type Page } from '@playwright/test';
import { createOnlineEvent, expectNoHorizontalOverflow, gotoReady, newPhone, signInWithRequest } from './fixtures.ts';

/**
 * The event ids this page's socket asked to follow (`join_event`), as the frames leave the tab:
 * a live update can only arrive once the page follows the event, so a step waits for that first.
 */
function followedEvents(page: Page): number[] {
  const followed: number[] = [];
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      const match = /^42\["join_event",(\d+)\]$/.exec(String(payload));
      if (match) followed.push(Number(match[1]));
    });
  });
  return followed;
}

type MarkedWindow = Window & { e2eSameDocument?: boolean };

/** Marks the page's document; `isSameDocument` then tells whether it was never reloaded since. */
async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    (window as MarkedWindow).e2eSameDocument = true;
  });
  return () => page.evaluate(() => (window as MarkedWindow).e2eSameDocument === true);
}

/** Opens the header bell's panel, which marks everything viewed; returns the panel. */
async function openNotifications(page: Page, unread: number) {
  await page.getByRole('button', { name: `Notifications, ${unread} unread` }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  return panel;
}

test('two people: a join with a companion, a comment and the counts arrive live, they become friends and a private event is shared', async ({ page: a, browser }) => {
  const stamp = Date.now();
  const aName = `Amaru Lindqvist ${stamp}`;
  const bName = `Bexley Quillfeather ${stamp}`;
  const eventName = `E2E Board Games Night ${stamp}`;
  const privateName = `E2E Secret Supper ${stamp}`;

  // Two people, each in their own browser context, both open at once. A context made in a test
  // takes the project's `use` options (baseURL, phone viewport, touch, locale): checked below.
  const aFollows = followedEvents(a);
  const bContext = await browser.newContext();
  const b = await bContext.newPage();
  expect(b.viewportSize()).toEqual({ width: 390, height: 844 });
  expect(await b.evaluate(() => navigator.language)).toBe('en-US');

  const aUser = await signInWithRequest(a.context().request, newPhone(), aName);
  const bUser = await signInWithRequest(bContext.request, newPhone(), bName);
  expect(aUser.userId).not.toBe(bUser.userId);

  // B keeps a companion in the account, as a person would before bringing them along.
  await b.goto('/my-user');
  await b.getByRole('button', { name: 'Got it' }).click();
  await b.getByRole('button', { name: 'Add', exact: true }).click();
  const companionSheet = b.getByRole('dialog');
  await companionSheet.getByLabel('First name').fill('Pip');
  await companionSheet.getByLabel('Son or Daughter').check();
  await companionSheet.getByRole('button', { name: 'Save' }).click();
  await expect(b.getByRole('list', { name: 'Companions' }).getByText('Pip')).toBeVisible();

  // 1. A creates a public online event and lands on its page: A goes, alone.
  await gotoReady(a, '/');
  await a.getByRole('button', { name: 'Got it' }).click();
  const hash = await createOnlineEvent(a, eventName, { isPrivate: false });
  const eventId = ((await (await a.request.get(`/api/events/${hash}`)).json()) as { data: { id: number } }).data.id;
  const aAttendees = a.getByRole('region', { name: "Who's going" });
  await expect(aAttendees.getByText('1 going', { exact: true })).toBeVisible();
  await expect(aAttendees.getByText(/companion/)).toHaveCount(0);
  await expect(a.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect.poll(() => aFollows.includes(eventId)).toBe(true);
  const isSameDocument = await markDocument(a);

  // 2. B opens the event by its address and answers Going, bringing Pip.
  await b.goto(`/events/${hash}`);
  await expect(b.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
  await b.getByRole('region', { name: 'Are you going?' }).getByRole('button', { name: 'Going', exact: true }).click();
  const rsvp = b.getByRole('dialog', { name: 'Are you going?' });
  await expect(rsvp.getByRole('radio', { name: 'Going', exact: true })).toBeChecked();
  await rsvp.getByRole('checkbox', { name: 'Pip' }).check();
  await rsvp.getByRole('button', { name: 'Confirm' }).click();
  await expect(rsvp).toHaveCount(0);
  await expect(b.getByRole('button', { name: 'Your answer Going (+1) Change' })).toBeVisible();
  const bAttendees = b.getByRole('region', { name: "Who's going" });
  await expect(bAttendees.getByText('2 going', { exact: true })).toBeVisible();
  await expect(bAttendees.getByText('+1 companion', { exact: true })).toBeVisible();

  // 3. A's page, never reloaded, counts B and Pip (two more people) and shows B among those going;
  // the bell counts one unread notification, and its panel tells who is going.
  await expect(aAttendees.getByText('2 going', { exact: true })).toBeVisible();
  await expect(aAttendees.getByText('+1 companion', { exact: true })).toBeVisible();
  await expect(aAttendees.getByRole('list', { name: '2 going' }).getByText(bName)).toBeAttached();
  let panel = await openNotifications(a, 1);
  await expect(panel.getByRole('link', { name: new RegExp(`${bName} is going to ${eventName}`) })).toBeVisible();
  // The one that was unread stands out (a tint and a dot, 'New' for screen readers), though opening marked it viewed.
  await expect(panel.getByRole('link', { name: new RegExp(`${bName} is going to ${eventName}.*New`) })).toHaveClass(/notification--new/);
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toHaveCount(0);
  await expect(a.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // 4. B comments; A's page shows the comment without a reload.
  const comment = `Bringing Pip and a deck of cards ${stamp}`;
  await b.getByRole('button', { name: 'Comments (0)' }).click();
  const bComments = b.getByRole('dialog', { name: /^Comments: / });
  await bComments.getByRole('textbox', { name: 'Your comment' }).fill(comment);
  await bComments.getByRole('button', { name: 'Send comment' }).click();
  await expect(bComments.getByRole('list', { name: 'Comments, newest first' }).getByText(comment)).toBeVisible();
  await bComments.getByRole('button', { name: 'Close' }).click();

  await expect(a.getByRole('button', { name: 'Comments (1)' })).toBeVisible();
  // The comments' preview is fetched when that part of the page comes into view (issue 16).
  await a.getByRole('button', { name: 'Comments (1)' }).scrollIntoViewIfNeeded();
  await expect(a.getByRole('list', { name: 'Latest comments' }).getByText(comment)).toBeVisible();
  panel = await openNotifications(a, 1);
  await expect(panel.getByRole('link', { name: new RegExp(`${bName} commented on ${eventName}`) })).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();
  expect(await isSameDocument(), "A's event page was reloaded").toBe(true);
  await expect(a).toHaveURL(new RegExp(`/events/${hash}$`));

  // 4b. A's event report: Going counts A, B and Pip; B's row shows +1 and Pip; the other toggles are empty.
  const menu = a.getByRole('button', { name: 'Event options' });
  await menu.click();
  await a.getByRole('menuitem', { name: 'Event report' }).click();
  const report = a.getByRole('dialog', { name: 'Event report' });
  const toggles = report.getByRole('radiogroup', { name: 'Show guests' });
  await expect(toggles.getByRole('radio', { name: 'Going (3)' })).toBeChecked();
  const bGuest = report.getByRole('list', { name: 'Going (3)' }).getByRole('listitem').filter({ hasText: bName });
  await expect(bGuest.getByText('+1', { exact: true })).toBeVisible();
  await expect(bGuest.getByText('Pip', { exact: true })).toBeVisible();
  await expect(report.getByRole('list', { name: 'Going (3)' }).getByRole('listitem').filter({ hasText: aName })).toBeVisible();
  for (const toggle of ['Interested (0)', 'Rejected (0)']) {
    await toggles.getByRole('radio', { name: toggle }).click();
    await expect(toggles.getByRole('radio', { name: toggle })).toBeChecked();
    await expect(report.getByText('Nobody yet')).toBeVisible();
    await expect(report.getByRole('listitem')).toHaveCount(0);
  }
  await report.getByRole('button', { name: 'Close' }).click();
  await expect(report).toHaveCount(0);

  // Share report: Chromium on Linux has no share sheet, so the event's text and the guest list are copied.
  expect(await a.evaluate(() => typeof navigator.share)).toBe('undefined');
  await a.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await menu.click();
  await a.getByRole('menuitem', { name: 'Share report' }).click();
  await expect(a.getByRole('status').getByText('Copied', { exact: true })).toBeVisible();
  const copied = await a.evaluate(() => navigator.clipboard.readText());
  expect(copied.startsWith(`${eventName}\n`), copied).toBe(true);
  expect(copied).toContain(`/events/${hash}`);
  expect(copied).toContain(`- ${bName} +1 (Pip)`);

  // 4c. The report, open again on Going, follows live answers: B cannot go after all and says why.
  await menu.click();
  await a.getByRole('menuitem', { name: 'Event report' }).click();
  await expect(toggles.getByRole('radio', { name: 'Going (3)' })).toBeChecked();
  await b.getByRole('button', { name: 'Your answer Going (+1) Change' }).click();
  await rsvp.getByRole('radio', { name: 'Not going' }).check();
  await rsvp.getByRole('textbox', { name: 'Note for the organiser (optional)' }).fill(`Sorry, a cold ${stamp}`);
  await rsvp.getByRole('button', { name: 'Confirm' }).click();
  await expect(rsvp).toHaveCount(0);
  await toggles.getByRole('radio', { name: 'Rejected (1)' }).click();
  const bRejected = report.getByRole('list', { name: 'Rejected (1)' }).getByRole('listitem').filter({ hasText: bName });
  await expect(bRejected.getByText(`Sorry, a cold ${stamp}`)).toBeVisible();
  await expect(bRejected.getByText('+1', { exact: true })).toHaveCount(0);
  await expect(toggles.getByRole('radio', { name: 'Going (1)' })).toBeVisible();
  await report.getByRole('button', { name: 'Close' }).click();
  await expect(report).toHaveCount(0);
  // A declined invitation is not notified by default (notification settings: hosting_declined off).
  await expect(a.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // 5. A finds B by name and asks to be friends; B accepts on /friends.
  await a.goto('/user-search');
  await a.getByRole('searchbox', { name: 'Search people by name' }).fill(`Quillfeather ${stamp}`);
  const bRow = a.getByRole('region', { name: 'People' }).getByRole('listitem').filter({ hasText: bName });
  await bRow.getByRole('button', { name: 'Add friend' }).click();
  await expect(a.getByRole('status').getByText('Request sent')).toBeVisible();
  await expect(bRow.getByText('Request sent')).toBeVisible();
  await expect(bRow.getByRole('button', { name: 'Add friend' })).toHaveCount(0);

  // B's bell counts the request as it arrives.
  await expect(b.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await b.goto('/friends');
  await b.getByRole('tab', { name: /^Friend Requests/ }).click();
  const aRequest = b.getByRole('region', { name: 'Requests' }).getByRole('listitem').filter({ hasText: aName });
  await expect(aRequest.getByText('Wants to be your friend')).toBeVisible();
  await aRequest.getByRole('button', { name: 'Accept' }).click();
  await expect(b.getByRole('status').getByText(`${aName} is your friend now`)).toBeVisible();
  await b.getByRole('tab', { name: 'My Friends' }).click();
  await expect(b.getByRole('tabpanel').getByRole('listitem').filter({ hasText: aName }).getByRole('button', { name: 'Unfriend' })).toBeVisible();

  // A hears about it at once.
  panel = await openNotifications(a, 1);
  await expect(panel.getByRole('link', { name: new RegExp(`${bName} accepted your friend request`) })).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();

  // 6. A creates a private event: B cannot see it ...
  const privateHash = await createOnlineEvent(a, privateName, { isPrivate: true });
  await expect(a.getByText('Private', { exact: true })).toBeVisible();
  await b.goto(`/events/${privateHash}`);
  await expect(b.getByRole('heading', { level: 1, name: 'Event not found' })).toBeVisible();
  await expect(b.getByText(privateName)).toHaveCount(0);

  // ... until A shares it with B from the share panel.
  await a.getByRole('button', { name: 'Share', exact: true }).click();
  await a.getByRole('dialog', { name: 'Share' }).getByRole('button', { name: 'Share with Friends' }).click();
  const shareFriends = a.getByRole('dialog', { name: 'Share with Friends' });
  const bChoice = shareFriends.getByRole('list', { name: 'Your friends' }).getByRole('button', { name: bName });
  await bChoice.click();
  await expect(bChoice).toHaveAttribute('aria-pressed', 'true');
  await expect(shareFriends.getByText('1 selected')).toBeVisible();
  await shareFriends.getByRole('button', { name: 'DONE' }).click();
  await expect(a.getByRole('status').getByText('Event shared!')).toBeVisible();
  await expect(shareFriends).toHaveCount(0);

  // B is told (the friend request is still unread too), and the notification opens the event.
  panel = await openNotifications(b, 2);
  const invitation = panel.getByRole('link', { name: new RegExp(`${aName} invited you to ${privateName}`) });
  await invitation.click();
  await expect(b).toHaveURL(new RegExp(`/events/${privateHash}$`));
  await expect(b.getByRole('heading', { level: 1, name: privateName })).toBeVisible();
  await expect(b.getByRole('region', { name: 'Are you going?' }).getByRole('button', { name: 'Going', exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(b);

  await bContext.close();
});
