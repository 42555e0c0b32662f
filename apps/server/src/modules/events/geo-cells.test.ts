import { describe, expect, it } from 'vitest';
import { cellOf, cellsAround, MAX_CELLS } from './geo-cells.ts';

/** Great-circle distance on earthdistance's sphere, as earth_distance computes it. */
function distance(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6_378_168 * Math.asin(Math.min(1, Math.sqrt(h)));
}

describe('geo cells', () => {
  it('number a point as the generated column does', () => {
    expect(cellOf(41.389882, 2.169999)).toBe(525 * 1440 + 728);
    expect(cellOf(-90, -180)).toBe(0);
    expect(cellOf(90, 180)).toBe(720 * 1440); // 180 is -180
    expect(cellOf(0, 179.99)).toBe(360 * 1440 + 1439);
  });

  it('cover every point within the distance, at every latitude and across the date line', () => {
    const centres = [
      { lat: 41.389882, lng: 2.169999 },
      { lat: 35.6762, lng: 139.6503 },
      { lat: -33.87, lng: 151.21 },
      { lat: 64.14, lng: -21.94 },
      { lat: 0.1, lng: 179.95 },
      { lat: -0.01, lng: -179.99 },
      { lat: 51.5, lng: -0.001 },
    ];
    for (const centre of centres) {
      for (const km of [1, 5, 10, 25, 40]) {
        const cells = cellsAround(centre.lat, centre.lng, km * 1000);
        expect(cells, `${km} km around ${centre.lat},${centre.lng}`).not.toBeNull();
        const set = new Set(cells);
        // Points on and just inside the circle, all around it.
        for (let bearing = 0; bearing < 360; bearing += 3) {
          for (const share of [0.5, 0.999, 1]) {
            const d = (km * 1000 * share) / 6_378_168;
            const b = (bearing * Math.PI) / 180;
            const lat1 = (centre.lat * Math.PI) / 180;
            const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
            const lng2 = (centre.lng * Math.PI) / 180 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
            let lng = (lng2 * 180) / Math.PI;
            lng = ((((lng + 180) % 360) + 360) % 360) - 180;
            const point = { lat: (lat2 * 180) / Math.PI, lng };
            if (distance(centre, point) > km * 1000) continue;
            expect(set.has(cellOf(point.lat, point.lng)), `${km} km, bearing ${bearing}`).toBe(true);
          }
        }
      }
    }
  });

  it('give up (the geographic index answers) for wide distances and near the poles', () => {
    expect(cellsAround(41.39, 2.17, 95_000)).toBeNull();
    expect(cellsAround(89.9, 0, 25_000)).toBeNull();
    expect(cellsAround(41.39, 2.17, 25_000)!.length).toBeLessThanOrEqual(MAX_CELLS);
  });
});
