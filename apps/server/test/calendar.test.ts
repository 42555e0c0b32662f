import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { calendarFeedLinkReplySchema, calendarFeedStatusReplySchema } from '@planns/shared/calendar/calendar.schemas';
import { addInvite, addResponse, buildEvent } from './event-factory.ts';
import { buildUser, createTestApp, nextIp, signIn } from './harness.ts';

const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
const { app, db } = ctx;

type Headers = Record<string, string>;

async function person(name: string, overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(db, { name, ...overrides });
  return { user, headers: (await signIn(ctx, user.id)).headers };
}

/** RFC 5545 §3.1 unfolding, then the content lines. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

/** The value of each property of the (first) VEVENT, by name with its parameters: 'DTSTART;TZID=Europe/Madrid'. */
function vevent(ics: string, uid?: string): Map<string, string> {
  const lines = unfold(ics);
  const events: Map<string, string>[] = [];
  let current: Map<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = new Map();
    else if (line === 'END:VEVENT' && current) {
      events.push(current);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      current.set(line.slice(0, colon), line.slice(colon + 1));
    }
  }
  const found = uid ? events.find((e) => e.get('UID') === uid) : events[0];
  if (!found) throw new Error(`no VEVENT ${uid ?? ''}`);
  return found;
}

const uids = (ics: string) => unfold(ics).filter((l) => l.startsWith('UID:')).map((l) => l.slice(4));

const download = (eventId: number, headers: Headers = {}) => app.inject({ method: 'GET', url: `/api/events/${eventId}/calendar`, headers });

const eventBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Board games night',
  description: 'Bring snacks',
  start_date: '2026-03-01 18:00:00',
  end_date: '2026-03-01 22:00:00',
  address: 'Carrer Gran 1, Barcelona',
  venue: 'Casa Gran',
  lat: 41.4,
  lng: 2.17,
  categories: [1],
  ...overrides,
});

describe('GET /api/events/:id/calendar', () => {
  it('hands a visitor a public event as an .ics file in the place’s time zone, without the address', async () => {
    const event = await buildEvent(db, {
      name: 'Tapas walk',
      description: 'Meet at the fountain',
      start_date: '2026-07-01T17:00:00Z',
      end_date: '2026-07-01T20:00:00Z',
      venue: 'Plaça Reial',
      address: 'Plaça Reial 1, Barcelona',
      lat: 41.38,
      lng: 2.175,
    });
    const res = await download(event.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="planns-${event.hash}.ics"; filename*=UTF-8''Tapas%20walk.ics`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    const lines = unfold(res.body);
    expect(lines).toContain('TZID:Europe/Madrid');
    const v = vevent(res.body);
    expect(v.get('UID')).toBe(`event-${event.id}@localhost`);
    expect(v.get('SUMMARY')).toBe('Tapas walk');
    expect(v.get('DTSTART;TZID=Europe/Madrid')).toBe('20260701T190000');
    expect(v.get('DTEND;TZID=Europe/Madrid')).toBe('20260701T220000');
    expect(v.get('URL')).toBe(`http://localhost:3000/events/${event.hash}`);
    expect(v.get('DESCRIPTION')).toBe(`Meet at the fountain\\n\\nhttp://localhost:3000/events/${event.hash}`);
    expect(v.get('STATUS')).toBe('CONFIRMED');
    expect(v.get('SEQUENCE')).toBe('0');
    expect(v.get('DTSTAMP')).toBe(`${ctx.clock.now().toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`);
    // A visitor sees the venue's name only, as on the page.
    expect(v.get('LOCATION')).toBe('Plaça Reial');
    expect(v.has('GEO')).toBe(false);
  });

  it('gives a signed-in viewer the address and coordinates, with the same UID each time', async () => {
    const viewer = await person('Cal Viewer');
    const event = await buildEvent(db, { venue: 'Hall', address: 'Main St 5, Barcelona', lat: 41.39, lng: 2.16 });
    const first = vevent((await download(event.id, viewer.headers)).body);
    expect(first.get('LOCATION')).toBe('Hall\\, Main St 5\\, Barcelona');
    expect(first.get('GEO')).toBe('41.39;2.16');
    ctx.clock.advance(60_000);
    const second = vevent((await download(event.id, viewer.headers)).body);
    expect(second.get('UID')).toBe(first.get('UID'));
    expect(second.get('DTSTAMP')).not.toBe(first.get('DTSTAMP'));
  });

  it('writes an online event in UTC with its link as the place, and no VTIMEZONE', async () => {
    const viewer = await person('Online Viewer');
    const event = await buildEvent(db, { location_type: 'virtual', url: 'https://meet.example.com/abc', start_date: '2026-05-05T09:30:00Z', end_date: null });
    const res = await download(event.id, viewer.headers);
    expect(res.body).not.toContain('VTIMEZONE');
    const v = vevent(res.body);
    expect(v.get('DTSTART')).toBe('20260505T093000Z');
    expect(v.has('DTEND')).toBe(false);
    expect(v.get('LOCATION')).toBe('https://meet.example.com/abc');
    expect(vevent((await download(event.id)).body).has('LOCATION')).toBe(false);
  });

  it('refuses a private event to visitors and strangers exactly like a missing one', async () => {
    const host = await person('Private Host');
    const guest = await person('Private Guest');
    const stranger = await person('Private Stranger');
    const event = await buildEvent(db, { user_id: host.user.id, visibility: 'private', name: 'Secret dinner' });
    await addInvite(db, event.id, guest.user.id, host.user.id);
    const missing = await download(9_999_999, stranger.headers);
    for (const res of [await download(event.id), await download(event.id, stranger.headers)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing.json());
      expect(res.body).not.toContain('Secret dinner');
    }
    expect((await download(event.id, guest.headers)).statusCode).toBe(200);
    expect(vevent((await download(event.id, host.headers)).body).get('SUMMARY')).toBe('Secret dinner');
    const moderator = await person('Cal Moderator', { is_moderator: true });
    expect((await download(event.id, moderator.headers)).statusCode).toBe(200);
  });

  it('answers 422 for an id that is not one', async () => {
    const res = await download('abc' as unknown as number);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toHaveProperty('id');
  });

  it('raises SEQUENCE when the time, place or name changes, not for the description, and says CANCELLED once removed', async () => {
    const owner = await person('Seq Owner');
    const createdRes = await app.inject({ method: 'POST', url: '/api/events/create', headers: owner.headers, payload: eventBody() });
    expect(createdRes.statusCode, createdRes.body).toBe(200);
    const id: number = createdRes.json().data.id;
    const sequence = async () => vevent((await download(id, owner.headers)).body).get('SEQUENCE');
    expect(await sequence()).toBe('0');
    const update = async (overrides: Record<string, unknown>) => {
      const res = await app.inject({ method: 'PUT', url: `/api/events/${id}`, headers: owner.headers, payload: eventBody(overrides) });
      expect(res.statusCode, res.body).toBe(200);
    };
    await update({ description: 'Bring snacks and drinks' });
    expect(await sequence()).toBe('0');
    await update({ description: 'Bring snacks and drinks', start_date: '2026-03-01 19:00:00' });
    expect(await sequence()).toBe('1');
    const v = vevent((await download(id, owner.headers)).body);
    expect(v.get('DTSTART;TZID=Europe/Madrid')).toBe('20260301T200000');
    await update({ description: 'Bring snacks and drinks', start_date: '2026-03-01 19:00:00', venue: 'Casa Petita' });
    expect(await sequence()).toBe('2');
    await update({ description: 'Bring snacks and drinks', start_date: '2026-03-01 19:00:00', venue: 'Casa Petita', name: 'Board games evening' });
    expect(await sequence()).toBe('3');
    // Saving the same values again changes nothing a calendar shows.
    await update({ description: 'Bring snacks and drinks', start_date: '2026-03-01 19:00:00', venue: 'Casa Petita', name: 'Board games evening' });
    expect(await sequence()).toBe('3');
    const moderator = await person('Seq Moderator', { is_moderator: true });
    expect((await app.inject({ method: 'DELETE', url: `/api/events/moderator/${id}`, headers: moderator.headers })).statusCode).toBe(200);
    const removed = vevent((await download(id, owner.headers)).body);
    expect(removed.get('STATUS')).toBe('CANCELLED');
    expect(removed.get('SEQUENCE')).toBe('4');
  });

  it('folds a Hebrew event at 75 octets without splitting a character', async () => {
    const viewer = await person('Hebrew Viewer');
    const name = 'ערב שירה בציבור, על הגג; עם גיטרות \\ תופים ושירים ישנים';
    const description = 'הביאו כריות ושמיכות.\nנתחיל בשמונה בערב, ונסיים מאוחר — כולם מוזמנים להצטרף ולשיר איתנו!';
    const event = await buildEvent(db, { name, description, venue: 'גג המתנ״ס', address: 'רחוב הרצל 10, תל אביב', lat: 32.0853, lng: 34.7818, start_date: '2026-08-10T17:00:00Z' });
    const res = await download(event.id, viewer.headers);
    const physical = res.body.split('\r\n');
    for (const line of physical) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      // Valid UTF-8 on its own: a character cut in its bytes would come back as U+FFFD.
      expect(Buffer.from(line, 'utf8').toString('utf8')).not.toContain('\ufffd');
    }
    expect(physical.some((line) => line.startsWith(' '))).toBe(true);
    const v = vevent(res.body);
    expect(v.get('SUMMARY')).toBe('ערב שירה בציבור\\, על הגג\\; עם גיטרות \\\\ תופים ושירים ישנים');
    expect(v.get('DESCRIPTION')).toBe(`הביאו כריות ושמיכות.\\nנתחיל בשמונה בערב\\, ונסיים מאוחר — כולם מוזמנים להצטרף ולשיר איתנו!\\n\\nhttp://localhost:3000/events/${event.hash}`);
    expect(v.get('LOCATION')).toBe('גג המתנ״ס\\, רחוב הרצל 10\\, תל אביב');
    expect(v.get('DTSTART;TZID=Asia/Jerusalem')).toBe('20260810T200000');
    expect(unfold(res.body)).toContain('TZID:Asia/Jerusalem');
  });
});

describe('the calendar feed', () => {
  const status = (headers: Headers) => app.inject({ method: 'GET', url: '/api/calendar/feed', headers });
  const reset = (headers: Headers) => app.inject({ method: 'POST', url: '/api/calendar/feed', headers });
  /** A calendar app's fetch: no cookie, no bearer, its own address. */
  const fetchFeed = (url: string, headers: Headers = {}) => app.inject({ method: 'GET', url: new URL(url).pathname, headers, remoteAddress: nextIp() });

  async function newFeed(headers: Headers) {
    const res = await reset(headers);
    expect(res.statusCode, res.body).toBe(200);
    return calendarFeedLinkReplySchema.parse(res.json()).data;
  }

  it('is the signed-in person’s own: 401 signed out', async () => {
    expect((await status({})).statusCode).toBe(401);
    expect((await reset({})).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: '/api/calendar/feed' })).statusCode).toBe(401);
  });

  it('gives a secret address once, keeps only its hash, and lists the events answered going or maybe', async () => {
    const me = await person('Feed Owner');
    const before = calendarFeedStatusReplySchema.parse((await status(me.headers)).json()).data;
    expect(before).toEqual({ provider: 'ics', has_feed: false, created_at: null, fetched_at: null });
    const link = await newFeed(me.headers);
    const token = /\/api\/calendar\/feed\/([A-Za-z0-9_-]{43})\.ics$/.exec(link.url)?.[1];
    expect(token).toBeDefined();
    expect(link.url).toBe(`http://localhost:3000/api/calendar/feed/${token}.ics`);
    expect(link.webcal_url).toBe(`webcal://localhost:3000/api/calendar/feed/${token}.ics`);
    const stored = await db.selectFrom('calendar_feeds').selectAll().where('user_id', '=', me.user.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(crypto.createHash('sha256').update(token!).digest('hex'));
    expect(JSON.stringify(await status(me.headers).then((r) => r.json()))).not.toContain(token!);

    const going = await buildEvent(db, { name: 'Going party', start_date: '2026-02-10T18:00:00Z' });
    const maybe = await buildEvent(db, { name: 'Maybe brunch', start_date: '2026-02-05T10:00:00Z', visibility: 'private' });
    await addInvite(db, maybe.id, me.user.id);
    const rejected = await buildEvent(db, { name: 'Rejected gig' });
    const unanswered = await buildEvent(db, { name: 'Unanswered talk' });
    const longPast = await buildEvent(db, { name: 'Old picnic', start_date: '2025-06-01T10:00:00Z', end_date: '2025-06-01T14:00:00Z' });
    await addResponse(db, going.id, me.user.id, 'going');
    await addResponse(db, maybe.id, me.user.id, 'maybe');
    await addResponse(db, rejected.id, me.user.id, 'rejected');
    await addResponse(db, longPast.id, me.user.id, 'going');

    const res = await fetchFeed(link.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=900');
    expect(res.headers['set-cookie']).toBeUndefined();
    // Soonest first; the same VEVENT as the event's own download.
    expect(uids(res.body)).toEqual([`event-${maybe.id}@localhost`, `event-${going.id}@localhost`]);
    expect(unfold(res.body)).toContain('X-WR-CALNAME:planns');
    const own = await download(going.id, me.headers);
    expect(vevent(res.body, `event-${going.id}@localhost`)).toEqual(vevent(own.body));
    expect(res.body).not.toContain('Rejected gig');
    expect(res.body).not.toContain('Unanswered talk');
    expect(res.body).not.toContain('Old picnic');
    void unanswered;

    const after = calendarFeedStatusReplySchema.parse((await status(me.headers)).json()).data;
    expect(after.has_feed).toBe(true);
    expect(after.fetched_at).toBe(ctx.clock.now().toISOString());
  });

  it('follows the answers live: a “no” or leaving takes the event out at the next fetch', async () => {
    const me = await person('Feed Follower');
    const link = await newFeed(me.headers);
    const first = await buildEvent(db, { name: 'First fair' });
    const second = await buildEvent(db, { name: 'Second swim' });
    const join = (id: number, maybe: boolean) => app.inject({ method: 'POST', url: `/api/events/${id}/join`, headers: me.headers, payload: { maybe, companions: [], note: '' } });
    expect((await join(first.id, false)).statusCode).toBe(200);
    expect((await join(second.id, true)).statusCode).toBe(200);
    expect(uids((await fetchFeed(link.url)).body).sort()).toEqual([`event-${first.id}@localhost`, `event-${second.id}@localhost`].sort());
    const no = await app.inject({ method: 'POST', url: `/api/events/${first.id}/reject`, headers: me.headers, payload: { note: '' } });
    expect(no.statusCode, no.body).toBe(200);
    expect(uids((await fetchFeed(link.url)).body)).toEqual([`event-${second.id}@localhost`]);
    await db.deleteFrom('event_users').where('event_id', '=', second.id).where('user_id', '=', me.user.id).execute();
    const empty = await fetchFeed(link.url);
    expect(empty.statusCode).toBe(200);
    expect(uids(empty.body)).toEqual([]);
  });

  it('is reached by the token only: a cookie or bearer of someone else changes nothing', async () => {
    const me = await person('Token Owner');
    const other = await person('Token Other');
    const link = await newFeed(me.headers);
    const mine = await buildEvent(db, { name: 'Mine only' });
    const theirs = await buildEvent(db, { name: 'Theirs only' });
    await addResponse(db, mine.id, me.user.id, 'going');
    await addResponse(db, theirs.id, other.user.id, 'going');
    const res = await fetchFeed(link.url, other.headers);
    expect(res.statusCode).toBe(200);
    expect(uids(res.body)).toEqual([`event-${mine.id}@localhost`]);
  });

  it('resets to a new address (the old one answers 404) and turns off', async () => {
    const me = await person('Reset Owner');
    const old = await newFeed(me.headers);
    expect((await fetchFeed(old.url)).statusCode).toBe(200);
    const fresh = await newFeed(me.headers);
    expect(fresh.url).not.toBe(old.url);
    const gone = await fetchFeed(old.url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('not_found');
    expect((await fetchFeed(fresh.url)).statusCode).toBe(200);
    expect((await db.selectFrom('calendar_feeds').select('user_id').where('user_id', '=', me.user.id).execute())).toHaveLength(1);
    const off = await app.inject({ method: 'DELETE', url: '/api/calendar/feed', headers: me.headers });
    expect(off.statusCode).toBe(200);
    expect((await fetchFeed(fresh.url)).statusCode).toBe(404);
    expect(calendarFeedStatusReplySchema.parse((await status(me.headers)).json()).data.has_feed).toBe(false);
  });

  it('answers every address that is not a live feed with the same 404', async () => {
    const me = await person('Probe Owner');
    const link = await newFeed(me.headers);
    const token = /feed\/([^.]+)\.ics$/.exec(link.url)![1]!;
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const answers = await Promise.all(
      [`/api/calendar/feed/${flipped}.ics`, `/api/calendar/feed/${token}`, `/api/calendar/feed/${token}.ics.ics`, '/api/calendar/feed/x.ics', `/api/calendar/feed/${'A'.repeat(43)}.ics`].map((url) =>
        app.inject({ method: 'GET', url, remoteAddress: nextIp() }),
      ),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No such calendar feed' } });
    }
  });

  it('limits the fetches from one address', async () => {
    const me = await person('Limit Owner');
    const link = await newFeed(me.headers);
    const path = new URL(link.url).pathname;
    const codes: number[] = [];
    for (let i = 0; i < 32; i += 1) codes.push((await app.inject({ method: 'GET', url: path, remoteAddress: '203.0.113.77' })).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes.slice(30)).toEqual([429, 429]);
  });
});
