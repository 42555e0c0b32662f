/**
 * The gallery's full view moves through the items (newest first) with previous / next, the arrow
 * keys and a swipe; deleting an item moves back one (events §4 Gallery). Pure, so it is
 * unit-tested; gallery-full-view.tsx only wires it to the buttons, keys and pointer.
 */

export type GalleryStep = 'next' | 'previous';

/** A horizontal drag of at least this many pixels is a swipe. */
export const SWIPE_THRESHOLD_PX = 50;

/** Whether there is an item in that direction (the ends do not wrap around). */
export function canStep(index: number, count: number, step: GalleryStep): boolean {
  return step === 'next' ? index < count - 1 : index > 0;
}

/** The index one step on, or the same index at either end. */
export function stepIndex(index: number, count: number, step: GalleryStep): number {
  if (count <= 0) return 0;
  const next = step === 'next' ? index + 1 : index - 1;
  return Math.min(Math.max(next, 0), count - 1);
}

/**
 * After deleting the item at `deletedIndex`, the index to show among the `countAfter` items left:
 * one back (events §4), 0 stays 0, and null (close the view) when none is left.
 */
export function indexAfterDelete(deletedIndex: number, countAfter: number): number | null {
  if (countAfter <= 0) return null;
  return Math.min(Math.max(deletedIndex - 1, 0), countAfter - 1);
}

/**
 * The index of the open item in the list as it is now. An item that left the list (deleted
 * elsewhere, hidden by a privacy report) counts as deleted at the index where it was.
 */
export function resolveOpenIndex(ids: readonly number[], openId: number, lastIndex: number): number | null {
  const index = ids.indexOf(openId);
  return index >= 0 ? index : indexAfterDelete(lastIndex, ids.length);
}

type Direction = 'ltr' | 'rtl';

/** ArrowRight is next in left-to-right reading and previous in right-to-left (Hebrew), ArrowLeft the other way. */
export function keyStep(key: string, direction: Direction): GalleryStep | null {
  if (key !== 'ArrowRight' && key !== 'ArrowLeft') return null;
  const isForward = (key === 'ArrowRight') === (direction === 'ltr');
  return isForward ? 'next' : 'previous';
}

/**
 * A drag from its start to its end (dx, dy in pixels): mostly horizontal and at least the
 * threshold long is a swipe. Dragging the picture towards the start of the line brings the next
 * one (leftwards in left-to-right reading, rightwards in right-to-left).
 */
export function swipeStep(dx: number, dy: number, direction: Direction, threshold = SWIPE_THRESHOLD_PX): GalleryStep | null {
  if (Math.abs(dx) < threshold || Math.abs(dx) <= Math.abs(dy)) return null;
  const towardsLineStart = direction === 'ltr' ? dx < 0 : dx > 0;
  return towardsLineStart ? 'next' : 'previous';
}
