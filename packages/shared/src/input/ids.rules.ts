/**
 * Every id in planns is a PostgreSQL `bigint` (identity columns). JavaScript numbers hold whole
 * numbers exactly only up to 2^53 - 1, which is inside bigint's range, so that is the largest id
 * the contract accepts: anything above would round, or overflow the column, instead of simply
 * not being found (docs/decisions/0017-input-text-and-ids.md).
 */
export const ID_MAX = Number.MAX_SAFE_INTEGER;
export const ID_MESSAGE = 'Give an id: a whole number from 1';
/** At most this many ids in one list parameter (`users=1,2,3`, `categories[]=...`). */
export const ID_LIST_MAX = 200;
export const ID_LIST_MESSAGE = 'Give ids as whole numbers separated by commas';

/** True for a value the id schema accepts (code paths without zod: socket messages, links, the first load). */
export function isValidId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= ID_MAX;
}

/** The id written in a piece of text (a route segment, a link parameter), or null when it is not one. */
export function parseId(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[1-9][0-9]{0,15}$/.test(trimmed)) return null;
  const id = Number(trimmed);
  return isValidId(id) ? id : null;
}
