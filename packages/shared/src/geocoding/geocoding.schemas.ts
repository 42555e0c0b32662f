import { z } from 'zod';

/** A place from the geocoding provider (offline gazetteer, Nominatim or Google). */
export const placeSchema = z
  .object({
    /** Stable id within the provider. */
    id: z.string(),
    /** One line for the input and the card: 'Barcelona, Catalonia, Spain'. */
    label: z.string(),
    name: z.string(),
    country: z.string(),
    lat: z.number(),
    lng: z.number(),
  })
  .meta({ id: 'Place' });
export type Place = z.infer<typeof placeSchema>;

export const GEOCODE_QUERY_MIN_LENGTH = 2;
export const GEOCODE_RESULTS_MAX = 8;

export const geocodeSearchQuerySchema = z.object({
  q: z.string().trim().min(GEOCODE_QUERY_MIN_LENGTH, `Type at least ${GEOCODE_QUERY_MIN_LENGTH} characters`).max(200),
  /** Preferred language of the labels (en, es, ja, he, ru, ca); providers may ignore it. */
  lang: z.string().max(8).optional(),
});
export const geocodeReverseQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
  lang: z.string().max(8).optional(),
});
export const placeListReplySchema = z.object({ data: z.array(placeSchema) });
/** Reverse lookup: the nearest place, or null ('no result for provided coordinates'). */
export const placeReplySchema = z.object({ data: placeSchema.nullable() });
