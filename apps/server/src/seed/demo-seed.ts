import sharp from 'sharp';
import { sql } from 'kysely';
import { inTransaction } from '../db/database.ts';
import type { AppDeps } from '../deps.ts';
import { withImageWork } from '../media/image-work.ts';
import { renderAvatar, storeAvatar } from '../modules/users/avatar-image.ts';

/** Demo people. Their numbers are in ranges reserved for fiction and never reach a real phone. */
export const DEMO_USERS = [
  { name: 'Maya Levi', phone: '+12025550101', email: 'maya@demo.planns.app', colors: ['#ff7a59', '#ffb36b'] },
  { name: 'Leo Martínez', phone: '+12025550102', email: 'leo@demo.planns.app', colors: ['#4f7cff', '#7cc4ff'] },
  { name: 'Yuki Tanaka', phone: '+12025550103', email: 'yuki@demo.planns.app', colors: ['#8b5cf6', '#d39bff'] },
  { name: 'Anna Petrova', phone: '+12025550104', email: 'anna@demo.planns.app', colors: ['#10b981', '#8ef0c5'] },
  { name: 'Jordi Puig', phone: '+12025550105', email: 'jordi@demo.planns.app', colors: ['#f43f5e', '#ff9fb2'] },
] as const;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** A PNG avatar: the person's initials on a gradient, drawn by sharp from an SVG we write. */
export async function drawInitialsAvatar(name: string, [from, to]: readonly [string, string]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="512" height="512" fill="url(#g)"/>
    <text x="256" y="256" dy=".35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="200" font-weight="700" fill="#fff">${initials(name)}</text>
  </svg>`;
  return withImageWork(() => sharp(Buffer.from(svg)).png().toBuffer());
}

/**
 * Seeds demo people on an empty database (SEED_DEMO=true, the default for `npm start`).
 * Returns a short summary, or null when the database already has users.
 */
export async function seedDemoData(deps: AppDeps): Promise<string | null> {
  const { count } = await deps.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) > 0) return null;

  const avatars = await Promise.all(
    DEMO_USERS.map(async (u) => renderAvatar(await drawInitialsAvatar(u.name, u.colors))),
  );
  const now = deps.clock.now();
  const seeded = await inTransaction(deps.db, async (tx) => {
    // Two starting servers on one empty database: only the first seeds (the other answers null).
    await sql`SELECT pg_advisory_xact_lock(727002)`.execute(tx);
    const again = await tx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (again) return false;
    for (const [i, u] of DEMO_USERS.entries()) {
      const { id } = await tx
        .insertInto('users')
        .values({ name: u.name, phone: u.phone, email: u.email, terms_accepted_at: now, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const urls = await storeAvatar(deps.storage, id, avatars[i]!);
      await tx.updateTable('users').set(urls).where('id', '=', id).execute();
    }
    return true;
  });
  return seeded ? `${DEMO_USERS.length} demo users` : null;
}
