import crypto from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { deliverSend } from '../src/modules/sms-sender/sms-sender.service.ts';
import { addResponse, buildEvent } from './event-factory.ts';
import { buildUser, createTestApp, signIn } from './harness.ts';

const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000', SMS_SENDER_PER_MINUTE: '3' } });
const { app, db, sms } = ctx;

async function person(name: string, options: { is_moderator?: boolean; phone?: string } = {}) {
  const user = await buildUser(db, { name, ...options });
  return { user, headers: (await signIn(ctx, user.id)).headers };
}

const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ticketCode = () => Array.from(crypto.randomBytes(16), (b) => CODE_ALPHABET[b % 32]).join('');

/**
 * Runs the send's next minute: its waiting run made due now (the queue keeps real time, the pace is
 * a real minute). False when no run of it was waiting.
 */
async function nextMinute(sendId: number): Promise<boolean> {
  const due = await sql`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = ${`sms.send:${sendId}`} AND run_at > now()`.execute(db);
  await ctx.runDueJobs();
  return Number(due.numAffectedRows) > 0;
}

/** Every run of a send, minute after minute, until none is queued. */
async function drain(sendId: number): Promise<void> {
  await ctx.runDueJobs();
  while (await nextMinute(sendId));
}

async function giveTicket(eventId: number, userId: number, status: 'valid' | 'refunded' = 'valid') {
  await db
    .insertInto('tickets')
    .values({ code: ticketCode(), event_id: eventId, user_id: userId, type_name: 'Entry', kind: 'issued', status, refunded_at: status === 'refunded' ? new Date() : null, created_at: new Date() })
    .execute();
}

/** An event with one person of each kind: going, maybe, rejected, a ticket holder, a refunded one, one going without a phone. */
async function eventWithPeople() {
  const host = await person('Host Hana');
  const event = await buildEvent(db, { user_id: host.user.id, name: 'Rooftop concert', visibility: 'private' });
  const going = await buildUser(db, { name: 'Going Gil' });
  const maybe = await buildUser(db, { name: 'Maybe Mia' });
  const rejected = await buildUser(db, { name: 'Rejected Rui' });
  const holder = await buildUser(db, { name: 'Ticket Tom' });
  const refunded = await buildUser(db, { name: 'Refunded Rae' });
  const noPhone = await buildUser(db, { name: 'No Phone' });
  await db.updateTable('users').set({ phone: null }).where('id', '=', noPhone.id).execute();
  await addResponse(db, event.id, going.id, 'going');
  await addResponse(db, event.id, maybe.id, 'maybe');
  await addResponse(db, event.id, rejected.id, 'rejected');
  await addResponse(db, event.id, noPhone.id, 'going');
  await giveTicket(event.id, holder.id);
  await giveTicket(event.id, holder.id);
  await giveTicket(event.id, going.id);
  await giveTicket(event.id, refunded.id, 'refunded');
  return { host, event, going, maybe, rejected, holder, refunded, noPhone };
}

const sorted = (phones: (string | null)[]) => [...phones].map(String).sort();

describe('moderator SMS sender', () => {
  it('texts each recipient type exactly its people, each number once, through the queue', async () => {
    const mod = await person('Mo Derator', { is_moderator: true });
    const p = await eventWithPeople();
    const expected = {
      all: [p.going.phone, p.maybe.phone, p.rejected.phone, p.holder.phone],
      ticket_owners: [p.holder.phone, p.going.phone],
      going: [p.going.phone],
      going_doubt: [p.going.phone, p.maybe.phone],
      rejected: [p.rejected.phone],
    } as const;
    const sendIds: number[] = [];
    for (const [type, phones] of Object.entries(expected)) {
      const preview = await app.inject({ method: 'GET', url: `/api/events/tickets/sms-recipients/${p.event.hash}?type=${type}`, headers: mod.headers });
      expect(preview.statusCode, type).toBe(200);
      expect(preview.json().data.count, type).toBe(phones.length);
      const res = await app.inject({
        method: 'POST',
        url: `/api/events/tickets/send-sms/${p.event.hash}`,
        headers: mod.headers,
        payload: { message: `Doors open at 8 (${type})`, phone: null, type },
      });
      expect(res.statusCode, type).toBe(200);
      expect(sorted(res.json().data), type).toEqual(sorted([...phones]));
      sendIds.push(res.json().send.id);
      expect(res.json().send).toMatchObject({ type, recipients_count: phones.length, sent_count: 0, event: { hash: p.event.hash, name: 'Rooftop concert' }, sender: { id: mod.user.id } });
    }
    // Nothing is texted while the moderator waits: the job does it.
    expect(sms.list().filter((m) => m.body.startsWith('Doors open'))).toEqual([]);
    for (const id of sendIds) await drain(id);
    for (const [type, phones] of Object.entries(expected)) {
      const texted = sms.list().filter((m) => m.body === `Doors open at 8 (${type})`).map((m) => m.to);
      expect(sorted(texted), type).toEqual(sorted([...phones]));
    }
    const sends = (await app.inject({ method: 'GET', url: `/api/sms-sender/sends?event=${p.event.hash}`, headers: mod.headers })).json().data;
    expect(sends).toHaveLength(5);
    for (const send of sends) expect(send.sent_count).toBe(send.recipients_count);
  });

  it('texts a specific number, which must be valid', async () => {
    const mod = await person('Mod Two', { is_moderator: true });
    const { event } = await eventWithPeople();
    const bad = await app.inject({ method: 'POST', url: `/api/events/tickets/send-sms/${event.hash}`, headers: mod.headers, payload: { message: 'Hi', phone: '12', type: 'number' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual({ phone: 'Phone is wrong. Please, check your input' });
    const missing = await app.inject({ method: 'POST', url: `/api/events/tickets/send-sms/${event.hash}`, headers: mod.headers, payload: { message: 'Hi', phone: null, type: 'number' } });
    expect(missing.statusCode).toBe(422);
    const ok = await app.inject({ method: 'POST', url: `/api/events/tickets/send-sms/${event.hash}`, headers: mod.headers, payload: { message: 'Just you', phone: '+34 612 34 56 78', type: 'number' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual(['+34612345678']);
    await drain(ok.json().send.id);
    expect(sms.list().filter((m) => m.body === 'Just you').map((m) => m.to)).toEqual(['+34612345678']);
  });

  it('refuses everyone but moderators, on every call, and answers strangers like a missing event', async () => {
    const { host, event, going } = await eventWithPeople();
    const guest = { headers: (await signIn(ctx, going.id)).headers };
    const body = { message: 'Spam', phone: null, type: 'all' };
    for (const who of [host, guest]) {
      expect((await app.inject({ method: 'POST', url: `/api/events/tickets/send-sms/${event.hash}`, headers: who.headers, payload: body })).statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url: `/api/events/tickets/sms-recipients/${event.hash}?type=all`, headers: who.headers })).statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url: '/api/sms-sender/sends', headers: who.headers })).statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url: '/api/sms-sender/events?search=Rooftop', headers: who.headers })).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'POST', url: `/api/events/tickets/send-sms/${event.hash}`, payload: body })).statusCode).toBe(401);
    expect(await db.selectFrom('sms_sends').select('id').where('event_id', '=', event.id).execute()).toEqual([]);
    const mod = await person('Mod Three', { is_moderator: true });
    const unknown = await app.inject({ method: 'POST', url: '/api/events/tickets/send-sms/nosuchhash', headers: mod.headers, payload: body });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a list with no one to text, an empty message and an unknown type, with per-field messages', async () => {
    const mod = await person('Mod Four', { is_moderator: true });
    const host = await person('Lonely Host');
    const empty = await buildEvent(db, { user_id: host.user.id });
    const none = await app.inject({ method: 'POST', url: `/api/events/tickets/send-sms/${empty.hash}`, headers: mod.headers, payload: { message: 'Hello?', phone: null, type: 'going' } });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.fields).toEqual({ type: 'No one on this list has a phone number' });
    const blank = await app.inject({ method: 'POST', url: `/api/events/tickets/send-sms/${empty.hash}`, headers: mod.headers, payload: { message: '   ', phone: null, type: 'wrong' } });
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().error.fields).sort()).toEqual(['message', 'type']);
    expect(blank.json().error.fields.message).toBe('Write a message');
  });

  it('paces the texts: SMS_SENDER_PER_MINUTE a run, the rest a minute later; a refused number is retried, then left', async () => {
    const mod = await person('Mod Five', { is_moderator: true });
    const host = await person('Big Host');
    const event = await buildEvent(db, { user_id: host.user.id, name: 'Big party' });
    const guests = await Promise.all(Array.from({ length: 7 }, (_, i) => buildUser(db, { name: `Guest ${i}` })));
    for (const g of guests) await addResponse(db, event.id, g.id, 'going');
    const res = await app.inject({ method: 'POST', url: `/api/events/tickets/send-sms/${event.hash}`, headers: mod.headers, payload: { message: 'Paced', phone: null, type: 'going' } });
    expect(res.json().data).toHaveLength(7);
    const sendId: number = res.json().send.id;
    const texted = () => sms.list().filter((m) => m.body === 'Paced').length;
    const broken = guests[0]!.phone!;
    const send = sms.sendMessage.bind(sms);
    sms.sendMessage = async (to: string, body: string) => {
      if (to === broken) throw new Error('unreachable handset');
      await send(to, body);
    };
    try {
      await ctx.runDueJobs();
      // Three numbers a run (SMS_SENDER_PER_MINUTE): the broken one (the lowest number) and two others.
      expect(texted()).toBe(2);
      expect(await nextMinute(sendId)).toBe(true);
      expect(texted()).toBe(5); // three not tried yet come before the retry
      expect(await nextMinute(sendId)).toBe(true);
      expect(texted()).toBe(6); // the last one, and the broken one's second attempt
      expect(await nextMinute(sendId)).toBe(true); // its third and last attempt
      expect(texted()).toBe(6);
      expect(await nextMinute(sendId)).toBe(false); // nothing left: no run queued
    } finally {
      sms.sendMessage = send;
    }
    const [record] = (await app.inject({ method: 'GET', url: `/api/sms-sender/sends?event=${event.hash}`, headers: mod.headers })).json().data;
    expect(record).toMatchObject({ recipients_count: 7, sent_count: 6, failed_count: 1 });
    const failed = await db.selectFrom('sms_send_recipients').select(['phone', 'attempts', 'error']).where('failed_at', 'is not', null).execute();
    expect(failed).toEqual([{ phone: broken, attempts: 3, error: 'unreachable handset' }]);
  });

  it('texts each number once when two runs of a send go at the same time (claims keep them apart)', async () => {
    const mod = await person('Mod Seven', { is_moderator: true });
    const host = await person('Twin Host');
    const event = await buildEvent(db, { user_id: host.user.id });
    // Four numbers, three a run: the second run finds one number free while the first is sending.
    for (let i = 0; i < 4; i++) await addResponse(db, event.id, (await buildUser(db, { name: `Twin ${i}` })).id, 'maybe');
    const res = await app.inject({ method: 'POST', url: `/api/events/tickets/send-sms/${event.hash}`, headers: mod.headers, payload: { message: 'Twice?', phone: null, type: 'going_doubt' } });
    const sendId: number = res.json().send.id;
    const send = sms.sendMessage.bind(sms);
    sms.sendMessage = async (to: string, body: string) => {
      await new Promise((resolve) => setTimeout(resolve, 100)); // a provider taking its time
      await send(to, body);
    };
    try {
      await Promise.all([deliverSend(ctx.deps, sendId), new Promise((resolve) => setTimeout(resolve, 30)).then(() => deliverSend(ctx.deps, sendId))]);
    } finally {
      sms.sendMessage = send;
    }
    const texted = sms.list().filter((m) => m.body === 'Twice?').map((m) => m.to);
    expect(texted).toHaveLength(4);
    expect(new Set(texted).size).toBe(4);
  });

  it('finds events for the tool by their words, private ones too (at least 2 characters)', async () => {
    const mod = await person('Mod Six', { is_moderator: true });
    const host = await person('Search Host');
    const hidden = await buildEvent(db, { user_id: host.user.id, name: 'Secret Zebra Picnic', visibility: 'private' });
    const res = await app.inject({ method: 'GET', url: '/api/sms-sender/events?search=zebra%20picn', headers: mod.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([expect.objectContaining({ id: hidden.id, hash: hidden.hash, name: 'Secret Zebra Picnic', is_private: true })]);
    const short = await app.inject({ method: 'GET', url: '/api/sms-sender/events?search=z', headers: mod.headers });
    expect(short.statusCode).toBe(422);
    expect(short.json().error.fields).toEqual({ search: 'At least 2 characters' });
  });
});
