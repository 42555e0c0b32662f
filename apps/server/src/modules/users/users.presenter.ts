import type { PublicUser, User } from '@planns/shared/users/users.schemas';
import { splitName } from '@planns/shared/users/users.rules';
import type { UserRow } from './users.repo.ts';

/** The user as they see themselves: the only presenter that includes phone and email. */
export function presentCurrentUser(
  row: UserRow,
  groups: { id: number; name: string }[],
  payout: { accountId: string | null; isActive: boolean },
  google: { google_email: string | null; google_token_expires_in: number | null },
): User {
  const currentGroup = groups.find((g) => g.id === row.current_group_id) ?? null;
  return {
    id: row.id,
    name: row.name,
    ...splitName(row.name),
    email: row.email,
    phone: row.phone,
    avatar: row.avatar,
    avatar_m: row.avatar_m,
    avatar_s: row.avatar_s,
    is_moderator: row.is_moderator,
    groups,
    current_group_id: currentGroup ? currentGroup.id : null,
    current_group: currentGroup,
    stripe_id: payout.accountId,
    stripe_approved: payout.isActive,
    google_email: google.google_email,
    google_token_expires_in: google.google_token_expires_in,
    created_at: row.created_at.toISOString(),
  };
}

/** Another person as anyone may see them: never phone or email. */
export function presentPublicUser(row: Pick<UserRow, 'id' | 'name' | 'avatar' | 'avatar_m' | 'avatar_s'>): PublicUser {
  return { id: row.id, name: row.name, avatar: row.avatar, avatar_m: row.avatar_m, avatar_s: row.avatar_s };
}
