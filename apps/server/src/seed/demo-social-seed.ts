import { sql } from 'kysely';
import type { CompanionType } from '@planns/shared/companions/companions.rules';
import type { Tx } from '../db/database.ts';
import { notify } from '../modules/notifications/notifications.service.ts';
import type { SeededRandom } from './seeded-random.ts';

/**
 * The social side of the demo (issue 4): companions with names, answers with notes, comments,
 * follows, friend requests waiting for an answer and the notifications all of that would have
 * sent. People are indexes into DEMO_USERS: 0 Maya, 1 Leo, 2 Yuki, 3 Anna, 4 Jordi.
 */

const HOUR = 3_600_000;

export const DEMO_COMPANIONS: readonly (readonly { first_name: string; last_name: string; type: CompanionType }[])[] = [
  [
    { first_name: 'Noa', last_name: 'Levi', type: 'son_or_daughter' },
    { first_name: 'Daniel', last_name: 'Levi', type: 'spouse' },
  ],
  [{ first_name: 'Sofía', last_name: 'Martínez', type: 'spouse' }],
  [
    { first_name: 'Hana', last_name: 'Tanaka', type: 'son_or_daughter' },
    { first_name: 'Kenji', last_name: 'Sato', type: 'friend' },
  ],
  [{ first_name: 'Ivan', last_name: 'Petrov', type: 'spouse' }],
  [
    { first_name: 'Laia', last_name: 'Puig', type: 'son_or_daughter' },
    { first_name: 'Marc', last_name: 'Soler', type: 'friend' },
  ],
];

/** Who follows whom ([follower, followed]); following needs no friendship (Maya follows Jordi). */
export const DEMO_FOLLOWS: readonly (readonly [number, number])[] = [
  [0, 1],
  [0, 4],
  [1, 0],
  [1, 3],
  [2, 0],
  [2, 4],
  [3, 0],
  [4, 0],
  [4, 2],
];

/** Friend requests still waiting ([from, to]): Jordi asked Maya, who is not his friend yet. */
export const DEMO_FRIEND_REQUESTS: readonly (readonly [number, number])[] = [[4, 0]];

const BEFORE = [
  'Count me in!',
  'Can I bring a friend along?',
  'What time should we get there?',
  'So excited for this 🎉',
  'Is there somewhere to park nearby?',
  "I'll bring something to share.",
  'See you all there!',
  'Do we need to bring anything?',
  'First time coming, looking forward to it.',
  'Is it still on if it rains?',
];
const HOST_REPLIES = ['Everyone is welcome, bring whoever you like!', "We'll start on time, come ten minutes early.", 'Nothing to bring, just yourselves.', 'Rain or shine, there is a covered plan B.'];
const AFTER = ['What a night, thank you for organising!', 'Loved it, same time next month?', 'Great people, great food. Thanks!', 'Photos coming soon 📸', 'Already missing it.'];
const NOTES = ['Running 15 minutes late', 'Bringing my little one', 'Might leave early', 'Coming straight from work', ''];

export interface SocialEventInput {
  eventId: number;
  ownerId: number;
  createdAt: Date;
  start: Date;
  isPast: boolean;
  /** People who answered going or maybe (the owner included if going), by user id. */
  responders: number[];
}

export interface PlannedComment {
  event_id: number;
  user_id: number;
  comment: string;
  created_at: Date;
}

/**
 * Comments for events with an audience: one to four, by people who answered, with the host
 * answering a question now and then; before the event for coming ones, afterwards for past ones.
 * Never later than `now`.
 */
export function planDemoComments(events: readonly SocialEventInput[], now: Date, r: SeededRandom): PlannedComment[] {
  const out: PlannedComment[] = [];
  for (const e of events) {
    const guests = e.responders.filter((u) => u !== e.ownerId);
    if (guests.length === 0 || !r.chance(0.65)) continue;
    const count = r.int(1, Math.min(4, guests.length + 1));
    const from = e.isPast ? e.start.getTime() + 2 * HOUR : e.createdAt.getTime() + HOUR;
    const until = Math.min(now.getTime(), e.isPast ? from + 48 * HOUR : e.start.getTime());
    if (until <= from) continue;
    const step = (until - from) / (count + 1);
    for (let i = 0; i < count; i++) {
      const hostTurn = i > 0 && !e.isPast && r.chance(0.3);
      const user = hostTurn ? e.ownerId : r.pick(guests);
      const comment = hostTurn ? r.pick(HOST_REPLIES) : r.pick(e.isPast ? AFTER : BEFORE);
      out.push({ event_id: e.eventId, user_id: user, comment, created_at: new Date(from + step * (i + 1)) });
    }
  }
  return out;
}

export function pickNote(r: SeededRandom): string {
  return r.chance(0.25) ? r.pick(NOTES) : '';
}

/**
 * Writes companions, follows and open friend requests. Returns each demo person's companion ids
 * (in DEMO_COMPANIONS order) and the follows and requests as activity to notify about.
 */
export async function insertDemoPeopleLinks(tx: Tx, userIds: readonly number[], now: Date): Promise<{ companions: number[][]; activity: DemoActivity[] }> {
  const companions: number[][] = [];
  for (const [i, list] of DEMO_COMPANIONS.entries()) {
    const rows = await tx
      .insertInto('companions')
      .values(list.map((c) => ({ ...c, user_id: userIds[i]!, created_at: now, updated_at: now })))
      .returning('id')
      .execute();
    companions.push(rows.map((row) => row.id));
  }
  const follows = DEMO_FOLLOWS.map(([a, b], i) => ({ follower_id: userIds[a]!, followed_id: userIds[b]!, created_at: new Date(now.getTime() - (30 - i) * 24 * HOUR) }));
  await tx.insertInto('follows').values(follows).onConflict((oc) => oc.doNothing()).execute();
  const requests = DEMO_FRIEND_REQUESTS.map(([a, b]) => ({ user_id: userIds[a]!, friend_id: userIds[b]!, created_at: new Date(now.getTime() - 5 * HOUR) }));
  await tx.insertInto('friend_requests').values(requests).execute();
  const activity = [
    ...follows.map((f): DemoActivity => ({ at: f.created_at, action: 'user_following', recipients: [f.followed_id], as: 'person', authorId: f.follower_id })),
    ...requests.map((r): DemoActivity => ({ at: r.created_at, action: 'friend_request', recipients: [r.friend_id], as: 'person', authorId: r.user_id })),
  ];
  return { companions, activity };
}

export interface DemoActivity {
  at: Date;
  action: 'comment_posted' | 'user_joined_event' | 'user_maybe_event' | 'user_following' | 'friend_request';
  recipients: number[];
  as: 'host' | 'guest' | 'person';
  authorId: number;
  eventId?: number;
  commentId?: number;
  note?: string;
}

/** Viewed after this long; anything newer is still unread, so the bell has something to show. */
const READ_AFTER_MS = 36 * HOUR;

/**
 * The notifications the seeded activity would have sent, through the same settings gate as live
 * ones, dated when it happened; older ones already read.
 */
export async function insertDemoNotifications(tx: Tx, activity: readonly DemoActivity[], now: Date): Promise<number> {
  const ids: number[] = [];
  for (const a of [...activity].sort((x, y) => x.at.getTime() - y.at.getTime())) {
    const rows = await notify(tx, {
      recipients: a.recipients,
      as: a.as,
      action: a.action,
      authorId: a.authorId,
      eventId: a.eventId ?? null,
      commentId: a.commentId ?? null,
      note: a.note ?? null,
      now: a.at,
    });
    ids.push(...rows.map((row) => row.id));
  }
  if (ids.length > 0) {
    await tx
      .updateTable('notifications')
      .set({ viewed_at: sql<Date>`created_at + make_interval(secs => ${READ_AFTER_MS / 1000})` })
      .where('id', 'in', ids)
      .where('created_at', '<', new Date(now.getTime() - READ_AFTER_MS))
      .execute();
  }
  return ids.length;
}
