import { normalizePhone } from '@planns/shared/auth/phone.rules';
import type { SendSmsBody, SmsEvent, SmsSend } from '@planns/shared/sms/sms.schemas';
import { SMS_MESSAGES, type SmsRecipientType } from '@planns/shared/sms/sms.rules';
import { inTransaction } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import { enqueue } from '../../jobs/queue.ts';
import { canModerate } from '../events/events.policy.ts';
import * as events from '../events/events.service.ts';
import * as repo from './sms-sender.repo.ts';

/**
 * The moderators' SMS sender (accounts §2 SMS mass sender, events §5, §7; decision 0041): a
 * moderator texts the people of one of an event's lists, or one number. The send is recorded with
 * its numbers in one transaction that also queues the job texting them (the outbox): the provider
 * is called at its pace (SMS_SENDER_PER_MINUTE), never while the moderator waits.
 */

/** A run texts at most this many attempts per number before it is refused for good. */
export const SMS_ATTEMPTS = 3;
/** A claim older than this is taken to be a run that stopped: its numbers are texted again. */
const CLAIM_STALE_MS = 5 * 60_000;
const SEND_HISTORY = 50;
const EVENT_SEARCH_LIMIT = 20;

function requireModerator(actor: Actor): void {
  if (!canModerate(actor)) throw forbidden('Only moderators may send SMS');
}

type Audience = { type: SmsRecipientType; phone?: string | null | undefined };

async function recipientsFor(deps: AppDeps, eventId: number, audience: Audience): Promise<repo.Recipient[]> {
  if (audience.type !== 'number') return repo.recipientsOf(deps.db, eventId, audience.type);
  // The body's schema has checked it; normalised here to the number texted.
  const phone = audience.phone ? normalizePhone(audience.phone) : null;
  if (!phone) throw new AppError('validation_failed', 'Some fields are not valid', { phone: SMS_MESSAGES.phoneWrong });
  return [{ phone, user_id: null }];
}

/** GET events/tickets/sms-recipients/{hash}: how many numbers a send would text, before it is sent. */
export async function countRecipients(deps: AppDeps, actor: Actor, ref: string, audience: Audience): Promise<number> {
  requireModerator(actor);
  const event = await events.loadVisible(deps, actor, ref);
  return (await recipientsFor(deps, event.id, audience)).length;
}

/** POST events/tickets/send-sms/{hash} {message, phone, type}: the numbers that will be texted, and the record. */
export async function sendSms(deps: AppDeps, actor: Actor, ref: string, body: SendSmsBody): Promise<{ numbers: string[]; send: SmsSend }> {
  requireModerator(actor);
  const event = await events.loadVisible(deps, actor, ref);
  const recipients = await recipientsFor(deps, event.id, body);
  if (recipients.length === 0) {
    throw new AppError('validation_failed', 'No one to send to', { type: 'No one on this list has a phone number' });
  }
  const message = body.message.trim();
  const sendId = await inTransaction(deps.db, async (tx) => {
    const id = await repo.insertSend(tx, {
      eventId: event.id,
      eventName: event.name,
      senderId: actor.userId,
      type: body.type,
      message,
      recipients,
      now: deps.clock.now(),
    });
    await enqueue(tx, 'sms.send', { send_id: id });
    return id;
  });
  const [row] = await repo.listSends(deps.db, { sendId, limit: 1 });
  if (!row) throw new Error(`sms send ${sendId} vanished after commit`);
  return { numbers: recipients.map((r) => r.phone), send: present(row) };
}

/**
 * The job (jobs.ts sms.send): texts the next SMS_SENDER_PER_MINUTE numbers of a send, then queues
 * itself a minute later while numbers are left. A number is texted at least once: a run that stops
 * between the provider's answer and the record texts it again after CLAIM_STALE_MS (rare; never
 * twice at once, the claims keep runs apart). A refused number is tried SMS_ATTEMPTS times.
 */
export async function deliverSend(deps: AppDeps, sendId: number): Promise<string | undefined> {
  const message = await repo.findMessage(deps.db, sendId);
  if (message === null) return `sms send ${sendId} was not found`;
  const now = deps.clock.now();
  const claimed = await repo.claimRecipients(deps.db, sendId, deps.config.SMS_SENDER_PER_MINUTE, now, new Date(now.getTime() - CLAIM_STALE_MS));
  let sent = 0;
  let failed = 0;
  for (const { phone, attempts } of claimed) {
    try {
      await deps.sms.sendMessage(phone, message);
      await repo.markSent(deps.db, sendId, phone, deps.clock.now());
      sent += 1;
    } catch (err) {
      const final = attempts >= SMS_ATTEMPTS;
      await repo.markFailed(deps.db, sendId, phone, String(err instanceof Error ? err.message : err).slice(0, 500), final, deps.clock.now());
      if (final) failed += 1;
    }
  }
  const left = await repo.countPending(deps.db, sendId);
  if (left > 0) {
    await enqueue(deps.db, 'sms.send', { send_id: sendId }, { delaySeconds: 60, key: `sms.send:${sendId}` });
  }
  if (claimed.length === 0) return undefined;
  return `sms send ${sendId}: ${sent} texted${failed > 0 ? `, ${failed} refused for good` : ''}${left > 0 ? `, ${left} left for the next minute` : ''}`;
}

/** GET sms-sender/sends[?event=hash]: the recorded sends, newest first (moderators). */
export async function listSends(deps: AppDeps, actor: Actor, eventRef: string | undefined): Promise<SmsSend[]> {
  requireModerator(actor);
  const eventId = eventRef === undefined ? undefined : (await events.loadVisible(deps, actor, eventRef)).id;
  return (await repo.listSends(deps.db, { ...(eventId === undefined ? {} : { eventId }), limit: SEND_HISTORY })).map(present);
}

/** GET sms-sender/events?search=: events by their words, private ones too (moderators). */
export async function searchEvents(deps: AppDeps, actor: Actor, search: string): Promise<SmsEvent[]> {
  requireModerator(actor);
  const words = [...new Set(search.trim().split(/\s+/).filter(Boolean))].slice(0, 8);
  const rows = await repo.searchEvents(deps.db, words, EVENT_SEARCH_LIMIT);
  return rows.map((row) => ({
    id: Number(row.id),
    hash: row.hash,
    name: row.name,
    start_date: row.start_date.toISOString(),
    is_private: row.visibility !== 'public',
  }));
}

function present(row: repo.SendRow): SmsSend {
  return {
    id: Number(row.id),
    event: row.event_id !== null && row.event_hash !== null ? { id: Number(row.event_id), hash: row.event_hash, name: row.event_name } : null,
    sender: row.sender_id !== null ? { id: Number(row.sender_id), name: row.sender_name } : null,
    type: row.recipient_type,
    message: row.message,
    recipients_count: row.recipients_count,
    sent_count: row.sent_count,
    failed_count: row.failed_count,
    created_at: row.created_at.toISOString(),
  };
}
