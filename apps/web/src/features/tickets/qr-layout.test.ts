import { describe, expect, it } from 'vitest';
import { encode } from 'uqr';
import { QR_SIZE } from '@planns/shared/tickets/tickets.rules';
import { qrLayout } from './qr-layout.ts';

/** The dark pixels a layout's path paints, read back from its rectangles. */
function paintedModules(path: string, moduleSize: number, offset: number): Set<string> {
  const dark = new Set<string>();
  for (const m of path.matchAll(/M(\d+) (\d+)h(\d+)v(\d+)h-(\d+)z/g)) {
    const [x, y, w] = [Number(m[1]), Number(m[2]), Number(m[3])];
    for (let i = 0; i < w / moduleSize; i += 1) dark.add(`${(x - offset) / moduleSize + i},${(y - offset) / moduleSize}`);
  }
  return dark;
}

describe('qrLayout', () => {
  it('paints exactly the dark modules, one rectangle per run', () => {
    const modules = [
      [true, true, false],
      [false, true, false],
      [true, false, true],
    ];
    const layout = qrLayout(modules, 110, 4);
    expect(layout.moduleSize).toBe(10);
    expect(layout.offset).toBe(40);
    expect(layout.path).toBe('M40 40h20v10h-20zM50 50h10v10h-10zM40 60h10v10h-10zM60 60h10v10h-10z');
  });

  it('fits a ticket link at 280 px with whole-pixel modules and a quiet zone of at least 4 modules', () => {
    const qr = encode('https://planns.example/check-ticket/7K3MQ9TR0ABCDEFG', { ecc: 'M', border: 0 });
    const layout = qrLayout(qr.data, QR_SIZE);
    expect(Number.isInteger(layout.moduleSize)).toBe(true);
    expect(layout.offset).toBeGreaterThanOrEqual(4 * layout.moduleSize);
    expect(layout.offset * 2 + qr.size * layout.moduleSize).toBeLessThanOrEqual(QR_SIZE);
    const expected = new Set<string>();
    qr.data.forEach((row, y) => row.forEach((dark, x) => dark && expected.add(`${x},${y}`)));
    expect(paintedModules(layout.path, layout.moduleSize, layout.offset)).toEqual(expected);
  });
});
