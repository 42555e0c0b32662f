import { sql } from 'kysely';
import type { SmsRecipientType } from '@planns/shared/sms/sms.rules';
import type { Executor, Tx } from '../../db/database.ts';
import { escapeLike } from '../../db/like.ts';

/** SQL of the moderators' SMS sender (CONVENTIONS §3). */

export interface Recipient {
  phone: string;
  user_id: number | null;
}

const LIST_STATUSES: Record<Exclude<SmsRecipientType, 'ticket_owners' | 'number'>, readonly ('going' | 'maybe' | 'rejected')[]> = {
  all: ['going', 'maybe', 'rejected'],
  going: ['going'],
  going_doubt: ['going', 'maybe'],
  rejected: ['rejected'],
};

/**
 * The numbers of one recipient type (accounts §9): people on the event's lists by their answer,
 * holders of its valid tickets, or both (All); each number once, people without a phone left out.
 */
export async function recipientsOf(db: Executor, eventId: number, type: Exclude<SmsRecipientType, 'number'>): Promise<Recipient[]> {
  const fromLists =
    type === 'ticket_owners'
      ? null
      : sql`SELECT r.user_id FROM event_users r WHERE r.event_id = ${eventId} AND r.status = ANY(${[...LIST_STATUSES[type]]}::text[])`;
  const fromTickets =
    type === 'ticket_owners' || type === 'all'
      ? sql`SELECT t.user_id FROM tickets t WHERE t.event_id = ${eventId} AND t.status = 'valid' AND t.user_id IS NOT NULL`
      : null;
  const people = [fromLists, fromTickets].filter((part) => part !== null);
  const result = await sql<Recipient>`
    SELECT DISTINCT ON (u.phone) u.phone, u.id AS user_id
    FROM users u
    WHERE u.phone IS NOT NULL AND u.id IN (${sql.join(people, sql` UNION `)})
    ORDER BY u.phone, u.id
  `.execute(db);
  return result.rows.map((row) => ({ phone: row.phone, user_id: Number(row.user_id) }));
}

export async function insertSend(
  tx: Tx,
  send: { eventId: number; eventName: string; senderId: number; type: SmsRecipientType; message: string; recipients: Recipient[]; now: Date },
): Promise<number> {
  const { id } = await tx
    .insertInto('sms_sends')
    .values({
      event_id: send.eventId,
      event_name: send.eventName,
      sender_id: send.senderId,
      recipient_type: send.type,
      message: send.message,
      recipients_count: send.recipients.length,
      created_at: send.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sendId = Number(id);
  // Rows in chunks: an event's lists may hold thousands of people.
  for (let i = 0; i < send.recipients.length; i += 1000) {
    await tx
      .insertInto('sms_send_recipients')
      .values(send.recipients.slice(i, i + 1000).map((r) => ({ send_id: sendId, phone: r.phone, user_id: r.user_id })))
      .execute();
  }
  return sendId;
}

export interface SendRow {
  id: number;
  event_id: number | null;
  event_hash: string | null;
  event_name: string;
  sender_id: number | null;
  sender_name: string | null;
  recipient_type: SmsRecipientType;
  message: string;
  recipients_count: number;
  sent_count: number;
  failed_count: number;
  created_at: Date;
}

/** Recorded sends, newest first: all of them, one event's, or one send. */
export async function listSends(db: Executor, filter: { eventId?: number; sendId?: number; limit: number }): Promise<SendRow[]> {
  const where = [sql`true`];
  if (filter.eventId !== undefined) where.push(sql`s.event_id = ${filter.eventId}`);
  if (filter.sendId !== undefined) where.push(sql`s.id = ${filter.sendId}`);
  const result = await sql<SendRow>`
    SELECT s.id, s.event_id, e.hash AS event_hash, coalesce(e.name, s.event_name) AS event_name,
      s.sender_id, u.name AS sender_name, s.recipient_type, s.message, s.recipients_count, s.created_at,
      (SELECT count(*) FROM sms_send_recipients r WHERE r.send_id = s.id AND r.sent_at IS NOT NULL)::int AS sent_count,
      (SELECT count(*) FROM sms_send_recipients r WHERE r.send_id = s.id AND r.failed_at IS NOT NULL)::int AS failed_count
    FROM sms_sends s
    LEFT JOIN events e ON e.id = s.event_id
    LEFT JOIN users u ON u.id = s.sender_id
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY s.created_at DESC, s.id DESC
    LIMIT ${filter.limit}
  `.execute(db);
  return result.rows;
}

/**
 * Takes up to `limit` numbers of a send not texted yet nor refused for good, skipping those
 * another run holds (a claim younger than `staleBefore`), and counts the attempt. Numbers not
 * tried yet come first: one that keeps failing does not hold up the others.
 */
export async function claimRecipients(db: Executor, sendId: number, limit: number, now: Date, staleBefore: Date): Promise<{ phone: string; attempts: number }[]> {
  const result = await sql<{ phone: string; attempts: number }>`
    UPDATE sms_send_recipients r SET claimed_at = ${now}, attempts = r.attempts + 1
    FROM (
      SELECT phone FROM sms_send_recipients
      WHERE send_id = ${sendId} AND sent_at IS NULL AND failed_at IS NULL AND (claimed_at IS NULL OR claimed_at < ${staleBefore})
      ORDER BY attempts, phone
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ) AS todo
    WHERE r.send_id = ${sendId} AND r.phone = todo.phone
    RETURNING r.phone, r.attempts
  `.execute(db);
  return result.rows;
}

export async function markSent(db: Executor, sendId: number, phone: string, now: Date): Promise<void> {
  await db.updateTable('sms_send_recipients').set({ sent_at: now, claimed_at: null }).where('send_id', '=', sendId).where('phone', '=', phone).execute();
}

/** A failed attempt: free for the next run, or refused for good (`final`). */
export async function markFailed(db: Executor, sendId: number, phone: string, error: string, final: boolean, now: Date): Promise<void> {
  await db
    .updateTable('sms_send_recipients')
    .set({ claimed_at: null, error, ...(final ? { failed_at: now } : {}) })
    .where('send_id', '=', sendId)
    .where('phone', '=', phone)
    .execute();
}

export async function countPending(db: Executor, sendId: number): Promise<number> {
  const row = await db
    .selectFrom('sms_send_recipients')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('send_id', '=', sendId)
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findMessage(db: Executor, sendId: number): Promise<string | null> {
  return (await db.selectFrom('sms_sends').select('message').where('id', '=', sendId).executeTakeFirst())?.message ?? null;
}

/** The SMS tool's event search (moderators): every event, private ones too, each word in its text. */
export async function searchEvents(db: Executor, words: string[], limit: number) {
  const conditions = words.map((word) => sql`e.search_text LIKE planns_fold(${`%${escapeLike(word)}%`})`);
  const result = await sql<{ id: number; hash: string; name: string; start_date: Date; visibility: 'public' | 'private' | 'friends' }>`
    SELECT e.id, e.hash, e.name, e.start_date, e.visibility FROM events e
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY e.start_date DESC, e.id DESC
    LIMIT ${limit}
  `.execute(db);
  return result.rows;
}
