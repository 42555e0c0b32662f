/**
 * Page-view analytics behind a small interface (CONVENTIONS §6). The provider is named by the
 * server's GET /api/config (analytics_provider); 'none' is the default and sends nothing.
 * A real adapter is added here as another entry of `providers`, loading no third-party script
 * that the CSP (script-src 'self') would block.
 */
export interface AnalyticsProvider {
  readonly name: string;
  pageView(path: string): void;
  event(name: string, properties?: Record<string, string | number | boolean>): void;
}

export const noneAnalytics: AnalyticsProvider = {
  name: 'none',
  pageView() {},
  event() {},
};

const providers: Record<string, () => AnalyticsProvider> = {
  none: () => noneAnalytics,
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
