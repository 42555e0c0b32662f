import type { Actor } from '../../http/actor.ts';

/** A user changes only their own profile, name and avatar; moderators included. */
export function canEditUser(actor: Actor, userId: number): boolean {
  return actor.userId === userId;
}
