/**
 * The app's own history stack (events §2): every route change records the route it left, except
 * when that route was the create page; the header's back button goes to the last recorded route
 * that is neither the create page nor an event page, else to /events.
 * Entries are paths with their query (/events?preset=weekend).
 */

export const HISTORY_LIMIT = 50;
export const BACK_FALLBACK = '/events';

export type NavigationKind = 'push' | 'replace' | 'pop' | 'back';

function pathnameOf(entry: string): string {
  const end = entry.search(/[?#]/);
  const pathname = end < 0 ? entry : entry.slice(0, end);
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function isCreatePath(entry: string): boolean {
  return pathnameOf(entry) === '/new-event';
}

export function isEventPagePath(entry: string): boolean {
  return /^\/events\/[^/]+$/.test(pathnameOf(entry));
}

/**
 * The stack after navigating from `from` to `to`.
 * - back: the back button already trimmed the stack (resolveBack), nothing to record;
 * - replace: the current entry is swapped, nothing left behind;
 * - pop (browser back/forward): going back to the top entry consumes it;
 * - push (and a pop that is not a step back): records `from`, unless it was the create page.
 */
export function recordNavigation(stack: readonly string[], from: string | null, to: string, kind: NavigationKind): string[] {
  if (from === null || from === to || kind === 'back' || kind === 'replace') return [...stack];
  if (kind === 'pop' && stack.at(-1) === to) return stack.slice(0, -1);
  if (isCreatePath(from)) return [...stack];
  return [...stack, from].slice(-HISTORY_LIMIT);
}

/** Where back goes, and the stack left once it went there. */
export function resolveBack(stack: readonly string[]): { target: string; stack: string[] } {
  for (let i = stack.length - 1; i >= 0; i--) {
    const entry = stack[i]!;
    if (!isCreatePath(entry) && !isEventPagePath(entry)) return { target: entry, stack: stack.slice(0, i) };
  }
  return { target: BACK_FALLBACK, stack: [] };
}
