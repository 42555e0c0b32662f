import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@planns/shared/users/users.schemas';
import { appStorage, readStored, removeStored, writeStored, type KeyValueStorage } from './storage.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

/**
 * Remembered actions (accounts §4): a signed-out user tries something that needs an account, the
 * action is stored under last_action, the login modal opens, and after login the action resumes.
 *
 * A feature adds an action by registering a handler under its name, either always (from
 * app/remembered-action-handlers.ts, importing the feature's handler lazily if it is big) or while
 * its screen is mounted (useRememberedActionHandler). Then it calls
 * requireLogin({ name, params }) from lib/login-prompt.ts when the user is signed out.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type ActionParams = { [key: string]: JsonValue };

export type RememberedAction = { name: string; params?: ActionParams };

/** What a handler gets besides its params: the freshly signed-in user and app services. */
export type ActionContext = {
  user: User;
  navigate: (to: string) => void;
  queryClient: QueryClient;
};

export type ActionHandler = (params: ActionParams, context: ActionContext) => void | Promise<void>;

export type ActionRegistry = {
  register: (name: string, handler: ActionHandler) => () => void;
  get: (name: string) => ActionHandler | undefined;
};

export function createActionRegistry(): ActionRegistry {
  const handlers = new Map<string, ActionHandler>();
  return {
    register(name, handler) {
      handlers.set(name, handler);
      return () => {
        if (handlers.get(name) === handler) handlers.delete(name);
      };
    },
    get: (name) => handlers.get(name),
  };
}

/** The app's one registry. */
export const rememberedActions = createActionRegistry();

export function registerRememberedAction(name: string, handler: ActionHandler): () => void {
  return rememberedActions.register(name, handler);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a stored action; anything malformed counts as none. */
export function parseRememberedAction(raw: string | null): RememberedAction | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isPlainObject(value) || typeof value.name !== 'string' || value.name === '') return null;
    if (value.params !== undefined && !isPlainObject(value.params)) return null;
    return value.params === undefined
      ? { name: value.name }
      : { name: value.name, params: value.params as ActionParams };
  } catch {
    return null;
  }
}

export function rememberAction(action: RememberedAction, storage: KeyValueStorage = appStorage()): void {
  writeStored(STORAGE_KEYS.lastAction, JSON.stringify(action), storage);
}

export function forgetRememberedAction(storage: KeyValueStorage = appStorage()): void {
  removeStored(STORAGE_KEYS.lastAction, storage);
}

export function peekRememberedAction(storage: KeyValueStorage = appStorage()): RememberedAction | null {
  return parseRememberedAction(readStored(STORAGE_KEYS.lastAction, storage));
}

/** Reads and clears the stored action, so it runs once. */
export function takeRememberedAction(storage: KeyValueStorage = appStorage()): RememberedAction | null {
  const action = peekRememberedAction(storage);
  forgetRememberedAction(storage);
  return action;
}

/**
 * Runs the stored action, if any. A missing handler, missing params (reported by the handler via
 * requireParam) or a failing handler only log console.error. Returns whether a handler ran.
 */
export async function runRememberedAction(
  context: ActionContext,
  registry: ActionRegistry = rememberedActions,
  storage: KeyValueStorage = appStorage(),
): Promise<boolean> {
  const action = takeRememberedAction(storage);
  if (!action) return false;
  const handler = registry.get(action.name);
  if (!handler) {
    console.error(`Remembered action "${action.name}" has no handler; it was dropped.`);
    return false;
  }
  try {
    await handler(action.params ?? {}, context);
    return true;
  } catch (error) {
    console.error(`Remembered action "${action.name}" failed.`, error);
    return false;
  }
}

/**
 * An id-like param (string or number) or null. Missing params log console.error, as the spec asks
 * ("a missing event or action in a resumed action only logs a console error").
 */
export function requireIdParam(params: ActionParams, key: string, actionName: string): string | null {
  const value = params[key];
  if ((typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value))) {
    return String(value);
  }
  console.error(`Remembered action "${actionName}" is missing its "${key}" param.`);
  return null;
}

/** Waits before resuming, for actions the spec delays (1 s for like and join, 0.5 s for others). */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
