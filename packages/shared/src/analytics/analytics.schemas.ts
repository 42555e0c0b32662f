import { z } from 'zod';

/**
 * What the web app reports (issue 19: page views and the steps of RSVP, seats, payment and
 * tickets), through POST /api/analytics/event to the configured analytics service.
 */
export const ANALYTICS_EVENTS = ['pageview', 'rsvp', 'seats', 'payment', 'tickets'] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

const propValue = z.union([z.string().max(100), z.number().finite(), z.boolean()]);

export const analyticsEventBodySchema = z
  .object({
    name: z.enum(ANALYTICS_EVENTS),
    /** The page's path and query (/events/abc?preset=today); the server reduces it to its route. */
    path: z.string().min(1).max(2000).regex(/^\//, 'A path starting with /'),
    /** Where the visitor came from (another site), its origin only; null inside the app. */
    referrer: z.string().max(2000).nullish(),
    props: z
      .record(z.string().regex(/^[a-z_]{1,40}$/, 'Lowercase names'), propValue)
      .refine((props) => Object.keys(props).length <= 10, 'At most 10 properties')
      .optional(),
  })
  .strict();
export type AnalyticsEventBody = z.input<typeof analyticsEventBodySchema>;
