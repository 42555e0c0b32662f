import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { insertSession } from '../src/modules/auth/session.repo.ts';
import { hashToken } from '../src/modules/auth/tokens.ts';
import {
  BAD_JSON_VALUES,
  BAD_URL_VALUES,
  badRawBodies,
  exampleOf,
  listOperations,
  queryPart,
  randomHostileUrlValues,
  randomHostileValues,
  type JsonSchema,
  type Operation,
} from './bad-input.ts';
import { addFriendship, addInvite, addResponse, buildCompanion, buildEvent, buildGroup } from './event-factory.ts';
import { startGoogleDouble } from './google-double.ts';
import { buildUser, createTestApp, nextIp } from './harness.ts';

/**
 * The bad-input walk (issue 12): every route of the OpenAPI document gets generated malformed
 * input — wrong types, missing and extra fields, huge strings, NUL and other control characters,
 * lone surrogates, out-of-range and non-numeric ids, wrong content types, empty bodies, deep JSON,
 * and random hostile values from fast-check — signed in, and signed out where the route is public.
 * Any 5xx fails. Routes are read from the document, so a new route is walked without anyone
 * adding it here. The world is reset before each route (and after any write that succeeded), so
 * that ids 1 and 2 name real rows of every table and mutations reach the services, not only 404s.
 */

const SEED = Number(process.env.WALK_SEED ?? 20261125);
const RANDOM_PER_FIELD = 4;
const RANDOM_BODIES = 12;
const TOKEN = 'walk-session-token-of-the-owner-0000000000000';

/**
 * Bodies the generic example cannot make valid (dates, phone numbers), so that one-field mutations
 * start from a request that would succeed. Coverage does not depend on this list: a route missing
 * from it is walked from its generated example.
 */
const eventBody = {
  name: 'Walk night',
  description: 'A walk',
  start_date: '2026-03-01T18:00:00Z',
  end_date: '2026-03-01T22:00:00Z',
  location_type: 'in_person',
  address: 'Carrer de Mallorca 1, Barcelona',
  venue: 'Hall',
  lat: 41.39,
  lng: 2.16,
  max: 10,
  categories: [1],
  companions: [1],
  is_attending: true,
};
const BASELINES: Record<string, unknown> = {
  'POST /api/events/create': eventBody,
  'PUT /api/events/{id}': eventBody,
  'POST /api/send-code': { to: '+12025550177' },
  'POST /api/events/tickets/send-sms/{hash}': { message: 'Doors open at 8', phone: null, type: 'all' },
  'POST /api/check-code': { to: '+12025550177', code: '123456' },
  'POST /api/auth-create': { phone: '+12025550177' },
  'PUT /api/users/{id}': { name: 'Walk Owner', email: 'walk@example.com' },
  'POST /api/set-name': { id: 1, name: 'Walk Owner', terms_accepted: true },
  'POST /api/gallery/{id}': { cloudinary_data: { id: 'walkupload01' } },
  'POST /api/media/uploads/presign': { content_type: 'image/jpeg', bytes: 1000 },
  'POST /api/gallery/{id}/abuse': { reason: 'other', description: 'Not from this event' },
  'POST /api/events/{id}/join': { maybe: false, companions: [1], note: 'Coming' },
};

// Google sign-in on (a local provider double), so that its routes are walked past the configuration check.
const google = await startGoogleDouble();
const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000', ...google.env } });
const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
const operations = listOperations(doc);

/** Ids 1 and 2 exist in every table the routes name; user 1 is the signed-in owner. */
async function resetWorld(): Promise<void> {
  const tables = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('categories', 'schema_migrations')
  `.execute(ctx.db);
  await sql`TRUNCATE ${sql.join(tables.rows.map((t) => sql.table(t.tablename)))} RESTART IDENTITY CASCADE`.execute(ctx.db);
  const owner = await buildUser(ctx.db, { name: 'Walk Owner', phone: '+12025550181' });
  const guest = await buildUser(ctx.db, { name: 'Walk Guest', phone: '+12025550182' });
  const moderator = await buildUser(ctx.db, { name: 'Walk Moderator', phone: '+12025550183', is_moderator: true });
  const stranger = await buildUser(ctx.db, { name: 'Walk Stranger', phone: '+12025550184' });
  const now = ctx.clock.now();
  await insertSession(ctx.db, { token_hash: hashToken(TOKEN), user_id: owner.id, now, expires_at: new Date(now.getTime() + 86_400_000), user_agent: 'walk', ip: null });
  await buildGroup(ctx.db, 'Walkers', [owner.id, guest.id]);
  await buildCompanion(ctx.db, owner.id, 'Sam');
  await buildCompanion(ctx.db, guest.id, 'Kim');
  const open = await buildEvent(ctx.db, { user_id: owner.id, name: 'Open walk', visibility: 'public' });
  const closed = await buildEvent(ctx.db, { user_id: guest.id, name: 'Closed walk', visibility: 'private' });
  await buildEvent(ctx.db, { user_id: owner.id, name: 'Friends walk', visibility: 'friends' });
  await addResponse(ctx.db, open.id, guest.id, 'going');
  await addInvite(ctx.db, closed.id, owner.id, guest.id);
  await addFriendship(ctx.db, owner.id, guest.id);
  await ctx.db.insertInto('friend_requests').values([{ user_id: stranger.id, friend_id: owner.id }, { user_id: moderator.id, friend_id: owner.id }]).execute();
  await ctx.db.insertInto('follows').values({ follower_id: owner.id, followed_id: guest.id }).execute();
  await ctx.db.insertInto('comments').values([{ event_id: open.id, user_id: guest.id, comment: 'Hi' }, { event_id: open.id, user_id: owner.id, comment: 'Hello' }]).execute();
  await ctx.db.insertInto('notifications').values([{ user_id: owner.id, action: 'comment_posted', author_id: guest.id, event_id: open.id }, { user_id: owner.id, action: 'user_following', author_id: guest.id }]).execute();
  const upload = (id: string, state: 'ready' | 'posted') => ({
    id,
    user_id: owner.id,
    event_id: open.id,
    state,
    resource_type: 'image' as const,
    format: 'webp',
    url: `/media/gallery/${id}.webp`,
    url_m: `/media/gallery/${id}-m.webp`,
    url_l: `/media/gallery/${id}-l.webp`,
    width: 10,
    height: 10,
    bytes: 100,
  });
  await ctx.db.insertInto('media_uploads').values([upload('walkupload01', 'ready'), upload('walkupload02', 'posted'), upload('walkupload03', 'posted')]).execute();
  await ctx.db
    .insertInto('gallery_items')
    .values(['walkupload02', 'walkupload03'].map((id) => ({ event_id: open.id, user_id: owner.id, upload_id: id, type: 'image', url: `/media/gallery/${id}.webp`, url_m: `/media/gallery/${id}-m.webp`, url_l: `/media/gallery/${id}-l.webp`, width: 10, height: 10, approved: true })))
    .execute();
}

interface Case {
  label: string;
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

function urlFor(op: Operation, pathValues: Record<string, string>, query: string[]): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const param = op.pathParams.find((p) => p.name === name);
    return pathValues[name] ?? encodeURIComponent(String(param ? exampleOf(param.schema) : 1));
  });
  const qs = query.filter(Boolean).join('&');
  return qs ? `${path}?${qs}` : path;
}

function baselineQuery(op: Operation): string[] {
  return op.queryParams.filter((p) => p.required).map((p) => queryPart(p.name, exampleOf(p.schema)));
}

function baselineBody(op: Operation): unknown {
  return BASELINES[`${op.method} ${op.path}`] ?? (op.body ? exampleOf(op.body) : undefined);
}

/** The body's fields, one level into nested objects: `name`, `cloudinary_data.id`. */
function fieldPaths(schema: JsonSchema | null): string[][] {
  const paths: string[][] = [];
  const objectOf = (s: JsonSchema): JsonSchema | undefined => (s.properties ? s : (s.anyOf ?? s.oneOf)?.find((b) => b.properties));
  const root = schema ? objectOf(schema) : undefined;
  for (const [key, child] of Object.entries(root?.properties ?? {})) {
    paths.push([key]);
    for (const sub of Object.keys(objectOf(child)?.properties ?? {})) paths.push([key, sub]);
  }
  return paths;
}

function withField(body: unknown, path: string[], value: unknown, remove = false): unknown {
  const copy = structuredClone(body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) {
    if (!target[key] || typeof target[key] !== 'object') target[key] = {};
    target = target[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1]!;
  if (remove) delete target[last];
  else target[last] = value;
  return copy;
}

function casesFor(op: Operation, seed: number): Case[] {
  const cases: Case[] = [];
  const query = baselineQuery(op);
  const body = baselineBody(op);
  const bodyCase = (label: string, value: unknown, url = urlFor(op, {}, query)): Case => ({ label, url, payload: JSON.stringify(value), headers: JSON_HEADERS });
  const plain = (label: string, url: string): Case =>
    op.body ? bodyCase(label, body, url) : { label, url, headers: {}, ...(op.rawBody ? { payload: Buffer.from('junk'), headers: { 'content-type': 'application/octet-stream' } } : {}) };

  cases.push(plain('baseline', urlFor(op, {}, query)));

  for (const param of op.pathParams) {
    const values = [...BAD_URL_VALUES.map((v) => [v.label, v.encoded] as const), ...randomHostileUrlValues(seed, RANDOM_PER_FIELD).map((v) => ['random', v] as const)];
    for (const [label, encoded] of values) cases.push(plain(`path ${param.name}: ${label}`, urlFor(op, { [param.name]: encoded }, query)));
  }

  for (const param of op.queryParams) {
    const others = query.filter((q) => !q.startsWith(`${param.name}=`) && !q.startsWith(`${param.name}[`));
    const values: [string, string][] = [
      ...BAD_URL_VALUES.map((v): [string, string] => [v.label, `${param.name}=${v.encoded}`]),
      ...randomHostileUrlValues(seed + 1, RANDOM_PER_FIELD).map((v): [string, string] => ['random', `${param.name}=${v}`]),
    ];
    values.push(['repeated', `${param.name}=1&${param.name}=x%00`], ['brackets', `${param.name}[a]=1&${param.name}[]=2`], ['deep brackets', `${param.name}[a][b][c][d]=1`], ['no value', param.name]);
    for (const [label, part] of values) cases.push(plain(`query ${param.name}: ${label}`, urlFor(op, {}, [...others, part])));
  }
  cases.push(plain('query: unknown parameter with NUL', urlFor(op, {}, [...query, 'zz_unknown=a%00b'])));

  if (op.body || op.rawBody) {
    for (const raw of badRawBodies()) cases.push({ label: `body: ${raw.label}`, url: urlFor(op, {}, query), headers: raw.headers, ...(raw.payload !== undefined ? { payload: raw.payload } : {}) });
  }
  if (op.body) {
    cases.push(bodyCase('body: extra field', withField(body, ['zz_extra'], 'a\u0000b')));
    const required = new Set(op.body.required ?? []);
    for (const path of fieldPaths(op.body)) {
      if (path.length === 1 && required.has(path[0]!)) cases.push(bodyCase(`body ${path.join('.')}: missing`, withField(body, path, undefined, true)));
      for (const bad of BAD_JSON_VALUES) cases.push(bodyCase(`body ${path.join('.')}: ${bad.label}`, withField(body, path, bad.value)));
      for (const value of randomHostileValues(seed + path.length, RANDOM_PER_FIELD)) cases.push(bodyCase(`body ${path.join('.')}: random`, withField(body, path, value)));
    }
    for (const value of randomHostileValues(seed + 7, RANDOM_BODIES)) cases.push(bodyCase('body: random value', value));
  }
  return cases;
}

const tally = { routes: 0, requests: 0, byClass: {} as Record<string, number> };

afterAll(() => {
  console.log(
    `bad-input walk (seed ${SEED}): ${tally.routes} routes, ${tally.requests} requests; ` +
      Object.entries(tally.byClass)
        .sort()
        .map(([k, v]) => `${k}: ${v}`)
        .join(', '),
  );
});

describe('the bad-input walk over the OpenAPI document', () => {
  it('finds the routes in the document', () => {
    expect(operations.length).toBeGreaterThan(60);
  });

  operations.forEach((op, index) => {
    it(`${op.method} ${op.path}: no 5xx`, { timeout: 300_000 }, async () => {
      await resetWorld();
      const failures: string[] = [];
      const cases = casesFor(op, SEED + index * 101);
      const send = async (c: Case, signedIn: boolean) => {
        const res = await ctx.app.inject({
          method: op.method as 'GET',
          url: c.url,
          remoteAddress: nextIp(),
          headers: { ...c.headers, ...(signedIn ? { authorization: `Bearer ${TOKEN}` } : {}) },
          ...(c.payload !== undefined ? { payload: c.payload } : {}),
        });
        tally.requests += 1;
        const cls = `${Math.floor(res.statusCode / 100)}xx`;
        tally.byClass[cls] = (tally.byClass[cls] ?? 0) + 1;
        if (res.statusCode >= 500) failures.push(`${signedIn ? 'signed in' : 'signed out'} ${c.label}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        // A write that went through changes the world the next cases expect.
        if (op.method !== 'GET' && res.statusCode < 300) await resetWorld();
        return res.statusCode;
      };
      for (const c of cases) await send(c, true);
      // Signed out: the whole walk where the route is public; one request shows the others refuse.
      const publicRoute = (await send(cases[0]!, false)) !== 401;
      if (publicRoute) for (const c of cases.slice(1)) await send(c, false);
      tally.routes += 1;
      expect(failures).toEqual([]);
    });
  });
});
