import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import {
  GEOCODE_RESULTS_MAX,
  geocodeReverseQuerySchema,
  geocodeSearchQuerySchema,
  placeListReplySchema,
  placeReplySchema,
} from '@planns/shared/geocoding/geocoding.schemas';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';

const tags = ['geocoding'];
const errors = { 422: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema };
/** Per client address and route: the place field asks once per pause in typing, not per key. */
export const GEOCODING_RATE_LIMIT = { max: 120, timeWindow: '1 minute' };
const rateLimit = GEOCODING_RATE_LIMIT;

/** The client sees a plain 503; the operator's log gets what the outside service said. */
async function logFailure<T>(log: FastifyBaseLogger, provider: string, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof AppError && err.code === 'service_unavailable') log.warn({ err: err.cause, provider }, 'geocoding provider failed');
    throw err;
  }
}

export const geocodingRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/geocoding/search',
    {
      schema: {
        tags,
        summary: 'Search places by name',
        description:
          `Path chosen here (the spec names no geocoding endpoint). Open to visitors: the events filters work signed out. ` +
          `Answers at most ${GEOCODE_RESULTS_MAX} places, best first, labelled in \`lang\` where the provider can. ` +
          'The default offline provider knows cities (GeoNames, 1000+ inhabitants): prefix, word and substring matches, ' +
          'case- and accent-insensitive, bigger cities first; "City, Country" narrows by country. ' +
          '503 when an outside provider (nominatim, google) fails.',
        querystring: geocodeSearchQuerySchema,
        response: { 200: placeListReplySchema, ...errors },
      },
      config: { rateLimit },
    },
    async (request) => {
      const { q, lang } = request.query;
      return { data: await logFailure(request.log, deps.geocoding.name, deps.geocoding.search(q, { lang, limit: GEOCODE_RESULTS_MAX })) };
    },
  );

  app.get(
    '/geocoding/reverse',
    {
      schema: {
        tags,
        summary: 'The place at a point',
        description:
          'Path chosen here. Open to visitors. The city at (lat, lng): with the offline provider the nearest city within 50 km ' +
          '(bigger cities reach farther), else data null. 503 when an outside provider fails.',
        querystring: geocodeReverseQuerySchema,
        response: { 200: placeReplySchema, ...errors },
      },
      config: { rateLimit },
    },
    async (request) => {
      const { lat, lng, lang } = request.query;
      return { data: await logFailure(request.log, deps.geocoding.name, deps.geocoding.reverse(lat, lng, { lang })) };
    },
  );
};
