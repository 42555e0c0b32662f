import type { Executor } from '../../db/database.ts';

const columns = ['id', 'user_id', 'first_name', 'last_name', 'type'] as const;

export function listCompanions(db: Executor, userId: number) {
  return db.selectFrom('companions').select(columns).where('user_id', '=', userId).orderBy('id').execute();
}

export function findCompanion(db: Executor, id: number) {
  return db.selectFrom('companions').select(columns).where('id', '=', id).executeTakeFirst();
}

export async function countCompanions(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('companions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertCompanion(db: Executor, row: { user_id: number; first_name: string; last_name: string; type: string }) {
  return db.insertInto('companions').values(row).returning(columns).executeTakeFirstOrThrow();
}

/** Updates the companion only if it belongs to `userId`; undefined when no such row remains. */
export function updateCompanion(db: Executor, id: number, userId: number, patch: { first_name: string; last_name: string; type: string; updated_at: Date }) {
  return db.updateTable('companions').set(patch).where('id', '=', id).where('user_id', '=', userId).returning(columns).executeTakeFirst();
}

export async function deleteCompanion(db: Executor, id: number, userId: number): Promise<boolean> {
  const res = await db.deleteFrom('companions').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return res.numDeletedRows > 0n;
}

/** Which of `ids` are companions of `userId`. */
export async function ownCompanionIds(db: Executor, userId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('companions').select('id').where('user_id', '=', userId).where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}
