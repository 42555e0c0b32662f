import { parseId } from '@planns/shared/input/ids.rules';
import { appStorage, readStored, removeStored, writeStored, type KeyValueStorage } from '../../lib/storage.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';

/**
 * Group invites (events §2, §4; accounts §7): a shared link of a group's event carries
 * ?group_invite=<group id>. On any page the parameter is read, stored and removed from the
 * address; once the user is signed in (now or after login) the stored invite is processed:
 * POST user/join-group, the user is reloaded, the group filter is set and the app goes to /.
 * A failure drops the stored invite and is only logged.
 */

export const GROUP_INVITE_PARAM = 'group_invite';

/** A positive whole id, or null for anything else. */
export function parseGroupId(value: string | null | undefined): number | null {
  return value === null || value === undefined ? null : parseId(value);
}

/**
 * Reads group_invite from a query string. `search` is what remains once the parameter is removed
 * ('' when nothing remains, else with its leading '?'); `hasParam` says whether it was there at
 * all (a malformed value is still removed from the address, and ignored).
 */
export function takeGroupInviteParam(search: string): { groupId: number | null; search: string; hasParam: boolean } {
  const params = new URLSearchParams(search);
  if (!params.has(GROUP_INVITE_PARAM)) return { groupId: null, search, hasParam: false };
  const groupId = parseGroupId(params.get(GROUP_INVITE_PARAM));
  params.delete(GROUP_INVITE_PARAM);
  const rest = params.toString();
  return { groupId, search: rest ? `?${rest}` : '', hasParam: true };
}

export function storeGroupInvite(groupId: number, storage: KeyValueStorage = appStorage()): void {
  writeStored(STORAGE_KEYS.groupInvite, String(groupId), storage);
}

export function peekGroupInvite(storage: KeyValueStorage = appStorage()): number | null {
  return parseGroupId(readStored(STORAGE_KEYS.groupInvite, storage));
}

export function dropGroupInvite(storage: KeyValueStorage = appStorage()): void {
  removeStored(STORAGE_KEYS.groupInvite, storage);
}

/** The events list's group filter (read by the list; written here after joining). */
export function readGroupFilter(storage: KeyValueStorage = appStorage()): number | null {
  return parseGroupId(readStored(STORAGE_KEYS.groupFilter, storage));
}

export function writeGroupFilter(groupId: number, storage: KeyValueStorage = appStorage()): void {
  writeStored(STORAGE_KEYS.groupFilter, String(groupId), storage);
}

export type JoinedGroup = { id: number; name: string };

export type GroupInviteOutcome =
  | { status: 'none' }
  | { status: 'joined'; group: JoinedGroup }
  | { status: 'failed'; groupId: number; error: unknown };

/**
 * Processes the stored invite, if any, with `join` (POST user/join-group). The invite is taken
 * out of storage before the call, so it runs once even when two callers race; on success the
 * group filter is set to the group joined.
 */
export async function processStoredGroupInvite(
  join: (groupId: number) => Promise<{ current_group: JoinedGroup }>,
  storage: KeyValueStorage = appStorage(),
): Promise<GroupInviteOutcome> {
  const groupId = peekGroupInvite(storage);
  dropGroupInvite(storage);
  if (groupId === null) return { status: 'none' };
  try {
    const { current_group } = await join(groupId);
    writeGroupFilter(current_group.id, storage);
    return { status: 'joined', group: current_group };
  } catch (error) {
    console.error(`Joining group ${groupId} from an invite failed; the invite was dropped.`, error);
    // The group's context a visitor had from the link goes with it: not a member, no group filter.
    if (readGroupFilter(storage) === groupId) removeStored(STORAGE_KEYS.groupFilter, storage);
    return { status: 'failed', groupId, error };
  }
}
