import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { GEOCODE_QUERY_MIN_LENGTH, placeListReplySchema, type Place } from '@planns/shared/geocoding/geocoding.schemas';
import { apiRequest } from '../../lib/api-client.ts';

/** The server answers 422 below GEOCODE_QUERY_MIN_LENGTH characters: the search waits until then. */
export function canSearchPlaces(q: string): boolean {
  return q.trim().length >= GEOCODE_QUERY_MIN_LENGTH;
}

/** GET /api/geocoding/search?q=&lang= (signed in or not): places best first, labels in `lang` where the provider can. */
export async function searchPlaces(q: string, lang?: string, signal?: AbortSignal): Promise<Place[]> {
  const params = new URLSearchParams({ q: q.trim() });
  if (lang) params.set('lang', lang);
  const reply = await apiRequest(`/api/geocoding/search?${params.toString()}`, { schema: placeListReplySchema, signal });
  return reply.data;
}

export const searchPlacesQueryOptions = (q: string, lang?: string) =>
  queryOptions({
    queryKey: ['geocoding', 'search', q.trim().toLowerCase(), lang ?? ''] as const,
    queryFn: ({ signal }) => searchPlaces(q, lang, signal),
    // Places hardly change: a query typed again answers from the cache.
    staleTime: 60 * 60_000,
  });

/** Places for `q` (debounce it first); idle below GEOCODE_QUERY_MIN_LENGTH characters. */
export function useSearchPlaces(q: string, lang?: string) {
  return useQuery({ ...searchPlacesQueryOptions(q, lang), enabled: canSearchPlaces(q), placeholderData: keepPreviousData });
}
