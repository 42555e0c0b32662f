import { describe, expect, it } from 'vitest';
import { EVENT_FIELD_MESSAGES as M, EVENT_NAME_MAX_LENGTH } from '@planns/shared/events/events.rules';
import { buildCompanion, buildGroup, mediaFiles, testImage } from './event-factory.ts';
import { buildUser, createTestApp, signIn } from './harness.ts';

/** The create/update rules of events spec §5, with the exact field and message the form shows. */

const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
const { app, db } = ctx;

type Headers = Record<string, string>;

async function userWithSession() {
  const user = await buildUser(db);
  const { headers } = await signIn(ctx, user.id);
  return { user, headers };
}

const valid = {
  name: 'Picnic',
  start_date: '2026-05-01 12:00:00',
  end_date: '2026-05-01 16:00:00',
  address: 'Parc de la Ciutadella, Barcelona',
};

function body(overrides: Record<string, unknown> = {}, omit: string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = { ...valid, ...overrides };
  for (const key of omit) delete out[key];
  return out;
}

function create(headers: Headers, payload: unknown) {
  return app.inject({ method: 'POST', url: '/api/events/create', headers, payload: payload as Record<string, unknown> });
}

async function eventsOf(userId: number) {
  return db.selectFrom('events').selectAll().where('user_id', '=', userId).execute();
}

/** A 422 carrying exactly these field messages, in error.fields and in the legacy additional. */
function expectFields(res: Awaited<ReturnType<typeof create>>, fields: Record<string, string>) {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().error.code).toBe('validation_failed');
  expect(res.json().error.fields).toEqual(fields);
  expect(res.json().additional).toEqual(fields);
}

describe('create: one rule at a time', () => {
  it.each<[string, Record<string, unknown>, string[], Record<string, string>]>([
    ['name missing', {}, ['name'], { name: M.nameRequired }],
    ['name blank', { name: '   ' }, [], { name: M.nameRequired }],
    ['name null', { name: null }, [], { name: M.nameRequired }],
    ['start date missing', {}, ['start_date', 'end_date'], { start_date: M.startRequired }],
    ['start date empty', { start_date: '', end_date: null }, [], { start_date: M.startRequired }],
    ['month 13', { start_date: '2030-13-01 10:00:00', end_date: null }, [], { start_date: M.dateFormat }],
    ['30 February', { start_date: '2030-02-30 10:00:00', end_date: null }, [], { start_date: M.dateFormat }],
    ['a word for a date', { start_date: 'tomorrow', end_date: null }, [], { start_date: M.dateFormat }],
    ['an end date in the wrong format', { end_date: '01/05/2026 18:00' }, [], { end_date: M.dateFormat }],
    ['end before start', { start_date: '2026-05-01 12:00:00', end_date: '2026-05-01 11:59:59' }, [], { end_date: M.endBeforeStart }],
    ['min above max', { min: 10, max: 5 }, [], { min: M.minAboveMax, max: M.maxBelowMin }],
    ['negative min', { min: -1 }, [], { min: M.wholeNumber }],
    ['fractional max', { max: 2.5 }, [], { max: M.wholeNumber }],
    ['a word for max', { max: 'lots' }, [], { max: M.wholeNumber }],
    ['negative max_companions', { max_companions: -3 }, [], { max_companions: M.wholeNumber }],
    ['in person without an address', { address: '' }, [], { address: M.addressRequired }],
    ['in person with a blank address', { address: '   ' }, [], { address: M.addressRequired }],
    ['virtual without a link', { location_type: 'virtual', address: '', url: '' }, [], { url: M.urlRequired }],
    ['virtual with an ftp link', { location_type: 'virtual', url: 'ftp://files.example.com/x' }, [], { url: M.urlRequired }],
    ['virtual with a javascript: link', { location_type: 'virtual', url: 'javascript:alert(1)' }, [], { url: M.urlRequired }],
    ['virtual with a bare word', { location_type: 'virtual', url: 'zoom' }, [], { url: M.urlRequired }],
    ['lat without lng', { lat: 41.4 }, [], { lat: 'Give both lat and lng, or neither' }],
    ['lng without lat', { lng: 2.1, lat: null }, [], { lat: 'Give both lat and lng, or neither' }],
    ['an extension that is not a picture', { base64: 'AAAA', extension: 'bmp' }, [], { extension: M.imageType }],
    ['svg', { base64: 'AAAA', extension: 'svg' }, [], { extension: M.imageType }],
    ['a picture without its extension', { base64: 'AAAA' }, [], { extension: M.imageType }],
    ['price 0', { price: 0, currency: 'EUR' }, [], { price: M.priceRequired }],
    ['a negative price', { price: -5, currency: 'EUR' }, [], { price: M.priceRequired }],
    ['a price without currency', { price: 10 }, [], { currency: M.currencyRequired }],
    ['an unknown currency', { price: 10, currency: 'XYZ' }, [], { currency: M.currencyRequired }],
    ['a price with cents after the point (prices are minor units)', { price: 12.5, currency: 'EUR' }, [], { price: M.priceWhole }],
    ['a price above the provider limit', { price: 100_000_000, currency: 'EUR' }, [], { price: M.priceTooHigh }],
    ['a multiple-price type without a name or price', { pricing_mode: 'multiple', currency: 'EUR', ticket_types: [{ name: '', price: null, currency: 'EUR' }] }, [], {
      'ticket_types.0.name': M.ticketNameRequired,
      'ticket_types.0.price': M.priceRequired,
    }],
    ['two types with one name in another case', { pricing_mode: 'multiple', currency: 'EUR', ticket_types: [{ name: 'VIP', price: 100, currency: 'EUR' }, { name: 'vip ', price: 200, currency: 'EUR' }] }, [], {
      'ticket_types.1.name': M.duplicateTicketTypeName,
    }],
    ['a type in another currency than the event', { pricing_mode: 'multiple', currency: 'EUR', ticket_types: [{ name: 'A', price: 100, currency: 'USD' }] }, [], {
      'ticket_types.0.currency': M.oneCurrency,
    }],
    ['a type quantity of 0', { pricing_mode: 'multiple', currency: 'EUR', ticket_types: [{ name: 'A', price: 100, currency: 'EUR', quantity: 0 }] }, [], {
      'ticket_types.0.quantity': M.ticketQuantity,
    }],
  ])('%s', async (_label, overrides, omit, fields) => {
    const { user, headers } = await userWithSession();
    expectFields(await create(headers, body(overrides, omit)), fields);
    expect(await eventsOf(user.id)).toEqual([]);
  });

  it('0 for min and max is stored as empty', async () => {
    const { user, headers } = await userWithSession();
    const res = await create(headers, body({ min: 0, max: 0, max_companions: 0 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ min: null, max: null, max_companions: null });
    expect((await eventsOf(user.id))[0]).toMatchObject({ min: null, max: null, max_companions: null });
    const equal = await create(headers, body({ min: 5, max: 5 }));
    expect(equal.json().data).toMatchObject({ min: 5, max: 5 });
    const onlyMin = await create(headers, body({ min: '3', max: null }));
    expect(onlyMin.json().data).toMatchObject({ min: 3, max: null });
  });

  it('a virtual event with an http(s) link needs no address', async () => {
    const { headers } = await userWithSession();
    for (const url of ['https://meet.example.com/abc', 'http://example.org/room?x=1']) {
      const res = await create(headers, body({ location_type: 'virtual', address: '', url }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ location_type: 'virtual', url });
    }
  });

  it('an unknown category', async () => {
    const { user, headers } = await userWithSession();
    expectFields(await create(headers, body({ categories: [1, 999] })), { categories: M.unknownCategory });
    expect(await eventsOf(user.id)).toEqual([]);
  });

  it('a group the user is not a member of is refused; a member’s group is accepted', async () => {
    const { user, headers } = await userWithSession();
    const theirs = await buildGroup(db, 'Not mine');
    expectFields(await create(headers, body({ group_id: theirs.id })), { group_id: M.notGroupMember });
    expectFields(await create(headers, body({ group_id: 2_000_000 })), { group_id: M.notGroupMember });
    expect(await eventsOf(user.id)).toEqual([]);
    const mine = await buildGroup(db, 'Mine', [user.id]);
    const res = await create(headers, body({ group_id: mine.id }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ group_id: mine.id, group: { id: mine.id, name: 'Mine' } });
  });

  it('base64 that is not base64', async () => {
    const { user, headers } = await userWithSession();
    const before = await mediaFiles(ctx.dataDir);
    expectFields(await create(headers, body({ base64: '%%% not base64 %%%', extension: 'png' })), { base64: 'The picture is not valid base64' });
    expect(await mediaFiles(ctx.dataDir)).toEqual(before);
    expect(await eventsOf(user.id)).toEqual([]);
  });

  it('a picture whose content is no picture (415 on base64) or a broken one (422 on base64)', async () => {
    const { user, headers } = await userWithSession();
    const before = await mediaFiles(ctx.dataDir);
    const text = await create(headers, body({ base64: Buffer.from('just some text, not an image').toString('base64'), extension: 'jpg' }));
    expect(text.statusCode).toBe(415);
    expect(Object.keys(text.json().error.fields)).toEqual(['base64']);
    // A real PNG signature followed by garbage.
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    const res = await create(headers, body({ base64: broken.toString('base64'), extension: 'png' }));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.fields)).toEqual(['base64']);
    expect(await mediaFiles(ctx.dataDir)).toEqual(before);
    expect(await eventsOf(user.id)).toEqual([]);
  });

  it('a reference check failing after a valid picture stores no file', async () => {
    const { user, headers } = await userWithSession();
    const before = await mediaFiles(ctx.dataDir);
    const res = await create(headers, body({ base64: await testImage('png'), extension: 'png', categories: [999] }));
    expect(res.statusCode).toBe(422);
    expect(await mediaFiles(ctx.dataDir)).toEqual(before);
    expect(await eventsOf(user.id)).toEqual([]);
  });
});

describe('create: several problems at once', () => {
  it('reports every rule of the form in one answer', async () => {
    const { user, headers } = await userWithSession();
    const res = await create(headers, { name: ' ', end_date: '2026-05-01 10:00:00', min: 8, max: 3, address: '', price: 5 });
    expectFields(res, {
      name: M.nameRequired,
      start_date: M.startRequired,
      min: M.minAboveMax,
      max: M.maxBelowMin,
      address: M.addressRequired,
      currency: M.currencyRequired,
    });
    const dates = await create(headers, { name: 'x', start_date: '2026-05-02 10:00:00', end_date: '2026-05-01 10:00:00', location_type: 'virtual', url: 'nope', lat: 1 });
    expectFields(dates, { end_date: M.endBeforeStart, url: M.urlRequired, lat: 'Give both lat and lng, or neither' });
    expect(await eventsOf(user.id)).toEqual([]);
  });

  it('reports every malformed field in one answer', async () => {
    const { headers } = await userWithSession();
    const res = await create(headers, body({ start_date: 'tomorrow', end_date: '2026-13-01 00:00:00', min: -1, max: 1.5, extension: 'bmp', base64: 'AAAA', currency: 'XYZ', price: 3 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toMatchObject({
      start_date: M.dateFormat,
      end_date: M.dateFormat,
      min: M.wholeNumber,
      max: M.wholeNumber,
      extension: M.imageType,
      currency: M.currencyRequired,
    });
  });

  it('reports the group, category and companion references together', async () => {
    const { headers } = await userWithSession();
    const stranger = await buildUser(db);
    const theirCompanion = await buildCompanion(db, stranger.id);
    const theirGroup = await buildGroup(db, 'Other');
    const res = await create(headers, body({ group_id: theirGroup.id, categories: [999], companions: [theirCompanion.id] }));
    expectFields(res, { group_id: M.notGroupMember, categories: M.unknownCategory, companions: M.unknownCompanion });
  });

  // The object-level rules (name, start date, end before start, min/max, address, link, price)
  // run even when a field-level check failed (eventBodySchema's superRefine `when`).
  it('reports the form rules even when a field is malformed', async () => {
    const { headers } = await userWithSession();
    const res = await create(headers, body({ name: '', min: -1 }));
    expectFields(res, { name: M.nameRequired, min: M.wholeNumber });
  });
});

describe('bad bodies are 4xx, never 5xx', () => {
  const raw = (headers: Headers, method: 'POST' | 'PUT', url: string, payload: string, contentType = 'application/json') =>
    app.inject({ method, url, headers: { ...headers, 'content-type': contentType }, payload });

  it('malformed JSON, an array, a string, null, text/plain, an empty body', async () => {
    const { user, headers } = await userWithSession();
    const owned = await create(headers, body());
    const id = owned.json().data.id as number;
    for (const [method, url] of [
      ['POST', '/api/events/create'],
      ['PUT', `/api/events/${id}`],
    ] as const) {
      const cases: [string, string, number][] = [
        ['{"name": "x",', 'application/json', 400],
        ['{name: x}', 'application/json', 400],
        ['[]', 'application/json', 422],
        ['[{"name":"x"}]', 'application/json', 422],
        ['"just a string"', 'application/json', 422],
        ['null', 'application/json', 422],
        ['42', 'application/json', 422],
        ['', 'application/json', 400],
        ['name=Picnic&start_date=2026-05-01', 'application/x-www-form-urlencoded', 415],
        [JSON.stringify(body()), 'text/plain', 415],
      ];
      for (const [payload, type, status] of cases) {
        const res = await raw(headers, method, url, payload, type);
        expect(res.statusCode, `${method} ${payload} (${type}): ${res.body}`).toBe(status);
        expect(res.json().error.code).toEqual(expect.any(String));
      }
    }
    expect(await eventsOf(user.id)).toHaveLength(1);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['name as a number', { name: 5 }, 'name'],
    ['name as an object', { name: { first: 'x' } }, 'name'],
    ['categories as a string', { categories: 'a' }, 'categories'],
    ['categories with a word', { categories: ['a'] }, 'categories.0'],
    ['categories with 0', { categories: [0] }, 'categories.0'],
    ['start_date as a number', { start_date: 1767225600 }, 'start_date'],
    ['is_private as a word', { is_private: 'yes' }, 'is_private'],
    ['lat as a word', { lat: 'north', lng: 2 }, 'lat'],
    ['lat out of range', { lat: 91, lng: 2 }, 'lat'],
    ['lng out of range', { lat: 1, lng: -181 }, 'lng'],
    ['companions as an object', { companions: { a: 1 } }, 'companions'],
    ['group_id as a word', { group_id: 'mine' }, 'group_id'],
    ['location_type unknown', { location_type: 'hybrid' }, 'location_type'],
    ['clone_id negative', { clone_id: -1 }, 'clone_id'],
    ['base64 as a number', { base64: 12345, extension: 'png' }, 'base64'],
    ['price as a word', { price: 'free', currency: 'EUR' }, 'price'],
    ['a name over 200 characters', { name: 'x'.repeat(EVENT_NAME_MAX_LENGTH + 1) }, 'name'],
    ['a 1 MB name', { name: 'y'.repeat(1024 * 1024) }, 'name'],
    ['a description over 10,000 characters', { description: 'd'.repeat(10_001) }, 'description'],
    ['an address over 300 characters', { address: 'a'.repeat(301) }, 'address'],
    ['a venue over 200 characters', { venue: 'v'.repeat(201) }, 'venue'],
    ['a link over 2,000 characters', { location_type: 'virtual', url: `https://example.com/${'u'.repeat(2000)}` }, 'url'],
    ['too many categories', { categories: Array.from({ length: 51 }, (_, i) => i + 1) }, 'categories'],
    ['max over a million', { max: 1_000_001 }, 'max'],
  ])('%s: 422 on the field', async (_label, overrides, field) => {
    const { user, headers } = await userWithSession();
    const res = await create(headers, body(overrides));
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().error.fields)).toContain(field);
    expect(await eventsOf(user.id)).toEqual([]);
  });

  it('a name of exactly 200 characters is fine', async () => {
    const { headers } = await userWithSession();
    const res = await create(headers, body({ name: 'n'.repeat(EVENT_NAME_MAX_LENGTH) }));
    expect(res.statusCode).toBe(200);
  });

  it('a body over the size limit is 413', async () => {
    const { user, headers } = await userWithSession();
    const res = await raw(headers, 'POST', '/api/events/create', JSON.stringify(body({ description: 'z'.repeat(16 * 1024 * 1024) })));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
    expect(await eventsOf(user.id)).toEqual([]);
  });

  it('a bad id in the path is 4xx', async () => {
    const { headers } = await userWithSession();
    for (const id of ['abc', '-1', '0', '1.5', '99999999999']) {
      for (const [method, url] of [
        ['PUT', `/api/events/${id}`],
        ['DELETE', `/api/events/${id}`],
        ['DELETE', `/api/events/moderator/${id}`],
        ['POST', `/api/events/${id}/like`],
        ['POST', `/api/events/${id}/ownership`],
      ] as const) {
        const res = await app.inject({ method, url, headers, ...(method === 'PUT' ? { payload: body() } : method === 'POST' && url.endsWith('ownership') ? { payload: { user_id: 1 } } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
      }
    }
  });
});

describe('update: the same rules, and nothing stored changes on a failure', () => {
  it('a failed update leaves the event, its categories, its responses and its picture as they were', async () => {
    const { user, headers } = await userWithSession();
    const companion = await buildCompanion(db, user.id);
    const created = await create(headers, body({ categories: [2, 4], min: 2, max: 9, companions: [companion.id], base64: await testImage('png'), extension: 'png' }));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    const snapshot = async () => ({
      event: await db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
      categories: await db.selectFrom('event_categories').select('category_id').where('event_id', '=', id).orderBy('category_id').execute(),
      responses: await db.selectFrom('event_users').selectAll().where('event_id', '=', id).execute(),
      companions: await db.selectFrom('event_user_companions').select('companion_id').where('event_id', '=', id).execute(),
      files: await mediaFiles(ctx.dataDir),
    });
    const before = await snapshot();
    const stranger = await buildUser(db);
    const theirCompanion = await buildCompanion(db, stranger.id);
    const theirGroup = await buildGroup(db, 'Theirs');
    const put = (payload: unknown, contentType = 'application/json') =>
      app.inject({ method: 'PUT', url: `/api/events/${id}`, headers: { ...headers, 'content-type': contentType }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });

    const failures: [unknown, number, string?][] = [
      [body({ name: '' , categories: [1] }), 422, 'name'],
      [body({ start_date: '2030-02-30 10:00:00', categories: [1] }), 422, 'start_date'],
      [body({ end_date: '2026-04-30 10:00:00' }), 422, 'end_date'],
      [body({ min: 10, max: 2 }), 422, 'min'],
      [body({ address: '' }), 422, 'address'],
      [body({ categories: [1, 999], name: 'Changed' }), 422, 'categories'],
      [body({ group_id: theirGroup.id, name: 'Changed' }), 422, 'group_id'],
      [body({ companions: [theirCompanion.id], is_attending: true, name: 'Changed' }), 422, 'companions'],
      [body({ remove_image: true, extension: 'bmp', base64: 'AAAA' }), 422, 'extension'],
      [body({ remove_image: true, base64: '***', extension: 'png', name: 'Changed' }), 422, 'base64'],
      [body({ base64: Buffer.from('<svg onload="alert(1)"/>').toString('base64'), extension: 'png', name: 'Changed' }), 415, 'base64'],
      [body({ name: 5 }), 422, 'name'],
      ['{"name": "Changed",', 400],
      ['[]', 422],
      [JSON.stringify(body({ name: 'Changed' })), 415],
    ];
    for (const [payload, status, field] of failures) {
      const res = await put(payload, status === 415 && typeof payload === 'string' ? 'text/plain' : 'application/json');
      expect(res.statusCode, `${JSON.stringify(payload).slice(0, 120)}: ${res.body}`).toBe(status);
      if (field) expect(Object.keys(res.json().error.fields)).toContain(field);
    }
    expect(await snapshot()).toEqual(before);

    // The same update, once valid, goes through.
    const ok = await put(body({ name: 'Changed', categories: [1] }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'Changed', categories: [{ id: 1 }] });
  });

  it('reports the same messages as create', async () => {
    const { headers } = await userWithSession();
    const id = (await create(headers, body())).json().data.id as number;
    const res = await app.inject({ method: 'PUT', url: `/api/events/${id}`, headers, payload: { name: '', start_date: '2026-05-02 10:00:00', end_date: '2026-05-01 10:00:00', address: '', min: 4, max: 1 } });
    expectFields(res, { name: M.nameRequired, end_date: M.endBeforeStart, address: M.addressRequired, min: M.minAboveMax, max: M.maxBelowMin });
  });
});
