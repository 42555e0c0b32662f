import { lockKey, type Executor, type Tx } from '../../db/database.ts';

/** Serializes code operations per phone number for the rest of the transaction. */
export async function lockPhone(tx: Tx, phone: string): Promise<void> {
  await lockKey(tx, `otp:${phone}`);
}

export async function listSendTimes(db: Executor, phone: string, since: Date): Promise<Date[]> {
  const rows = await db
    .selectFrom('otp_codes')
    .select('created_at')
    .where('phone', '=', phone)
    .where('created_at', '>', since)
    .execute();
  return rows.map((r) => r.created_at);
}

export async function listSendTimesFromIp(db: Executor, ip: string, since: Date): Promise<Date[]> {
  const rows = await db
    .selectFrom('otp_codes')
    .select('created_at')
    .where('sent_ip', '=', ip)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => r.created_at);
}

export function insertCode(
  db: Executor,
  row: { phone: string; code_hash: string | null; sent_ip: string | null; created_at: Date; expires_at: Date },
) {
  return db.insertInto('otp_codes').values(row).returning('id').executeTakeFirstOrThrow();
}

/** The newest code sent to a phone; older ones are superseded by it. */
export function findNewestCode(db: Executor, phone: string) {
  return db
    .selectFrom('otp_codes')
    .select(['id', 'code_hash', 'created_at', 'expires_at', 'attempts', 'approved_at'])
    .where('phone', '=', phone)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function recordAttempt(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('otp_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function approveCode(db: Executor, id: number, approvalTokenHash: string, now: Date): Promise<void> {
  await db.updateTable('otp_codes').set({ approved_at: now, approval_token_hash: approvalTokenHash }).where('id', '=', id).execute();
}

/**
 * Marks an approval used in one conditional statement: only an approved, unused approval of this
 * phone, younger than `approvedAfter`, matches; two parallel sign-ins cannot both use it.
 */
export function consumeApproval(db: Executor, phone: string, approvalTokenHash: string, approvedAfter: Date, now: Date) {
  return db
    .updateTable('otp_codes')
    .set({ used_at: now })
    .where('phone', '=', phone)
    .where('approval_token_hash', '=', approvalTokenHash)
    .where('used_at', 'is', null)
    .where('approved_at', '>', approvedAfter)
    .returning('id')
    .executeTakeFirst();
}
