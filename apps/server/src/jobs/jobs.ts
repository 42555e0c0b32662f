import { z } from 'zod';
import { idSchema } from '@planns/shared/input/ids.schemas';
import type { AppDeps } from '../deps.ts';
import { deliverNotifications } from '../modules/notifications/notifications.service.ts';
import { sweepStaleUploads } from '../modules/gallery/media-uploads.service.ts';
import { fillMissingCards } from '../modules/events/event-cards.ts';
import { processProviderEvent } from '../modules/payments/payments.service.ts';
import { afterPayment, expireHold, expireLapsedHolds, refundUnfulfilled, tellBuyer } from '../modules/orders/orders.service.ts';
import { issuedTicketsText } from '../modules/tickets/tickets.service.ts';
import { findUser } from '../modules/users/users.service.ts';
import { deliverSend } from '../modules/sms-sender/sms-sender.service.ts';
import { addOnJoin, removeEntry, syncEvent } from '../modules/google-calendar/google-calendar.service.ts';

/**
 * What a job run may report back: a line for the log (nothing: stay quiet).
 */
export type JobResult = string | void;

export interface JobDefinition<P extends z.ZodType = z.ZodType> {
  /** What it is for, shown by `npm run admin -- jobs`. */
  description: string;
  /** Checked when the job is queued and again when it runs (a payload queued by an older version). */
  payload: P;
  /** Runs on whichever instance takes the job; must be idempotent: a job runs at least once. */
  run: (deps: AppDeps, payload: z.infer<P>) => Promise<JobResult>;
  /** Attempts before the job is kept as failed (retries back off exponentially: e^attempt seconds). */
  maxAttempts: number;
  /**
   * A crontab time (minute hour day month weekday), queued once per matching minute across every
   * instance, and once more after an outage when the last matching minute was missed within
   * `backfill` (decision 0026).
   */
  schedule?: { cron: string; backfill?: '1h' | '1d' };
}

function defineJob<P extends z.ZodType>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

/**
 * Every background job of planns, in one place (decision 0026): its payload, what runs it, how
 * often it is retried and when it is scheduled. Queued with `enqueue` (jobs/queue.ts), inside the
 * transaction of the change it follows when it is a side effect of that change (the outbox), and
 * run by the job runner of every instance (jobs/job-runner.ts) on graphile-worker's PostgreSQL
 * queue.
 */
export const JOBS = {
  /**
   * The outbox of notifications: queued in the transaction that writes them (notifications.notify),
   * so a notification committed is pushed live to its recipient even when the instance that wrote
   * it stops before pushing. At least once: a repeated push only makes the web app refetch its list.
   */
  'notifications.deliver': defineJob({
    description: 'push new notifications to their recipients live',
    payload: z.object({ ids: z.array(idSchema).min(1) }).strict(),
    run: async (deps, { ids }) => {
      await deliverNotifications(deps, ids);
    },
    maxAttempts: 5,
  }),
  /**
   * An event the payment provider reported (Stripe's signed webhook; the test provider's own),
   * recorded in the transaction that queued this job: applied once however often it is run or
   * the provider repeats it (decision 0028).
   */
  'payments.process_event': defineJob({
    description: "apply an event the payment provider reported (an account's state, a paid checkout)",
    payload: z.object({ id: z.string().min(1).max(255) }).strict(),
    run: async (deps, { id }) => {
      const result = await processProviderEvent(deps, id);
      return result === 'missing' ? `payment event ${id} was not found` : undefined;
    },
    maxAttempts: 10,
  }),
  /**
   * The ends of checkouts' holds, every minute: each order whose hold's time is up is closed at the
   * provider and here, or fulfilled when the provider says it was paid meanwhile (decision 0029).
   * Its places stopped counting at the hold's end already; this only closes what is left open.
   */
  'orders.expire_holds': defineJob({
    description: "end the checkouts' holds whose time is up",
    payload: z.object({}).strict(),
    run: async (deps) => expireLapsedHolds(deps),
    maxAttempts: 3,
    schedule: { cron: '* * * * *' },
  }),
  /** One checkout's hold (queued for its end by versions before the sweep above; none are queued now). */
  'orders.expire_hold': defineJob({
    description: "end one checkout's hold when its time is up (queued by earlier versions)",
    payload: z.object({ order_id: idSchema }).strict(),
    run: async (deps, { order_id }) => expireHold(deps, order_id),
    maxAttempts: 10,
  }),
  /** A payment that arrived when no place was left: refunded at the provider, once. */
  'orders.refund_unfulfilled': defineJob({
    description: 'refund a payment that found no place left',
    payload: z.object({ order_id: idSchema }).strict(),
    run: async (deps, { order_id }) => refundUnfulfilled(deps, order_id),
    maxAttempts: 10,
  }),
  /** After a payment (the outbox of fulfilment): the receipt's address and a text to the buyer. */
  'orders.after_payment': defineJob({
    description: 'text the buyer their tickets after a payment, and keep the receipt',
    payload: z.object({ order_id: idSchema }).strict(),
    run: async (deps, { order_id }) => {
      await afterPayment(deps, order_id);
    },
    maxAttempts: 5,
  }),
  /** A text to the buyer about a refund. */
  'orders.tell_buyer': defineJob({
    description: 'text the buyer about a refund',
    payload: z.object({ order_id: idSchema, what: z.enum(['paid', 'refunded', 'refunded_no_place']) }).strict(),
    run: async (deps, { order_id, what }) => {
      await tellBuyer(deps, order_id, what);
    },
    maxAttempts: 5,
  }),
  /** Tickets the organiser gave a guest: the guest is texted (events §8). */
  'tickets.notify_issued': defineJob({
    description: 'text a guest the tickets the organiser gave them',
    payload: z.object({ ticket_ids: z.array(idSchema).min(1).max(100) }).strict(),
    run: async (deps, { ticket_ids }) => {
      const message = await issuedTicketsText(deps, ticket_ids);
      if (!message) return;
      const phone = (await findUser(deps.db, message.userId))?.phone;
      if (phone) await deps.sms.sendMessage(phone, message.text);
    },
    maxAttempts: 5,
  }),
  /**
   * A moderator's SMS to an event's people (decision 0041): the next SMS_SENDER_PER_MINUTE numbers
   * of the send, then itself again a minute later while numbers are left. Queued in the
   * transaction that records the send.
   */
  'sms.send': defineJob({
    description: "text the numbers of a moderator's SMS, a minute's worth a run",
    payload: z.object({ send_id: idSchema }).strict(),
    run: async (deps, { send_id }) => deliverSend(deps, send_id),
    maxAttempts: 5,
  }),
  /**
   * Google Calendar (decision 0043): an event whose time, place, name, removal or visibility changed
   * brings each person's entry in line (replaced, or deleted for those who may no longer see it).
   * Queued by the events trigger of migration 0023 in the transaction of the change, once per event
   * while it waits; idempotent (entries carry the sequence they were synced at).
   */
  'calendar.google_sync_event': defineJob({
    description: "bring people's Google Calendar entries of a changed event in line",
    payload: z.object({ event_id: idSchema }).strict(),
    run: async (deps, { event_id }) => syncEvent(deps, event_id),
    maxAttempts: 8,
  }),
  /** An erased event's entry, deleted from the person's Google Calendar (queued by the events delete trigger of migration 0023). */
  'calendar.google_remove_entry': defineJob({
    description: "delete an erased event from a person's Google Calendar",
    payload: z.object({ user_id: idSchema, google_event_id: z.string().regex(/^[a-v0-9]{5,1024}$/) }).strict(),
    run: async (deps, { user_id, google_event_id }) => removeEntry(deps, user_id, google_event_id),
    maxAttempts: 8,
  }),
  /** POST events/{id}/join with use_google_calendar: the event into the person's Google Calendar, queued in the answer's transaction. */
  'calendar.google_add_event': defineJob({
    description: "add an event a person joined to their Google Calendar",
    payload: z.object({ user_id: idSchema, event_id: idSchema }).strict(),
    run: async (deps, { user_id, event_id }) => addOnJoin(deps, user_id, event_id),
    maxAttempts: 8,
  }),
  /**
   * The events' list cards (decision 0034), every minute: those not built yet (after the
   * migrations that introduced them) or made stale by a write and not yet listed are built,
   * coming events first, up to 2,000 a run, so lists rarely build one while someone waits.
   */
  'events.fill_cards': defineJob({
    description: 'build the list cards not built yet or stale, coming events first',
    payload: z.object({}).strict(),
    run: async (deps) => {
      const built = await fillMissingCards(deps, 2000);
      return built > 0 ? `built ${built} event card(s)` : undefined;
    },
    maxAttempts: 3,
    schedule: { cron: '* * * * *' },
  }),
  /** Uploads never posted to a gallery within a day go, with their files (gallery §uploads). */
  'gallery.sweep_stale_uploads': defineJob({
    description: 'remove gallery uploads never posted within a day, with their files',
    payload: z.object({}).strict(),
    run: async (deps) => {
      const removed = await sweepStaleUploads(deps);
      return removed > 0 ? `removed ${removed} gallery upload(s) never posted within a day` : undefined;
    },
    maxAttempts: 3,
    schedule: { cron: '7 * * * *', backfill: '1h' },
  }),
} satisfies Record<string, JobDefinition>;

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.input<(typeof JOBS)[N]['payload']>;

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(JOBS, name);
}
