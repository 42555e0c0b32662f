import { COMPANIONS_MAX } from '@planns/shared/companions/companions.rules';
import type { Companion } from '@planns/shared/companions/companions.schemas';
import { inTransaction, type Executor } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { lockUser } from '../users/users.service.ts';
import { canManageCompanion } from './companions.policy.ts';
import { presentCompanion } from './companions.presenter.ts';
import * as repo from './companions.repo.ts';

type CompanionInput = { first_name: string; last_name: string; type: Companion['type'] };

export async function listCompanions(deps: AppDeps, actor: Actor): Promise<Companion[]> {
  return (await repo.listCompanions(deps.db, actor.userId)).map(presentCompanion);
}

export async function createCompanion(deps: AppDeps, actor: Actor, input: CompanionInput): Promise<Companion> {
  return inTransaction(deps.db, async (tx) => {
    await lockUser(tx, actor.userId); // the count below cannot race a parallel create
    if ((await repo.countCompanions(tx, actor.userId)) >= COMPANIONS_MAX) {
      throw new AppError('validation_failed', `You can keep at most ${COMPANIONS_MAX} companions`, {
        _: `You can keep at most ${COMPANIONS_MAX} companions`,
      });
    }
    return presentCompanion(await repo.insertCompanion(tx, { user_id: actor.userId, ...input }));
  });
}

/** Someone else's companion is answered like a missing one: its existence is not revealed. */
async function loadOwn(deps: AppDeps, actor: Actor, id: number) {
  const companion = await repo.findCompanion(deps.db, id);
  if (!companion || !canManageCompanion(actor, companion)) throw notFound('Companion not found');
  return companion;
}

export async function updateCompanion(deps: AppDeps, actor: Actor, id: number, input: CompanionInput): Promise<Companion> {
  await loadOwn(deps, actor, id);
  // Scoped to the owner again in the statement: a companion deleted meanwhile is a 404, not a 500.
  const row = await repo.updateCompanion(deps.db, id, actor.userId, { ...input, updated_at: deps.clock.now() });
  if (!row) throw notFound('Companion not found');
  return presentCompanion(row);
}

export async function deleteCompanion(deps: AppDeps, actor: Actor, id: number): Promise<void> {
  await loadOwn(deps, actor, id);
  if (!(await repo.deleteCompanion(deps.db, id, actor.userId))) throw notFound('Companion not found');
}

/** Which of `ids` are companions of `userId` (an answer or the event form may bring only one's own). */
export async function ownCompanionIds(db: Executor, userId: number, ids: number[]): Promise<number[]> {
  return repo.ownCompanionIds(db, userId, ids);
}
