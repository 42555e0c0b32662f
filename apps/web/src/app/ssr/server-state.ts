import type { Language } from '@planns/shared/i18n/languages';

/**
 * What the server's HTML of a first screen carries beside the screen itself (issue 16, decision
 * 0035): the language and time zone it was rendered in, and the answers of the calls the screen
 * made, under the query keys the app asks them by. The browser hydrates the same screen from it:
 * no call is made again, and no text differs between the server's render and the browser's first.
 */
export interface ServerState {
  language: Language;
  timeZone: string;
  queries: Array<{ key: readonly unknown[]; data: unknown }>;
}

/** The id of the `<script type="application/json">` that holds the state (data, never run). */
export const SERVER_STATE_ID = 'planns-state';

/**
 * JSON that cannot end the script element it sits in or open a comment: `<` written as \u003c
 * (with U+2028/2029, which are fine in JSON; they are escaped for old parsers' sake).
 */
export function serializeServerState(state: ServerState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The state in the page's HTML, or null (a page the server did not render, or the dev server). */
export function readServerState(doc: Document = document): ServerState | null {
  const element = doc.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return null;
  try {
    const state = JSON.parse(element.textContent) as ServerState;
    return Array.isArray(state.queries) && typeof state.language === 'string' && typeof state.timeZone === 'string' ? state : null;
  } catch {
    return null;
  }
}
