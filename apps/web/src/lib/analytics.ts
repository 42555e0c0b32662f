import type { AnalyticsEventBody, AnalyticsEventName } from '@planns/shared/analytics/analytics.schemas';

/**
 * Page views and steps behind a small interface (CONVENTIONS §6; decision 0042). The provider is
 * named by the server's GET /api/config (analytics_provider): 'none', the default, sends nothing;
 * 'plausible' posts each to planns' own POST /api/analytics/event, which passes it on to a
 * Plausible-compatible service with the page reduced to its route. The browser loads no
 * third-party script (the CSP stays script-src 'self') and talks to no other origin.
 */
export type AnalyticsProps = Record<string, string | number | boolean>;

export interface AnalyticsProvider {
  readonly name: string;
  pageView(path: string, referrer?: string | null): void;
  event(name: Exclude<AnalyticsEventName, 'pageview'>, path: string, properties?: AnalyticsProps): void;
}

export const noneAnalytics: AnalyticsProvider = {
  name: 'none',
  pageView() {},
  event() {},
};

type Send = (body: AnalyticsEventBody) => void;

/** A POST that outlives the page (keepalive: a step just before a navigation still arrives); failures are ignored. */
const postEvent: Send = (body) => {
  void fetch('/api/analytics/event', {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => {});
};

export function relayedAnalytics(send: Send = postEvent): AnalyticsProvider {
  return {
    name: 'plausible',
    pageView(path, referrer) {
      send({ name: 'pageview', path, referrer: referrer ?? null });
    },
    event(name, path, properties) {
      send({ name, path, ...(properties ? { props: properties } : {}) });
    },
  };
}

const providers: Record<string, () => AnalyticsProvider> = {
  none: () => noneAnalytics,
  plausible: () => relayedAnalytics(),
};

export function createAnalytics(providerName: string | null | undefined): AnalyticsProvider {
  const factory = providers[providerName ?? 'none'];
  if (factory) return factory();
  console.warn(`Unknown analytics provider "${providerName}"; page views are not sent.`);
  return noneAnalytics;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Page views are not tracked on a developer's machine (events §2). */
export function isTrackedHost(hostname: string): boolean {
  return !LOCAL_HOSTS.has(hostname.toLowerCase());
}
