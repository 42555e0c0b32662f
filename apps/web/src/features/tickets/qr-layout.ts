/**
 * Lays a QR code's modules out on a square of `size` pixels: every module the same whole number of
 * pixels (crisp, no uneven rows), centred, with at least `quietZone` modules of white around it
 * (the standard asks for 4). Pure, so the geometry is unit-tested; ticket-qr.tsx draws it.
 */
export type QrLayout = { moduleSize: number; offset: number; path: string };

export function qrLayout(modules: readonly (readonly boolean[])[], size: number, quietZone = 4): QrLayout {
  const count = modules.length;
  const moduleSize = Math.max(1, Math.floor(size / (count + 2 * quietZone)));
  const offset = Math.floor((size - count * moduleSize) / 2);
  // One rectangle per run of dark modules in a row: a few hundred path commands, not thousands.
  let path = '';
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      let run = 1;
      while (row[x + run]) run += 1;
      path += `M${offset + x * moduleSize} ${offset + y * moduleSize}h${run * moduleSize}v${moduleSize}h${-run * moduleSize}z`;
      x += run;
    }
  });
  return { moduleSize, offset, path };
}
