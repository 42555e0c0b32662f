import { describe, expect, it } from 'vitest';
import { COMPANION_TYPES, COMPANIONS_MAX } from '@planns/shared/companions/companions.rules';
import { buildUser, createTestApp, signIn } from './harness.ts';

const ctx = await createTestApp();
const { app, db } = ctx;

async function userWithSession() {
  const user = await buildUser(db);
  const { headers } = await signIn(ctx, user.id);
  return { user, headers };
}

function create(headers: Record<string, string>, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/companions', headers, payload });
}

function list(headers: Record<string, string>) {
  return app.inject({ method: 'GET', url: '/api/companions', headers });
}

async function stored(id: number) {
  return db.selectFrom('companions').select(['user_id', 'first_name', 'last_name', 'type']).where('id', '=', id).executeTakeFirst();
}

describe('companions', () => {
  it('creates, lists, updates and deletes', async () => {
    const { user, headers } = await userWithSession();
    expect((await list(headers)).json()).toEqual({ data: [] });

    const a = await create(headers, { first_name: '  Lucy ', last_name: ' Smith ', type: 'son_or_daughter' });
    expect(a.statusCode).toBe(200);
    const lucy = a.json().data;
    expect(lucy).toEqual({ id: expect.any(Number), first_name: 'Lucy', last_name: 'Smith', type: 'son_or_daughter' });
    const b = await create(headers, { first_name: '', last_name: 'Jones', type: 'spouse' });
    expect(b.statusCode).toBe(200);
    const jones = b.json().data;
    expect(jones).toMatchObject({ first_name: '', last_name: 'Jones', type: 'spouse' });
    const c = await create(headers, { first_name: 'Pat', last_name: null, type: 'friend' });
    expect(c.json().data).toMatchObject({ first_name: 'Pat', last_name: '', type: 'friend' });

    const listed = await list(headers);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((x: { id: number }) => x.id)).toEqual([lucy.id, jones.id, c.json().data.id]);
    expect(listed.json().data[0]).toEqual(lucy);

    const updated = await app.inject({
      method: 'POST',
      url: `/api/companions/${lucy.id}`,
      headers,
      payload: { first_name: 'Lucia', last_name: 'Smith', type: 'other_family_member' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toEqual({ id: lucy.id, first_name: 'Lucia', last_name: 'Smith', type: 'other_family_member' });
    expect(await stored(lucy.id)).toEqual({ user_id: user.id, first_name: 'Lucia', last_name: 'Smith', type: 'other_family_member' });

    const deleted = await app.inject({ method: 'DELETE', url: `/api/companions/${jones.id}`, headers });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ data: { ok: true } });
    expect(await stored(jones.id)).toBeUndefined();
    expect((await list(headers)).json().data.map((x: { id: number }) => x.id)).toEqual([lucy.id, c.json().data.id]);

    const again = await app.inject({ method: 'DELETE', url: `/api/companions/${jones.id}`, headers });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('not_found');
  });

  it.each(COMPANION_TYPES)('accepts the type %s', async (type) => {
    const { headers } = await userWithSession();
    const res = await create(headers, { first_name: 'Sam', type });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.type).toBe(type);
  });

  it.each([
    [{ type: 'friend' }],
    [{ first_name: '', last_name: '', type: 'friend' }],
    [{ first_name: '   ', last_name: ' ', type: 'friend' }],
    [{ first_name: null, last_name: null, type: 'friend' }],
  ])('refuses a companion without first or last name: %j', async (payload) => {
    const { user, headers } = await userWithSession();
    const res = await create(headers, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.fields.first_name).toEqual(expect.any(String));
    expect(await db.selectFrom('companions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
  });

  it.each([[{ first_name: 'Sam', type: 'cousin' }], [{ first_name: 'Sam' }], [{ first_name: 'Sam', type: '' }], [{ first_name: 'Sam', type: 3 }]])(
    'refuses a bad type: %j',
    async (payload) => {
      const { headers } = await userWithSession();
      const res = await create(headers, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.fields.type).toEqual(expect.any(String));
    },
  );

  it('refuses names over 100 characters and takes exactly 100', async () => {
    const { headers } = await userWithSession();
    const long = await create(headers, { first_name: 'x'.repeat(101), type: 'friend' });
    expect(long.statusCode).toBe(422);
    expect(long.json().error.fields.first_name).toEqual(expect.any(String));
    const longLast = await create(headers, { first_name: 'Sam', last_name: 'y'.repeat(101), type: 'friend' });
    expect(longLast.statusCode).toBe(422);
    expect(longLast.json().error.fields.last_name).toEqual(expect.any(String));
    expect((await list(headers)).json().data).toHaveLength(0);
    const exact = await create(headers, { first_name: 'x'.repeat(100), last_name: 'y'.repeat(100), type: 'friend' });
    expect(exact.statusCode).toBe(200);
  });

  it('validates an update like a create and leaves the companion unchanged', async () => {
    const { headers } = await userWithSession();
    const id = (await create(headers, { first_name: 'Kept', type: 'friend' })).json().data.id;
    const res = await app.inject({ method: 'POST', url: `/api/companions/${id}`, headers, payload: { first_name: '', last_name: '', type: 'spouse' } });
    expect(res.statusCode).toBe(422);
    expect(await stored(id)).toMatchObject({ first_name: 'Kept', type: 'friend' });
  });

  it(`keeps at most ${COMPANIONS_MAX} companions`, async () => {
    const { user, headers } = await userWithSession();
    await db
      .insertInto('companions')
      .values(Array.from({ length: COMPANIONS_MAX - 1 }, (_, i) => ({ user_id: user.id, first_name: `C${i}`, last_name: '', type: 'friend' })))
      .execute();
    expect((await create(headers, { first_name: 'Last', type: 'other' })).statusCode).toBe(200);
    const over = await create(headers, { first_name: 'Too Many', type: 'other' });
    expect(over.statusCode).toBe(422);
    expect(over.json().error.code).toBe('validation_failed');
    expect(over.json().error.message).toContain(String(COMPANIONS_MAX));
    expect((await list(headers)).json().data).toHaveLength(COMPANIONS_MAX);

    // Deleting one makes room again; another user is not affected by this user's count.
    const first = (await list(headers)).json().data[0].id;
    expect((await app.inject({ method: 'DELETE', url: `/api/companions/${first}`, headers })).statusCode).toBe(200);
    expect((await create(headers, { first_name: 'Again', type: 'other' })).statusCode).toBe(200);
    const { headers: otherHeaders } = await userWithSession();
    expect((await create(otherHeaders, { first_name: 'Mine', type: 'other' })).statusCode).toBe(200);
  });

  it('holds the limit under parallel creates', async () => {
    const { user, headers } = await userWithSession();
    await db
      .insertInto('companions')
      .values(Array.from({ length: COMPANIONS_MAX - 2 }, (_, i) => ({ user_id: user.id, first_name: `C${i}`, last_name: '', type: 'friend' })))
      .execute();
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => create(headers, { first_name: `P${i}`, type: 'friend' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 422, 422, 422]);
    expect((await list(headers)).json().data).toHaveLength(COMPANIONS_MAX);
  });

  it("hides another user's companions: not listed, update and delete answer 404 and change nothing", async () => {
    const owner = await userWithSession();
    const intruder = await userWithSession();
    const theirs = (await create(owner.headers, { first_name: 'Secret', last_name: 'Kid', type: 'son_or_daughter' })).json().data;
    await create(intruder.headers, { first_name: 'Mine', type: 'friend' });

    const listed = (await list(intruder.headers)).json().data;
    expect(listed.map((x: { first_name: string }) => x.first_name)).toEqual(['Mine']);

    const update = await app.inject({
      method: 'POST',
      url: `/api/companions/${theirs.id}`,
      headers: intruder.headers,
      payload: { first_name: 'Changed', type: 'friend' },
    });
    expect(update.statusCode).toBe(404);
    expect(update.json().error.code).toBe('not_found');
    expect(update.body).not.toContain('Secret');
    const del = await app.inject({ method: 'DELETE', url: `/api/companions/${theirs.id}`, headers: intruder.headers });
    expect(del.statusCode).toBe(404);
    expect(del.json().error.code).toBe('not_found');

    // The same answer as for a companion that does not exist.
    const missing = await app.inject({ method: 'DELETE', url: '/api/companions/2147483000', headers: intruder.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual(del.json().error);

    expect(await stored(theirs.id)).toEqual({ user_id: owner.user.id, first_name: 'Secret', last_name: 'Kid', type: 'son_or_daughter' });
    expect((await list(owner.headers)).json().data).toEqual([theirs]);
  });

  it('refuses a bad id', async () => {
    const { headers } = await userWithSession();
    for (const id of ['abc', '0', '-1', '1.5', '9007199254740992', '99999999999999999999']) {
      const res = await app.inject({ method: 'DELETE', url: `/api/companions/${id}`, headers });
      expect(res.statusCode).toBe(422);
    }
    // A well-formed id that names no companion of this person (decision 0017: ids up to 2^53 - 1).
    expect((await app.inject({ method: 'DELETE', url: '/api/companions/99999999999', headers })).statusCode).toBe(404);
  });

  it('answers 401 when signed out and changes nothing', async () => {
    const owner = await userWithSession();
    const theirs = (await create(owner.headers, { first_name: 'Kept', type: 'friend' })).json().data;
    const calls = [
      await app.inject({ method: 'GET', url: '/api/companions' }),
      await app.inject({ method: 'POST', url: '/api/companions', payload: { first_name: 'Anon', type: 'friend' } }),
      await app.inject({ method: 'POST', url: `/api/companions/${theirs.id}`, payload: { first_name: 'Anon', type: 'friend' } }),
      await app.inject({ method: 'DELETE', url: `/api/companions/${theirs.id}` }),
    ];
    for (const res of calls) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthenticated');
    }
    expect(await stored(theirs.id)).toMatchObject({ first_name: 'Kept' });
    expect(await db.selectFrom('companions').select('id').where('first_name', '=', 'Anon').execute()).toHaveLength(0);
  });
});
