import { describe, expect, it } from 'vitest';
import { defaultJoinMap, type Seat } from '@planns/shared/seats/seats.rules';
import { chartGeometry, chartLayout } from './seat-chart-layout.ts';
import { glyphRun, tileSvg, type ChartScene, type SeatLook, type SeatPalette } from './seat-chart-paint.ts';

const palette = {
  family: '"Noto Sans", sans-serif',
  paint: (_type: number, state: string) =>
    state === 'held'
      ? { fill: 'rgb(241, 241, 245)', stripes: 'rgb(220, 220, 228)', border: 'rgb(138, 138, 153)', dashed: true, text: 'rgb(85, 85, 106)', weight: '400' }
      : state === 'picked'
        ? { fill: 'rgb(91, 61, 245)', stripes: null, border: 'rgb(91, 61, 245)', dashed: false, text: 'rgb(255, 255, 255)', weight: '700' }
        : { fill: 'rgb(255, 255, 255)', stripes: null, border: 'rgb(91, 61, 245)', dashed: false, text: 'rgb(91, 61, 245)', weight: '400' },
} as unknown as SeatPalette;

function scene(look: (seat: Seat) => SeatLook): ChartScene {
  const map = defaultJoinMap();
  return { geometry: chartGeometry(map, 32), seatSize: 32, layout: chartLayout(map), look };
}

const count = (svg: string, what: string) => svg.split(what).length - 1;

/** The points a path of an absolute start and relative commands (m, l, c, z) passes through, in CSS px. */
function absolute(path: string): [number, number][] {
  const points: [number, number][] = [];
  let current: [number, number] = [0, 0];
  let subpath = current;
  for (const [, command, args] of path.matchAll(/([MmLlCcZz])([^MmLlCcZz]*)/g)) {
    const numbers = (args!.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
    if (command === 'z') {
      current = subpath;
      continue;
    }
    const base = command === command!.toUpperCase() ? [0, 0] : current;
    const at: [number, number][] = [];
    for (let i = 0; i + 1 < numbers.length; i += 2) at.push([Math.round((base[0]! + numbers[i]!) * 100) / 100, Math.round((base[1]! + numbers[i + 1]!) * 100) / 100]);
    points.push(...at);
    current = at[at.length - 1]!;
    if (command === 'M' || command === 'm') subpath = current;
  }
  return points;
}

describe('a tile of the seat chart', () => {
  it('is the tile’s square of the chart, with seats that look alike as one path and their numbers as strokes', () => {
    const svg = tileSvg(scene((seat) => ({ state: seat.row === 0 && seat.col === 1 ? 'picked' : 'available', type: 0, text: seat.row === 0 && seat.col === 1 ? '✓' : seat.seatNumber })), palette, 0, 0);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="256" height="256" viewBox="0 0 256 256">/);
    // Boxes: the available ones, the picked one; strokes: the numbers (blue), the tick (white, bold).
    expect(count(svg, '<path ')).toBe(4);
    expect(svg).not.toContain('<text');
    expect(svg).toContain('fill="rgb(91, 61, 245)" stroke="rgb(91, 61, 245)" stroke-width="2"');
    expect(svg).toContain('fill="none" stroke="rgb(255, 255, 255)"');
  });

  it('stripes seats being bought, with a dashed border (a pattern of an id of its own in the page)', () => {
    const svg = tileSvg(scene(() => ({ state: 'held', type: 0, text: '…' })), palette, 1, 0);
    expect(svg).toContain('viewBox="256 0 256 256"');
    expect(count(svg, '<pattern ')).toBe(1);
    expect(svg).toContain('fill="url(#seat-stripes-1-0-0)" stroke="rgb(138, 138, 153)" stroke-width="2" stroke-dasharray="4 3"');
  });

  it('writes a character it has no strokes for as text, escaped', () => {
    const svg = tileSvg(scene((seat) => ({ state: 'available', type: 0, text: seat.col === 0 && seat.row === 0 ? '<A&1>' : '' })), palette, 0, 0);
    expect(count(svg, '<text ')).toBe(1);
    expect(svg).toContain('>&#60;A&#38;1&#62;</text>');
    expect(svg).toContain('font-family="&#34;Noto Sans&#34;, sans-serif"');
  });
});

describe('seat numbers as strokes', () => {
  it('centres a run of glyphs on a point, capitals of the height asked for', () => {
    const run = glyphRun('17', 100, 50, 14)!;
    // '1' starts at its stroke's first point; '7' is a line from its top left, 13 units on.
    const points = absolute(run.open);
    const xs = points.map(([x]) => x);
    const ys = points.map(([, y]) => y);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(100 - 11.5);
    expect(Math.max(...xs)).toBeLessThanOrEqual(100 + 11.5);
    expect(Math.min(...ys)).toBe(43);
    expect(Math.max(...ys)).toBe(57);
    expect(run.filled).toBe('');
  });

  it('is the same text at every seat but its first point', () => {
    const here = glyphRun('108', 100, 50, 14)!;
    const there = glyphRun('108', 235, 85, 14)!;
    expect(here.open.replace(/^M[^a-z]*/, '')).toBe(there.open.replace(/^M[^a-z]*/, ''));
    const moved = absolute(here.open).map(([x, y]) => [Math.round((x + 135) * 100) / 100, Math.round((y + 35) * 100) / 100]);
    expect(absolute(there.open)).toEqual(moved);
  });

  it('fills the star, and has nothing for letters', () => {
    expect(glyphRun('★', 0, 0, 14)!.filled).not.toBe('');
    expect(glyphRun('B', 0, 0, 14)).toBeNull();
  });
});
