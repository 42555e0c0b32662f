import { useSyncExternalStore } from 'react';

/**
 * Short confirmations shown over the page for a few seconds ('Event deleted', 'Joined Group'):
 * a tiny store, so code outside components (remembered actions, mutations) can show one.
 */
export type Notice = {
  id: number;
  title: string;
  text?: string;
  /** 'error' for something that did not happen (a different mark and colour); default 'success'. */
  tone?: 'success' | 'error';
};

let notices: readonly Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => notices;

export function useNotices(): readonly Notice[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

export function showNotice(notice: Omit<Notice, 'id'>): number {
  const id = nextId++;
  notices = [...notices, { ...notice, id }];
  emit();
  return id;
}

export function dismissNotice(id: number): void {
  const next = notices.filter((notice) => notice.id !== id);
  if (next.length === notices.length) return;
  notices = next;
  emit();
}
