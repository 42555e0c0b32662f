import { queryOptions, useQuery } from '@tanstack/react-query';
import { placeReplySchema, type Place } from '@planns/shared/geocoding/geocoding.schemas';
import { apiRequest } from '../../lib/api-client.ts';

export interface LatLng {
  lat: number;
  lng: number;
}

/** About 100 m: the answer is a city, and nearby readings of the current location share one request. */
const round = (degrees: number) => Math.round(degrees * 1000) / 1000;

/** GET /api/geocoding/reverse?lat=&lng=&lang= (signed in or not): the place at a point, or null where there is none. */
export async function reverseGeocode(point: LatLng, lang?: string, signal?: AbortSignal): Promise<Place | null> {
  const params = new URLSearchParams({ lat: String(round(point.lat)), lng: String(round(point.lng)) });
  if (lang) params.set('lang', lang);
  const reply = await apiRequest(`/api/geocoding/reverse?${params.toString()}`, { schema: placeReplySchema, signal });
  return reply.data;
}

export const reverseGeocodeQueryOptions = (point: LatLng, lang?: string) =>
  queryOptions({
    queryKey: ['geocoding', 'reverse', round(point.lat), round(point.lng), lang ?? ''] as const,
    queryFn: ({ signal }) => reverseGeocode(point, lang, signal),
    staleTime: 60 * 60_000,
  });

/** The place at `point`; idle while there is no point yet (location not known). */
export function useReverseGeocode(point: LatLng | null, lang?: string) {
  return useQuery({ ...reverseGeocodeQueryOptions(point ?? { lat: 0, lng: 0 }, lang), enabled: point !== null });
}
