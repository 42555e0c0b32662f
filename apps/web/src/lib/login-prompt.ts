import { useSyncExternalStore } from 'react';
import { forgetRememberedAction, rememberAction, type RememberedAction } from './remembered-actions.ts';

/** Whether the login modal is open: a tiny store, so any code (not only components) can open it. */
let isOpen = false;
const listeners = new Set<() => void>();

function setOpen(next: boolean): void {
  if (isOpen === next) return;
  isOpen = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => isOpen;

export function useIsLoginOpen(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

export function closeLogin(): void {
  setOpen(false);
}

/**
 * The one way to ask a signed-out user to log in: remembers what they were doing (resumed after
 * login by its registered handler, see remembered-actions.ts) and opens the login modal.
 */
export function requireLogin(action?: RememberedAction): void {
  if (action) rememberAction(action);
  else forgetRememberedAction();
  setOpen(true);
}
