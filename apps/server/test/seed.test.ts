import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, seedDemoData } from '../src/seed/demo-seed.ts';
import { buildUser, createTestApp, type TestContext } from './harness.ts';

// Each case needs an empty database of its own; built while the file is collected (see harness).
const ctx = await createTestApp();
const occupied = await createTestApp();
const raced = await createTestApp();

async function users(db: TestContext['db']) {
  return db.selectFrom('users').select(['id', 'name', 'phone', 'email', 'avatar', 'avatar_m', 'avatar_s', 'terms_accepted_at']).orderBy('id').execute();
}

async function mediaFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'media');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('seedDemoData', () => {
  it('seeds the demo people on an empty database, with avatars that exist and are served', async () => {
    const summary = await seedDemoData(ctx.deps);
    expect(summary).toBe('5 demo users');

    const rows = await users(ctx.db);
    expect(rows).toHaveLength(DEMO_USERS.length);
    expect(rows.map(({ name, phone, email }) => ({ name, phone, email }))).toEqual(
      DEMO_USERS.map(({ name, phone, email }) => ({ name, phone, email })),
    );
    expect(rows.map((r) => r.name)).toEqual(['Maya Levi', 'Leo Martínez', 'Yuki Tanaka', 'Anna Petrova', 'Jordi Puig']);

    for (const row of rows) {
      expect(row.terms_accepted_at?.toISOString()).toBe(ctx.clock.now().toISOString());
      for (const [field, size] of [
        ['avatar', 'l'],
        ['avatar_m', 'm'],
        ['avatar_s', 's'],
      ] as const) {
        const url = row[field];
        expect(url, `${row.name} ${field}`).toMatch(new RegExp(`^/media/avatars/${row.id}/[A-Za-z0-9_-]+-${size}\\.webp$`));
        const file = path.join(ctx.dataDir, 'media', url!.slice('/media/'.length));
        const stat = await fs.stat(file);
        expect(stat.size).toBeGreaterThan(0);

        const res = await ctx.app.inject({ method: 'GET', url: url! });
        expect(res.statusCode, url!).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.rawPayload.equals(await fs.readFile(file))).toBe(true);
        expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      }
    }
    // Three files per person and nothing else.
    expect(await mediaFiles(ctx.dataDir)).toHaveLength(DEMO_USERS.length * 3);
  });

  it('seeds nothing the second time', async () => {
    const before = await users(ctx.db);
    expect(before).toHaveLength(DEMO_USERS.length); // seeded by the previous case
    const filesBefore = await mediaFiles(ctx.dataDir);

    expect(await seedDemoData(ctx.deps)).toBeNull();
    expect(await users(ctx.db)).toEqual(before);
    expect((await mediaFiles(ctx.dataDir)).sort()).toEqual(filesBefore.sort());
  });

  it('seeds nothing on a database that already has a user', async () => {
    const someone = await buildUser(occupied.db, { name: 'Only Person' });
    expect(await seedDemoData(occupied.deps)).toBeNull();
    const rows = await users(occupied.db);
    expect(rows.map((r) => r.id)).toEqual([someone.id]);
    expect(rows.some((r) => DEMO_USERS.some((d) => d.phone === r.phone))).toBe(false);
    expect(await mediaFiles(occupied.dataDir)).toEqual([]);
  });

  it('seeds once when two servers start on the same empty database', async () => {
    const results = await Promise.all([seedDemoData(raced.deps), seedDemoData(raced.deps)]);
    expect(results.filter((r) => r !== null)).toEqual(['5 demo users']);
    expect(await users(raced.db)).toHaveLength(DEMO_USERS.length);
  });
});
