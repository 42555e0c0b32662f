/**
 * The characters a seat shows (its number's digits, the states' marks) as single strokes, drawn
 * for the seat chart's tiles (decision 0036): text costs an SVG about ten times what shapes
 * do, and a font's outlines several times more than strokes. A glyph is 10 units wide and 14 high
 * (the height of a capital), y down from its top; `filled` glyphs are closed shapes filled as well.
 */
export type Glyph = { path: string; filled?: boolean };

export const GLYPH_WIDTH = 10;
export const GLYPH_HEIGHT = 14;
/** The space from one glyph's start to the next one's. */
export const GLYPH_ADVANCE = 13;

export const GLYPHS: Record<string, Glyph> = {
  '0': { path: 'M5 0C1.6 0 0 3 0 7C0 11 1.6 14 5 14C8.4 14 10 11 10 7C10 3 8.4 0 5 0Z' },
  '1': { path: 'M1.5 3.2L6 0L6 14' },
  '2': { path: 'M0.6 3.2C1.2 1.1 2.9 0 5 0C7.7 0 9.5 1.7 9.5 4C9.5 6.6 7.2 8.5 0.2 14L10 14' },
  '3': { path: 'M0.8 1.6C1.9 0.6 3.3 0 5 0C7.7 0 9.4 1.5 9.4 3.6C9.4 5.6 7.7 6.9 4.6 6.9C8 6.9 10 8.4 10 10.5C10 12.7 8 14 5 14C3.1 14 1.5 13.4 0.3 12.3' },
  '4': { path: 'M7.6 14L7.6 0L0 10L10 10' },
  '5': { path: 'M9.2 0L1.6 0L0.9 6.3C2 5.6 3.4 5.2 5 5.2C8 5.2 10 7.1 10 9.6C10 12.3 8 14 5 14C3.1 14 1.5 13.4 0.3 12.3' },
  '6': { path: 'M8.9 1C7.9 0.3 6.7 0 5.5 0C2.1 0 0 3 0 7.9C0 11.8 2 14 5 14C8 14 10 12.1 10 9.4C10 6.7 8.1 4.9 5.2 4.9C3 4.9 1.1 6 0.1 8.1' },
  '7': { path: 'M0 0L10 0L3.4 14' },
  '8': { path: 'M5 6.9C2.4 6.9 0.8 5.5 0.8 3.5C0.8 1.4 2.6 0 5 0C7.4 0 9.2 1.4 9.2 3.5C9.2 5.5 7.6 6.9 5 6.9C2 6.9 0 8.5 0 10.5C0 12.6 2 14 5 14C8 14 10 12.6 10 10.5C10 8.5 8 6.9 5 6.9Z' },
  '9': { path: 'M9.9 5.9C8.9 8 7.1 9.1 4.8 9.1C1.9 9.1 0 7.3 0 4.6C0 1.9 2 0 5 0C8 0 10 2.2 10 6.1C10 11 7.9 14 4.5 14C3.3 14 2.1 13.7 1.1 13' },
  '…': { path: 'M1 13L1 13.01M5 13L5 13.01M9 13L9 13.01' },
  '×': { path: 'M1.5 4.5L8.5 11.5M8.5 4.5L1.5 11.5' },
  '✓': { path: 'M0.5 7.5L3.8 11.5L9.8 2' },
  '★': { path: 'M5 0.6L6.4 4.9L10.8 4.9L7.2 7.5L8.6 11.8L5 9.2L1.4 11.8L2.8 7.5L-0.8 4.9L3.6 4.9Z', filled: true },
};
