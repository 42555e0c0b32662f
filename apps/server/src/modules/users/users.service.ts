import { NAME_MIN_LENGTH, PHONE_TAKEN_MESSAGE, isNameValid } from '@planns/shared/users/users.rules';
import type { User } from '@planns/shared/users/users.schemas';
import { inTransaction, type Executor, type Tx } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import { consumePhoneApproval, parsePhoneOrThrow } from '../auth/phone-approval.ts';
import { deleteStoredFiles, decodeBase64Image, renderAvatar, storeAvatar, type AvatarUrls } from './avatar-image.ts';
import { canEditUser } from './users.policy.ts';
import * as repo from './users.repo.ts';
import { findUserById, findUserByIdForUpdate, findUserIdByPhone, listGroupsOfUser, updateUser } from './users.repo.ts';
import { presentCurrentUser } from './users.presenter.ts';
import { payoutAccountOf } from '../payments/payment-accounts.service.ts';
import { accountSummary as googleAccountSummary } from '../google-calendar/google-calendar.service.ts';

/** Loads a user with their groups, presented as they see themselves. */
export async function loadCurrentUser(db: Executor, userId: number, now: Date): Promise<User> {
  const row = await findUserById(db, userId);
  if (!row) throw notFound('User not found');
  const [groups, payout, google] = await Promise.all([listGroupsOfUser(db, userId), payoutAccountOf(db, userId), googleAccountSummary(db, userId, now)]);
  return presentCurrentUser(row, groups, payout, google);
}

const nameMessage = `Name must be at least ${NAME_MIN_LENGTH} characters`;

function cleanName(name: string): string {
  const clean = name.trim().replace(/\s+/g, ' ');
  if (!isNameValid(clean)) throw new AppError('validation_failed', nameMessage, { name: nameMessage });
  return clean;
}

const phoneTaken = () => new AppError('conflict', PHONE_TAKEN_MESSAGE, { phone: PHONE_TAKEN_MESSAGE });

/** A phone number taken by a concurrent change between the check and the write is still a 409. */
function mapUniqueViolation(err: unknown): never {
  const pgErr = err as { code?: string; constraint?: string };
  if (pgErr.code === '23505' && pgErr.constraint === 'users_phone_key') throw phoneTaken();
  throw err;
}

function authorize(actor: Actor, userId: number) {
  if (!canEditUser(actor, userId)) throw forbidden('You can change only your own profile');
}

/** Login step 3: the name (first and last joined), optional email, and the accepted terms. */
export async function setName(deps: AppDeps, actor: Actor, input: { id: number; name: string; email?: string | null | undefined; terms_accepted?: boolean | undefined }) {
  authorize(actor, input.id);
  const name = cleanName(input.name);
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const user = await findUserByIdForUpdate(tx, input.id);
    if (!user) throw notFound('User not found');
    if (!user.terms_accepted_at && input.terms_accepted !== true) {
      const msg = 'Please accept the Terms & Conditions and Privacy Policy';
      throw new AppError('validation_failed', msg, { terms_accepted: msg });
    }
    await updateUser(tx, input.id, {
      name,
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(user.terms_accepted_at ? {} : { terms_accepted_at: now }),
      updated_at: now,
    }).catch(mapUniqueViolation);
    return loadCurrentUser(tx, input.id, deps.clock.now());
  });
}

async function replaceAvatar<T>(deps: AppDeps, userId: number, base64: string, write: (urls: AvatarUrls) => Promise<T>): Promise<T> {
  const images = await renderAvatar(decodeBase64Image(base64));
  const urls = await storeAvatar(deps.storage, userId, images);
  try {
    return await write(urls);
  } catch (err) {
    await deleteStoredFiles(deps.storage, [urls.avatar, urls.avatar_m, urls.avatar_s]);
    throw err;
  }
}

export async function setAvatar(deps: AppDeps, actor: Actor, userId: number, base64: string): Promise<User> {
  authorize(actor, userId);
  let old: (string | null)[] = [];
  const user = await replaceAvatar(deps, userId, base64, (urls) =>
    inTransaction(deps.db, async (tx) => {
      const row = await findUserByIdForUpdate(tx, userId);
      if (!row) throw notFound('User not found');
      old = [row.avatar, row.avatar_m, row.avatar_s];
      await updateUser(tx, userId, { ...urls, updated_at: deps.clock.now() });
      return loadCurrentUser(tx, userId, deps.clock.now());
    }),
  );
  await deleteStoredFiles(deps.storage, old);
  return user;
}

export interface ProfileInput {
  name?: string | undefined;
  email?: string | null | undefined;
  phone?: string | undefined;
  base64?: string | null | undefined;
  approvalToken: string | null;
}

/** The profile screen's save: name, email, phone (re-verified by code) and optionally the avatar. */
export async function updateProfile(deps: AppDeps, actor: Actor, userId: number, input: ProfileInput): Promise<User> {
  authorize(actor, userId);
  const name = input.name !== undefined ? cleanName(input.name) : undefined;
  const phone = input.phone !== undefined && input.phone.trim() !== '' ? parsePhoneOrThrow(input.phone, 'phone') : undefined;
  let old: (string | null)[] = [];

  const write = (urls: AvatarUrls | null) =>
    inTransaction(deps.db, async (tx) => {
      const row = await findUserByIdForUpdate(tx, userId);
      if (!row) throw notFound('User not found');
      const phoneChanges = phone !== undefined && phone !== row.phone;
      if (phoneChanges) {
        // The code comes first: until the person shows they hold the new number, the answer is the
        // same whether or not another account has it (no account enumeration, decision 0018).
        if (!(await consumePhoneApproval(deps, tx, phone, input.approvalToken))) {
          const msg = 'Confirm the new number with the code we send to it';
          throw new AppError('code_not_approved', msg, { phone: msg });
        }
        const owner = await findUserIdByPhone(tx, phone);
        if (owner && owner.id !== userId) throw phoneTaken();
      }
      if (urls) old = [row.avatar, row.avatar_m, row.avatar_s];
      await updateUser(tx, userId, {
        ...(name !== undefined ? { name } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(phoneChanges ? { phone } : {}),
        ...(urls ?? {}),
        updated_at: deps.clock.now(),
      }).catch(mapUniqueViolation);
      return loadCurrentUser(tx, userId, deps.clock.now());
    });

  const user = input.base64 ? await replaceAvatar(deps, userId, input.base64, write) : await write(null);
  await deleteStoredFiles(deps.storage, old);
  return user;
}

/* ------------------------------------------------------------------ for other modules */

/** The user's row (never presented as is: users.presenter.ts chooses the fields), or undefined. */
export async function findUser(db: Executor, userId: number) {
  return findUserById(db, userId);
}

export async function userExists(db: Executor, userId: number): Promise<boolean> {
  return repo.userExists(db, userId);
}

/** People by name, closest first (the user searches of events and friends). */
export async function searchUsersByName(db: Executor, text: string, limit: number) {
  return repo.searchUsers(db, text, limit);
}

/** Row lock on the user, to serialize per-user counters within a transaction (companions). */
export async function lockUser(tx: Tx, userId: number): Promise<void> {
  await repo.lockUser(tx, userId);
}

/** Sign-in: the user of this phone, created on first use, in one statement. */
export async function upsertUserByPhone(tx: Tx, phone: string, now: Date): Promise<number> {
  return repo.upsertUserByPhone(tx, phone, now);
}

/** Google sign-in: a new account without a phone (its name and terms come at login step 3). */
export async function createUserWithoutPhone(tx: Tx, email: string | null, now: Date): Promise<number> {
  return repo.insertUserWithoutPhone(tx, { email, now });
}

/** Google sign-in: whether an account shows this email (then no account is created or linked by email alone). */
export async function hasUserWithEmail(db: Executor, email: string): Promise<boolean> {
  return repo.hasUserWithEmail(db, email);
}
