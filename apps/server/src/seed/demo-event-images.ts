import sharp from 'sharp';
import { withImageWork } from '../media/image-work.ts';
import { renderEventImage, type RenderedEventImage } from '../modules/events/event-image.ts';
import { seededRandom, type SeededRandom } from './seeded-random.ts';

/**
 * Cover pictures for the demo events: abstract shapes in a palette per category, written as SVG
 * and rasterised by sharp. No text (the machine may have no fonts).
 */
export const ART_WIDTH = 1200;
export const ART_HEIGHT = 630;

interface Palette {
  from: string;
  to: string;
  accents: readonly string[];
}

const W = ART_WIDTH;
const H = ART_HEIGHT;
const f = (n: number) => n.toFixed(1);

type Motif = (r: SeededRandom, p: Palette) => string;

/** Concentric rings (a record, a speaker) and an equaliser along the bottom. */
const music: Motif = (r, p) => {
  const cx = W * 0.72;
  const cy = H * 0.45;
  const rings = Array.from({ length: 9 }, (_, i) => {
    const color = p.accents[i % p.accents.length];
    return `<circle cx="${cx}" cy="${cy}" r="${40 + i * 34}" fill="none" stroke="${color}" stroke-width="${6 + (i % 3) * 4}" opacity="${0.85 - i * 0.07}"/>`;
  }).join('');
  const bars = Array.from({ length: 24 }, (_, i) => {
    const h = r.int(40, 260);
    return `<rect x="${30 + i * 26}" y="${H - h - 30}" width="16" height="${h}" rx="8" fill="${p.accents[i % p.accents.length]}" opacity=".8"/>`;
  }).join('');
  return rings + bars;
};

/** Confetti on a dark night with two glows. */
const party: Motif = (r, p) => {
  const glows = `<circle cx="${W * 0.25}" cy="${H * 0.3}" r="260" fill="${p.accents[0]}" opacity=".25"/><circle cx="${W * 0.8}" cy="${H * 0.75}" r="300" fill="${p.accents[1]}" opacity=".2"/>`;
  const confetti = Array.from({ length: 70 }, (_, i) => {
    const x = r.int(0, W);
    const y = r.int(0, H);
    const color = p.accents[i % p.accents.length];
    return i % 3 === 0
      ? `<circle cx="${x}" cy="${y}" r="${r.int(5, 12)}" fill="${color}"/>`
      : `<rect x="${x}" y="${y}" width="${r.int(10, 26)}" height="${r.int(5, 10)}" fill="${color}" transform="rotate(${r.int(0, 180)} ${x} ${y})"/>`;
  }).join('');
  return glows + confetti;
};

/** Plates and bowls seen from above. */
const foodDrink: Motif = (r, p) =>
  Array.from({ length: 7 }, (_, i) => {
    const x = r.int(80, W - 80);
    const y = r.int(60, H - 60);
    const radius = r.int(70, 150);
    const color = p.accents[i % p.accents.length];
    return `<circle cx="${x}" cy="${y}" r="${radius}" fill="#fffaf2" opacity=".9"/><circle cx="${x}" cy="${y}" r="${f(radius * 0.72)}" fill="${color}" opacity=".85"/><circle cx="${x}" cy="${y}" r="${f(radius * 0.35)}" fill="#fffaf2" opacity=".5"/>`;
  }).join('');

/** Diagonal track stripes and a ball. */
const sports: Motif = (r, p) => {
  const stripes = Array.from({ length: 6 }, (_, i) => {
    const x = -200 + i * 260 + r.int(-20, 20);
    return `<polygon points="${x},${H} ${x + 120},${H} ${x + 420},0 ${x + 300},0" fill="${p.accents[i % p.accents.length]}" opacity=".55"/>`;
  }).join('');
  const bx = r.int(700, 1000);
  const by = r.int(200, 400);
  return `${stripes}<circle cx="${bx}" cy="${by}" r="120" fill="#fff" opacity=".92"/><path d="M${bx - 120},${by} Q${bx},${by - 80} ${bx + 120},${by} M${bx - 120},${by} Q${bx},${by + 80} ${bx + 120},${by}" stroke="${p.accents[0]}" stroke-width="8" fill="none"/>`;
};

/** A sun over layered ridges. */
const outdoors: Motif = (r, p) => {
  const sun = `<circle cx="${r.int(700, 1050)}" cy="${r.int(110, 200)}" r="80" fill="#fff4c2" opacity=".95"/>`;
  const ridges = [0, 1, 2]
    .map((layer) => {
      const base = 300 + layer * 110;
      const points = [`0,${H}`];
      for (let x = 0; x <= W; x += 100) points.push(`${x},${base - r.int(0, 160 - layer * 40)}`);
      points.push(`${W},${H}`);
      return `<polygon points="${points.join(' ')}" fill="${p.accents[layer % p.accents.length]}" opacity="${0.75 + layer * 0.1}"/>`;
    })
    .join('');
  return sun + ridges;
};

/** Soft blobs and brush strokes. */
const arts: Motif = (r, p) => {
  const blobs = Array.from({ length: 6 }, (_, i) => {
    const x = r.int(100, W - 100);
    const y = r.int(80, H - 80);
    const s = r.int(90, 190);
    return `<path d="M${x - s},${y} C${x - s},${y - s} ${x + s * 0.6},${y - s * 1.1} ${x + s},${y - s * 0.1} C${x + s * 1.3},${y + s * 0.8} ${x - s * 0.4},${y + s} ${x - s},${y} Z" fill="${p.accents[i % p.accents.length]}" opacity=".75"/>`;
  }).join('');
  const strokes = Array.from({ length: 4 }, (_, i) => {
    const y = r.int(60, H - 60);
    return `<path d="M${r.int(0, 300)},${y} C${r.int(300, 500)},${y - 120} ${r.int(600, 800)},${y + 120} ${r.int(900, W)},${y + r.int(-60, 60)}" stroke="${p.accents[(i + 2) % p.accents.length]}" stroke-width="14" stroke-linecap="round" fill="none" opacity=".8"/>`;
  }).join('');
  return blobs + strokes;
};

/** Balloons on strings. */
const family: Motif = (r, p) =>
  Array.from({ length: 12 }, (_, i) => {
    const x = r.int(60, W - 60);
    const y = r.int(80, H - 160);
    const s = r.int(35, 75);
    const color = p.accents[i % p.accents.length];
    return `<path d="M${x},${y + s * 1.2} q${r.int(-30, 30)},80 ${r.int(-20, 20)},160" stroke="#ffffff" stroke-width="3" fill="none" opacity=".7"/><ellipse cx="${x}" cy="${y}" rx="${s}" ry="${f(s * 1.2)}" fill="${color}"/><ellipse cx="${x - s * 0.35}" cy="${y - s * 0.45}" rx="${f(s * 0.2)}" ry="${f(s * 0.3)}" fill="#fff" opacity=".45"/>`;
  }).join('');

/** Book spines on two shelves. */
const learning: Motif = (r, p) => {
  let out = '';
  for (const shelf of [300, 560]) {
    let x = 60;
    while (x < W - 80) {
      const w = r.int(28, 60);
      const h = r.int(150, 230);
      out += `<rect x="${x}" y="${shelf - h}" width="${w}" height="${h}" rx="4" fill="${p.accents[r.int(0, p.accents.length - 1)]}" transform="rotate(${r.chance(0.12) ? r.int(-8, 8) : 0} ${x} ${shelf})"/>`;
      x += w + r.int(4, 10);
    }
    out += `<rect x="30" y="${shelf}" width="${W - 60}" height="16" rx="6" fill="#ffffff" opacity=".6"/>`;
  }
  return out;
};

/** A grid with a network of nodes. */
const tech: Motif = (r, p) => {
  let grid = '';
  for (let x = 0; x <= W; x += 60) grid += `<line x1="${x}" y1="0" x2="${x}" y2="${H}" stroke="#ffffff" stroke-opacity=".06"/>`;
  for (let y = 0; y <= H; y += 60) grid += `<line x1="0" y1="${y}" x2="${W}" y2="${y}" stroke="#ffffff" stroke-opacity=".06"/>`;
  const nodes = Array.from({ length: 16 }, () => ({ x: r.int(60, W - 60), y: r.int(50, H - 50) }));
  const links = nodes
    .map((n, i) => {
      const m = nodes[(i * 7 + 3) % nodes.length]!;
      return `<line x1="${n.x}" y1="${n.y}" x2="${m.x}" y2="${m.y}" stroke="${p.accents[i % p.accents.length]}" stroke-width="3" opacity=".6"/>`;
    })
    .join('');
  const dots = nodes
    .map((n, i) => `<circle cx="${n.x}" cy="${n.y}" r="${r.int(8, 18)}" fill="${p.accents[i % p.accents.length]}"/><circle cx="${n.x}" cy="${n.y}" r="30" fill="none" stroke="${p.accents[i % p.accents.length]}" opacity=".35"/>`)
    .join('');
  return grid + links + dots;
};

/** Rising bars and a trend line. */
const business: Motif = (r, p) => {
  const n = 9;
  let bars = '';
  const line: string[] = [];
  for (let i = 0; i < n; i++) {
    const h = 90 + i * 45 + r.int(-30, 30);
    const x = 90 + i * 120;
    bars += `<rect x="${x}" y="${H - 40 - h}" width="80" height="${h}" rx="10" fill="${p.accents[i % p.accents.length]}" opacity=".85"/>`;
    line.push(`${x + 40},${H - 80 - h}`);
  }
  return `${bars}<polyline points="${line.join(' ')}" fill="none" stroke="#ffffff" stroke-width="8" stroke-linejoin="round" stroke-linecap="round"/>`;
};

/** Calm waves under a pale moon. */
const wellness: Motif = (r, p) => {
  const moon = `<circle cx="${r.int(200, 1000)}" cy="150" r="90" fill="#ffffff" opacity=".7"/>`;
  const waves = Array.from({ length: 6 }, (_, i) => {
    const y = 260 + i * 60;
    const a = r.int(20, 50);
    return `<path d="M0,${y} C200,${y - a} 400,${y + a} 600,${y} S1000,${y - a} ${W},${y} L${W},${H} L0,${H} Z" fill="${p.accents[i % p.accents.length]}" opacity=".35"/>`;
  }).join('');
  return moon + waves;
};

/** Linked rings, people holding hands. */
const community: Motif = (r, p) =>
  Array.from({ length: 14 }, (_, i) => {
    const x = 110 + (i % 7) * 165 + r.int(-20, 20);
    const y = (i < 7 ? 220 : 420) + r.int(-25, 25);
    return `<circle cx="${x}" cy="${y}" r="${r.int(85, 115)}" fill="none" stroke="${p.accents[i % p.accents.length]}" stroke-width="16" opacity=".8"/>`;
  }).join('');

const ART: Record<string, { palette: Palette; motif: Motif }> = {
  music: { palette: { from: '#2b1055', to: '#7597de', accents: ['#ff6ec7', '#ffd166', '#7cf7ff', '#ffffff'] }, motif: music },
  party: { palette: { from: '#0f0c29', to: '#302b63', accents: ['#ff3cac', '#ffd23f', '#3bceac', '#ee4266', '#ffffff'] }, motif: party },
  food_drink: { palette: { from: '#f8b26a', to: '#e76f51', accents: ['#2a9d8f', '#e9c46a', '#9c2c2c', '#6a994e'] }, motif: foodDrink },
  sports: { palette: { from: '#00b4db', to: '#0083b0', accents: ['#ff6b35', '#f7c59f', '#004e89', '#efefd0'] }, motif: sports },
  outdoors: { palette: { from: '#89f7fe', to: '#66a6ff', accents: ['#5b8c5a', '#3d6b45', '#24422b'] }, motif: outdoors },
  arts: { palette: { from: '#fbe3e8', to: '#f9c5d1', accents: ['#6a4c93', '#f25f5c', '#247ba0', '#ffe066', '#70c1b3'] }, motif: arts },
  family: { palette: { from: '#a1ffce', to: '#faffd1', accents: ['#ff595e', '#ffca3a', '#1982c4', '#6a4c93', '#8ac926'] }, motif: family },
  learning: { palette: { from: '#f6d365', to: '#fda085', accents: ['#264653', '#2a9d8f', '#e76f51', '#6d597a', '#b56576'] }, motif: learning },
  tech: { palette: { from: '#0b132b', to: '#1c2541', accents: ['#5bc0be', '#6fffe9', '#3a86ff', '#8338ec'] }, motif: tech },
  business: { palette: { from: '#283c86', to: '#45a247', accents: ['#ffffff', '#b8f2e6', '#aed9e0', '#faf3dd'] }, motif: business },
  wellness: { palette: { from: '#d4fc79', to: '#96e6a1', accents: ['#3a7d44', '#81b29a', '#f2cc8f', '#5e548e'] }, motif: wellness },
  community: { palette: { from: '#ff9a9e', to: '#fecfef', accents: ['#e63946', '#457b9d', '#f4a261', '#2a9d8f', '#6d597a'] }, motif: community },
};
const FALLBACK_ART = ART.community!;

/** The SVG cover for a category (any unknown slug gets the community look). */
export function drawCategoryArt(slug: string, seed: number): string {
  const { palette, motif } = ART[slug] ?? FALLBACK_ART;
  const r = seededRandom(seed);
  const angle = r.pick(['0,0,1,1', '0,1,1,0', '0,0,1,0']).split(',');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="bg" x1="${angle[0]}" y1="${angle[1]}" x2="${angle[2]}" y2="${angle[3]}"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>${motif(r, palette)}</svg>`;
}

/**
 * One cover per category, rendered like an upload (renderEventImage: WebP at 1200 and 600 px).
 * The slow part of the seed, so the pictures are made in parallel (as far as the image-work bound
 * lets) and reused between events.
 */
export async function renderCategoryImages(slugs: readonly string[]): Promise<Map<string, RenderedEventImage>> {
  const rendered = await Promise.all(
    slugs.map(async (slug, i) => {
      const png = await withImageWork(() => sharp(Buffer.from(drawCategoryArt(slug, 1000 + i * 7919))).png({ compressionLevel: 1 }).toBuffer());
      return [slug, await renderEventImage(png)] as const;
    }),
  );
  return new Map(rendered);
}
