import { describe, expect, it } from 'vitest';
import { canStep, indexAfterDelete, keyStep, resolveOpenIndex, stepIndex, swipeStep, SWIPE_THRESHOLD_PX } from './gallery-navigation.ts';

describe('stepIndex and canStep', () => {
  it('moves one item on and back', () => {
    expect(stepIndex(2, 12, 'next')).toBe(3);
    expect(stepIndex(2, 12, 'previous')).toBe(1);
    expect(canStep(2, 12, 'next')).toBe(true);
    expect(canStep(2, 12, 'previous')).toBe(true);
  });

  it('stops at both ends instead of wrapping around', () => {
    expect(stepIndex(11, 12, 'next')).toBe(11);
    expect(stepIndex(0, 12, 'previous')).toBe(0);
    expect(canStep(11, 12, 'next')).toBe(false);
    expect(canStep(0, 12, 'previous')).toBe(false);
  });

  it('has nowhere to go with one item or none', () => {
    expect(canStep(0, 1, 'next')).toBe(false);
    expect(canStep(0, 1, 'previous')).toBe(false);
    expect(stepIndex(0, 0, 'next')).toBe(0);
  });
});

describe('indexAfterDelete', () => {
  it('moves back one (events §4)', () => {
    expect(indexAfterDelete(3, 11)).toBe(2);
  });

  it('stays at 0 when the first item is deleted', () => {
    expect(indexAfterDelete(0, 4)).toBe(0);
  });

  it('shows the new last item when the last one is deleted', () => {
    expect(indexAfterDelete(4, 4)).toBe(3);
  });

  it('closes the view when the list becomes empty', () => {
    expect(indexAfterDelete(0, 0)).toBeNull();
  });
});

describe('resolveOpenIndex', () => {
  it('finds the open item where it is now (new uploads went on top)', () => {
    expect(resolveOpenIndex([9, 8, 7, 6], 7, 0)).toBe(2);
  });

  it('treats an item that left the list as deleted at its last index', () => {
    expect(resolveOpenIndex([9, 8, 6], 7, 2)).toBe(1);
    expect(resolveOpenIndex([8, 6], 9, 0)).toBe(0);
    expect(resolveOpenIndex([], 9, 0)).toBeNull();
  });
});

describe('keyStep', () => {
  it('reads the arrows in the page direction', () => {
    expect(keyStep('ArrowRight', 'ltr')).toBe('next');
    expect(keyStep('ArrowLeft', 'ltr')).toBe('previous');
    expect(keyStep('ArrowRight', 'rtl')).toBe('previous');
    expect(keyStep('ArrowLeft', 'rtl')).toBe('next');
  });

  it('ignores other keys', () => {
    expect(keyStep('ArrowUp', 'ltr')).toBeNull();
    expect(keyStep('Enter', 'rtl')).toBeNull();
  });
});

describe('swipeStep', () => {
  it('takes a leftward drag for next and a rightward one for previous in left-to-right pages', () => {
    expect(swipeStep(-80, 10, 'ltr')).toBe('next');
    expect(swipeStep(80, -10, 'ltr')).toBe('previous');
  });

  it('mirrors in right-to-left pages', () => {
    expect(swipeStep(80, 0, 'rtl')).toBe('next');
    expect(swipeStep(-80, 0, 'rtl')).toBe('previous');
  });

  it('needs about 50 px', () => {
    expect(swipeStep(-(SWIPE_THRESHOLD_PX - 1), 0, 'ltr')).toBeNull();
    expect(swipeStep(-SWIPE_THRESHOLD_PX, 0, 'ltr')).toBe('next');
  });

  it('ignores mostly vertical drags (scrolling, pulling down)', () => {
    expect(swipeStep(-60, 90, 'ltr')).toBeNull();
    expect(swipeStep(60, 60, 'ltr')).toBeNull();
  });
});
