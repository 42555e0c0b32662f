import { sql } from 'kysely';
import sharp from 'sharp';
import { inTransaction, type Tx } from '../db/database.ts';
import type { AppDeps } from '../deps.ts';
import { renderGalleryImage, storeRenderedImage, type RenderedImage } from '../media/gallery-media.ts';
import { withImageWork } from '../media/image-work.ts';
import { newUploadId } from '../modules/gallery/upload-files.ts';
import { DEMO_USERS } from './demo-seed.ts';
import { seededRandom, type SeededRandom } from './seeded-random.ts';

const LOCK_ID = 727_004;
const HOUR = 60 * 60 * 1000;
/** How many past events get photos, and how many each. */
const EVENTS_WITH_PHOTOS = 10;
const PHOTOS_PER_EVENT = [3, 7] as const;

type Scene = (r: SeededRandom, w: number, h: number) => string;
const f = (n: number) => n.toFixed(1);

/** People seen from behind: heads and shoulders along the bottom edge. */
function crowd(r: SeededRandom, w: number, h: number, color: string, count: number): string {
  return Array.from({ length: count }, () => {
    const x = r.int(0, w);
    const size = r.int(Math.round(h * 0.05), Math.round(h * 0.09));
    const y = h - r.int(0, Math.round(h * 0.08)) - size * 2.2;
    return `<circle cx="${x}" cy="${f(y)}" r="${size}" fill="${color}"/><rect x="${f(x - size * 1.7)}" y="${f(y + size * 0.9)}" width="${f(size * 3.4)}" height="${f(size * 3)}" rx="${f(size * 1.2)}" fill="${color}"/>`;
  }).join('');
}

/** Sunset over hills, with a crowd in silhouette. */
const sunset: Scene = (r, w, h) => {
  const hills = [0.62, 0.7, 0.78]
    .map((level, i) => {
      const y = h * level;
      return `<path d="M0 ${f(y)} Q ${f(w * 0.25)} ${f(y - r.int(40, 120))} ${f(w * 0.5)} ${f(y)} T ${w} ${f(y - r.int(0, 60))} V ${h} H 0 Z" fill="${['#7a3b5c', '#5a2a4a', '#3a1a34'][i]}"/>`;
    })
    .join('');
  return `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b2d6e"/><stop offset=".55" stop-color="#f2785c"/><stop offset="1" stop-color="#ffd08a"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#s)"/><circle cx="${f(w * r.next())}" cy="${f(h * 0.55)}" r="${f(h * 0.12)}" fill="#ffe7a8" opacity=".9"/>${hills}${crowd(r, w, h, '#1d0f1c', 9)}`;
};

/** String lights at night over a terrace. */
const lights: Scene = (r, w, h) => {
  const strings = Array.from({ length: 4 }, (_, i) => {
    const y = h * (0.12 + i * 0.1);
    const sag = r.int(40, 110);
    const bulbs = Array.from({ length: 14 }, (_, j) => {
      const t = j / 13;
      const x = t * w;
      const by = y + sag * 4 * t * (1 - t);
      return `<circle cx="${f(x)}" cy="${f(by + 10)}" r="9" fill="#ffe9a3"/><circle cx="${f(x)}" cy="${f(by + 10)}" r="26" fill="#ffd66b" opacity=".18"/>`;
    }).join('');
    return `<path d="M0 ${f(y)} Q ${f(w / 2)} ${f(y + sag * 2)} ${w} ${f(y)}" stroke="#333" stroke-width="3" fill="none"/>${bulbs}`;
  }).join('');
  return `<rect width="${w}" height="${h}" fill="#10172e"/><rect y="${f(h * 0.7)}" width="${w}" height="${f(h * 0.3)}" fill="#2a2233"/>${strings}${crowd(r, w, h, '#07070d', 11)}`;
};

/** A shared table seen from above. */
const table: Scene = (r, w, h) => {
  const plates = Array.from({ length: 8 }, () => {
    const x = r.int(Math.round(w * 0.1), Math.round(w * 0.9));
    const y = r.int(Math.round(h * 0.15), Math.round(h * 0.85));
    const radius = r.int(Math.round(h * 0.07), Math.round(h * 0.13));
    const food = r.pick(['#d9843b', '#8dbb4c', '#c0392b', '#f1c40f', '#6d4c41']);
    return `<circle cx="${x}" cy="${y}" r="${radius}" fill="#fbf8f1"/><circle cx="${x}" cy="${y}" r="${f(radius * 0.68)}" fill="${food}"/><circle cx="${f(x + radius * 0.2)}" cy="${f(y - radius * 0.15)}" r="${f(radius * 0.22)}" fill="#fff" opacity=".35"/>`;
  }).join('');
  const glasses = Array.from({ length: 5 }, () => `<circle cx="${r.int(0, w)}" cy="${r.int(0, h)}" r="${r.int(18, 30)}" fill="#bfe3f2" opacity=".6"/>`).join('');
  return `<rect width="${w}" height="${h}" fill="#8a5a3b"/>${Array.from({ length: 9 }, (_, i) => `<rect y="${f((h / 9) * i)}" width="${w}" height="2" fill="#6e452c"/>`).join('')}${plates}${glasses}`;
};

/** A stage with light beams and hands in the air. */
const stage: Scene = (r, w, h) => {
  const beams = Array.from({ length: 5 }, (_, i) => {
    const x = (w / 6) * (i + 1);
    const color = ['#ff4f9a', '#4fd1ff', '#b36bff', '#ffd24f', '#4fff9a'][i];
    return `<path d="M${f(x)} 0 L ${f(x - r.int(150, 320))} ${f(h * 0.8)} L ${f(x + r.int(150, 320))} ${f(h * 0.8)} Z" fill="${color}" opacity=".22"/>`;
  }).join('');
  const hands = Array.from({ length: 7 }, () => {
    const x = r.int(0, w);
    const y = h * 0.55 + r.int(0, Math.round(h * 0.1));
    return `<rect x="${x}" y="${f(y)}" width="22" height="${f(h * 0.25)}" rx="11" fill="#0b0b12" transform="rotate(${r.int(-20, 20)} ${x} ${f(y + h * 0.25)})"/>`;
  }).join('');
  return `<rect width="${w}" height="${h}" fill="#0d0b1a"/>${beams}<rect y="${f(h * 0.78)}" width="${w}" height="${f(h * 0.05)}" fill="#262040"/>${hands}${crowd(r, w, h, '#0b0b12', 12)}`;
};

const SCENES: Scene[] = [sunset, lights, table, stage];

/** Twelve demo photos (landscape and portrait), drawn as SVG and run through the upload pipeline. */
async function renderDemoPhotos(): Promise<RenderedImage[]> {
  const r = seededRandom(20261123);
  return Promise.all(
    Array.from({ length: 12 }, async (_, i) => {
      const [w, h] = i % 3 === 2 ? [1200, 1600] : [1600, 1200];
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${SCENES[i % SCENES.length]!(r, w, h)}</svg>`;
      const jpeg = await withImageWork(() => sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer());
      return renderGalleryImage(jpeg);
    }),
  );
}

/** Whether a gallery item was ever created here: someone who deleted them all must not get them back. */
async function hadGalleryItems(db: AppDeps['db'] | Tx): Promise<boolean> {
  const result = await sql<{ last: number | null }>`SELECT pg_sequence_last_value(pg_get_serial_sequence('gallery_items', 'id')) AS last`.execute(db);
  return result.rows[0]?.last !== null && result.rows[0]?.last !== undefined;
}

interface PastEvent {
  id: number;
  user_id: number;
  ends: Date;
  guests: number[];
}

/** Past demo events with guests, most recent first. */
async function pastDemoEvents(db: AppDeps['db'] | Tx, now: Date): Promise<PastEvent[]> {
  const rows = await db
    .selectFrom('events as e')
    .innerJoin('users as owner', 'owner.id', 'e.user_id')
    .leftJoin('event_users as eu', (join) => join.onRef('eu.event_id', '=', 'e.id').on('eu.status', 'in', ['going', 'maybe']))
    .select(['e.id', 'e.user_id', 'e.ends_at', 'eu.user_id as guest_id'])
    .where('e.ends_at', '<', now)
    .where('e.deleted_by_moderator_at', 'is', null)
    .where(
      'owner.phone',
      'in',
      DEMO_USERS.map((u) => u.phone),
    )
    .orderBy('e.ends_at', 'desc')
    .orderBy('e.id')
    .execute();
  const events = new Map<number, PastEvent>();
  for (const row of rows) {
    const event = events.get(row.id) ?? { id: row.id, user_id: row.user_id, ends: row.ends_at, guests: [] };
    if (row.guest_id !== null && row.guest_id !== row.user_id) event.guests.push(row.guest_id);
    events.set(row.id, event);
  }
  return [...events.values()].filter((e) => e.guests.length > 0);
}

/**
 * Photos in the galleries of the most recent past demo events, posted by their owners and
 * guests the day after, with a few likes. Seeds once per database.
 */
export async function seedDemoGallery(deps: AppDeps): Promise<string | null> {
  const now = deps.clock.now();
  if (await hadGalleryItems(deps.db)) return null;
  const events = (await pastDemoEvents(deps.db, now)).slice(0, EVENTS_WITH_PHOTOS);
  if (events.length === 0) return null;
  const photos = await renderDemoPhotos();
  const r = seededRandom(20261124);
  const stored: string[] = [];
  try {
    const count = await inTransaction(deps.db, async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(${LOCK_ID})`.execute(tx);
      if (await hadGalleryItems(tx)) return 0;
      let items = 0;
      for (const event of events) {
        const people = [event.user_id, ...event.guests];
        const n = r.int(PHOTOS_PER_EVENT[0], PHOTOS_PER_EVENT[1]);
        for (let i = 0; i < n; i++) {
          const uploader = r.pick(people);
          const photo = photos[r.int(0, photos.length - 1)]!;
          const id = newUploadId();
          const at = new Date(Math.min(now.getTime(), event.ends.getTime() + (2 + i * 3 + r.int(0, 20)) * HOUR));
          const files = await storeRenderedImage(deps.storage, `gallery/${event.id}/${id}`, photo);
          stored.push(...files.keys);
          const media = { url: files.url, url_m: files.url_m, url_l: files.url_l, width: files.width, height: files.height };
          await tx
            .insertInto('media_uploads')
            .values({ id, user_id: uploader, event_id: event.id, state: 'posted', resource_type: 'image', format: 'jpeg', bytes: photo.full.length, incoming_key: null, created_at: at, ...media })
            .execute();
          const item = await tx
            .insertInto('gallery_items')
            .values({ event_id: event.id, user_id: uploader, upload_id: id, type: 'image', approved: true, created_at: at, ...media })
            .returning('id')
            .executeTakeFirstOrThrow();
          const likers = people.filter((p) => p !== uploader && r.chance(0.4));
          if (likers.length > 0) {
            await tx
              .insertInto('gallery_likes')
              .values(likers.map((user_id, k) => ({ gallery_id: item.id, user_id, created_at: new Date(Math.min(now.getTime(), at.getTime() + (k + 1) * HOUR)) })))
              .execute();
            await tx.updateTable('gallery_items').set({ likes_count: likers.length }).where('id', '=', item.id).execute();
          }
          items += 1;
        }
      }
      return items;
    });
    if (count === 0) {
      await Promise.all(stored.map((key) => deps.storage.delete(key).catch(() => {})));
      return null;
    }
    return `${count} gallery photos on ${events.length} past events`;
  } catch (err) {
    await Promise.all(stored.map((key) => deps.storage.delete(key).catch(() => {})));
    throw err;
  }
}
