import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { GALLERY_PAGE_SIZE } from '@planns/shared/gallery/gallery.rules';
import type { GalleryItem } from '@planns/shared/gallery/gallery.schemas';
import { apiRequest } from '../../lib/api-client.ts';

/** Loaded with the call, not with the page: the page's first load evaluates no zod (issue 16). */
const galleryListReplySchema = () => import('@planns/shared/gallery/gallery.schemas').then((m) => m.galleryListReplySchema);

/** Every gallery query; one event's galleries sit under ['gallery', eventId]. */
export const galleryRootQueryKey = ['gallery'] as const;

/** Both viewers' galleries of one event (mutations update or refresh them together). */
export const galleryEventQueryKey = (eventId: number) => [...galleryRootQueryKey, eventId] as const;

/**
 * One event's gallery as the viewer sees it: signed-in replies differ from visitors' (pending and
 * hidden items, is_liked, can_delete ...), so both are keyed.
 */
export const galleryQueryKey = (eventId: number, isSignedIn: boolean) =>
  [...galleryEventQueryKey(eventId), isSignedIn ? 'user' : 'visitor'] as const;

/** Pages of items, newest first; a page's param is the `before` id it was loaded with (null: the newest). */
export type GalleryPages = InfiniteData<GalleryItem[], number | null>;

/**
 * GET /api/gallery/{eventId} (signed in) or GET /api/gallery/{eventId}/unregistered (visitors,
 * public events): the newest 300 items, or the 300 before the item `before`.
 */
export async function listGallery(eventId: number, isSignedIn: boolean, before: number | null, signal?: AbortSignal): Promise<GalleryItem[]> {
  const path = isSignedIn ? `/api/gallery/${eventId}` : `/api/gallery/${eventId}/unregistered`;
  const query = before === null ? '' : `?before=${before}`;
  const reply = await apiRequest(`${path}${query}`, { schema: galleryListReplySchema, signal });
  return reply.data.data;
}

/** The `before` cursor of the next (older) page: a full page may have more behind it, a shorter one was the last. */
export function olderGalleryCursor(lastPage: readonly GalleryItem[]): number | undefined {
  return lastPage.length >= GALLERY_PAGE_SIZE ? lastPage.at(-1)?.id : undefined;
}

/** The items of every loaded page, newest first, each once. */
export function flattenGalleryPages(data: { pages: readonly (readonly GalleryItem[])[] } | undefined): GalleryItem[] {
  if (!data) return [];
  const seen = new Set<number>();
  const items: GalleryItem[] = [];
  for (const page of data.pages) {
    for (const item of page) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/** The pages with a new item on top of the newest page; unchanged when nothing is cached or the item is already there. */
export function prependGalleryItem(data: GalleryPages | undefined, item: GalleryItem): GalleryPages | undefined {
  if (!data) return data;
  if (data.pages.some((page) => page.some((i) => i.id === item.id))) return data;
  const [newest = [], ...older] = data.pages;
  return { ...data, pages: [[item, ...newest], ...older] };
}

/** The pages with one item replaced by its newer version (a like, an approval); unchanged when it is not there. */
export function replaceGalleryItem(data: GalleryPages | undefined, item: GalleryItem): GalleryPages | undefined {
  if (!data?.pages.some((page) => page.some((i) => i.id === item.id))) return data;
  return { ...data, pages: data.pages.map((page) => page.map((i) => (i.id === item.id ? item : i))) };
}

/** The pages without one item (deleted); unchanged when it is not there. */
export function removeGalleryItem(data: GalleryPages | undefined, id: number): GalleryPages | undefined {
  if (!data?.pages.some((page) => page.some((i) => i.id === id))) return data;
  return { ...data, pages: data.pages.map((page) => page.filter((i) => i.id !== id)) };
}

/** Applies a change to every cached gallery of the event (the signed-in and the visitor one). */
export function updateCachedGallery(
  queryClient: QueryClient,
  eventId: number,
  update: (data: GalleryPages | undefined) => GalleryPages | undefined,
): void {
  queryClient.setQueriesData<GalleryPages>({ queryKey: galleryEventQueryKey(eventId) }, update);
}

/** The item as the cache holds it, or undefined. */
export function cachedGalleryItem(queryClient: QueryClient, eventId: number, id: number): GalleryItem | undefined {
  for (const [, data] of queryClient.getQueriesData<GalleryPages>({ queryKey: galleryEventQueryKey(eventId) })) {
    for (const page of data?.pages ?? []) {
      const item = page.find((i) => i.id === id);
      if (item) return item;
    }
  }
  return undefined;
}

export const galleryQueryOptions = (eventId: number, isSignedIn: boolean) =>
  infiniteQueryOptions({
    queryKey: galleryQueryKey(eventId, isSignedIn),
    queryFn: ({ pageParam, signal }) => listGallery(eventId, isSignedIn, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: olderGalleryCursor,
  });

/** One event's gallery, newest first, with fetchNextPage for older items. */
export function useGallery(eventId: number, isSignedIn: boolean, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...galleryQueryOptions(eventId, isSignedIn), enabled: options.enabled ?? true });
}
