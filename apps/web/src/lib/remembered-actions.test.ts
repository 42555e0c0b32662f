import { QueryClient } from '@tanstack/react-query';
import type { User } from '@planns/shared/users/users.schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createActionRegistry,
  parseRememberedAction,
  peekRememberedAction,
  rememberAction,
  requireIdParam,
  runRememberedAction,
  type ActionContext,
} from './remembered-actions.ts';
import { createMemoryStorage } from './storage.ts';

const user: User = {
  id: 7,
  name: 'Ada Lovelace',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: null,
  phone: '+34612345678',
  avatar: null,
  avatar_m: null,
  avatar_s: null,
  is_moderator: false,
  groups: [],
  current_group_id: null,
  current_group: null,
  stripe_id: null,
  stripe_approved: false,
  google_email: null,
  google_token_expires_in: null,
  created_at: '2024-01-01T00:00:00.000Z',
};

function context(navigate = vi.fn()): ActionContext {
  return { user, navigate, queryClient: new QueryClient() };
}

afterEach(() => vi.restoreAllMocks());

describe('parseRememberedAction', () => {
  it('reads name and params', () => {
    expect(parseRememberedAction('{"name":"open_event","params":{"id":3}}')).toEqual({
      name: 'open_event',
      params: { id: 3 },
    });
  });
  it('treats malformed values as none', () => {
    expect(parseRememberedAction(null)).toBeNull();
    expect(parseRememberedAction('not json')).toBeNull();
    expect(parseRememberedAction('{"params":{}}')).toBeNull();
    expect(parseRememberedAction('{"name":"x","params":[1]}')).toBeNull();
  });
});

describe('runRememberedAction', () => {
  it('runs the registered handler once with its params and clears the action', async () => {
    const storage = createMemoryStorage();
    const registry = createActionRegistry();
    const handler = vi.fn();
    registry.register('open_event', handler);
    rememberAction({ name: 'open_event', params: { id: 'abc' } }, storage);
    const ctx = context();

    expect(await runRememberedAction(ctx, registry, storage)).toBe(true);
    expect(handler).toHaveBeenCalledWith({ id: 'abc' }, ctx);
    expect(peekRememberedAction(storage)).toBeNull();
    expect(await runRememberedAction(ctx, registry, storage)).toBe(false);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('only logs when no handler is registered', async () => {
    const storage = createMemoryStorage();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    rememberAction({ name: 'like_event' }, storage);
    expect(await runRememberedAction(context(), createActionRegistry(), storage)).toBe(false);
    expect(error).toHaveBeenCalledOnce();
    expect(peekRememberedAction(storage)).toBeNull();
  });

  it('only logs when a handler throws', async () => {
    const storage = createMemoryStorage();
    const registry = createActionRegistry();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    registry.register('boom', () => {
      throw new Error('nope');
    });
    rememberAction({ name: 'boom' }, storage);
    expect(await runRememberedAction(context(), registry, storage)).toBe(false);
    expect(error).toHaveBeenCalledOnce();
  });

  it('unregistering removes only the same handler', () => {
    const registry = createActionRegistry();
    const first = vi.fn();
    const second = vi.fn();
    const unregisterFirst = registry.register('a', first);
    registry.register('a', second);
    unregisterFirst();
    expect(registry.get('a')).toBe(second);
  });
});

describe('requireIdParam', () => {
  it('accepts strings and numbers', () => {
    expect(requireIdParam({ id: 5 }, 'id', 'open_event')).toBe('5');
    expect(requireIdParam({ id: 'h4sh' }, 'id', 'open_event')).toBe('h4sh');
  });
  it('logs and returns null when missing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(requireIdParam({}, 'id', 'open_event')).toBeNull();
    expect(requireIdParam({ id: '' }, 'id', 'open_event')).toBeNull();
    expect(error).toHaveBeenCalledTimes(2);
  });
});
