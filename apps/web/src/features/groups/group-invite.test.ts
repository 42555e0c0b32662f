import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../../lib/storage.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import {
  parseGroupId,
  peekGroupInvite,
  processStoredGroupInvite,
  readGroupFilter,
  storeGroupInvite,
  takeGroupInviteParam,
} from './group-invite.ts';

afterEach(() => vi.restoreAllMocks());

describe('parseGroupId', () => {
  it('accepts positive whole ids only', () => {
    expect(parseGroupId('12')).toBe(12);
    expect(parseGroupId(' 7 ')).toBe(7);
    for (const bad of [null, undefined, '', '0', '-3', '1.5', 'abc', '12abc', '9007199254740992', '99999999999999999999']) expect(parseGroupId(bad)).toBeNull();
  });
});

describe('takeGroupInviteParam', () => {
  it('reads the id and removes only that parameter from the address', () => {
    expect(takeGroupInviteParam('?group_invite=5')).toEqual({ groupId: 5, search: '', hasParam: true });
    expect(takeGroupInviteParam('?open_tickets=1&group_invite=5&x=y')).toEqual({ groupId: 5, search: '?open_tickets=1&x=y', hasParam: true });
  });

  it('removes a malformed value without taking it', () => {
    expect(takeGroupInviteParam('?group_invite=nope')).toEqual({ groupId: null, search: '', hasParam: true });
  });

  it('leaves an address without the parameter alone', () => {
    expect(takeGroupInviteParam('?preset=weekend')).toEqual({ groupId: null, search: '?preset=weekend', hasParam: false });
    expect(takeGroupInviteParam('')).toEqual({ groupId: null, search: '', hasParam: false });
  });
});

describe('processStoredGroupInvite', () => {
  it('does nothing without a stored invite', async () => {
    const storage = createMemoryStorage();
    const join = vi.fn();
    await expect(processStoredGroupInvite(join, storage)).resolves.toEqual({ status: 'none' });
    expect(join).not.toHaveBeenCalled();
  });

  it('joins, sets the group filter and forgets the invite', async () => {
    const storage = createMemoryStorage();
    storeGroupInvite(9, storage);
    const join = vi.fn().mockResolvedValue({ current_group: { id: 9, name: 'Climbers' } });
    await expect(processStoredGroupInvite(join, storage)).resolves.toEqual({ status: 'joined', group: { id: 9, name: 'Climbers' } });
    expect(join).toHaveBeenCalledWith(9);
    expect(readGroupFilter(storage)).toBe(9);
    expect(peekGroupInvite(storage)).toBeNull();
  });

  it('on failure, drops the group context a visitor had from that invite (not a member, no group filter)', async () => {
    const storage = createMemoryStorage();
    storage.setItem(STORAGE_KEYS.groupFilter, '9');
    storeGroupInvite(9, storage);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await processStoredGroupInvite(() => Promise.reject(new Error('forbidden')), storage);
    expect(readGroupFilter(storage)).toBeNull();
  });

  it('drops the invite on failure, logs, and leaves another group filter unchanged', async () => {
    const storage = createMemoryStorage();
    storage.setItem(STORAGE_KEYS.groupFilter, '3');
    storeGroupInvite(9, storage);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new Error('forbidden');
    await expect(processStoredGroupInvite(() => Promise.reject(failure), storage)).resolves.toEqual({ status: 'failed', groupId: 9, error: failure });
    expect(peekGroupInvite(storage)).toBeNull();
    expect(readGroupFilter(storage)).toBe(3);
    expect(log).toHaveBeenCalledOnce();
  });

  it('runs once when two callers race', async () => {
    const storage = createMemoryStorage();
    storeGroupInvite(4, storage);
    const join = vi.fn().mockResolvedValue({ current_group: { id: 4, name: 'G' } });
    const [first, second] = await Promise.all([processStoredGroupInvite(join, storage), processStoredGroupInvite(join, storage)]);
    expect(join).toHaveBeenCalledOnce();
    expect([first.status, second.status].sort()).toEqual(['joined', 'none']);
  });

  it('ignores a malformed stored value', async () => {
    const storage = createMemoryStorage();
    storage.setItem(STORAGE_KEYS.groupInvite, 'garbage');
    const join = vi.fn();
    await expect(processStoredGroupInvite(join, storage)).resolves.toEqual({ status: 'none' });
    expect(join).not.toHaveBeenCalled();
    expect(storage.getItem(STORAGE_KEYS.groupInvite)).toBeNull();
  });
});
