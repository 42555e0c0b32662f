import type { AnalyticsEvent, AnalyticsProvider } from './analytics-provider.ts';

const TIMEOUT_MS = 3000;

/**
 * Plausible's Events API (POST {base}/api/event {name, url, domain, referrer, props}, the visitor's
 * User-Agent and X-Forwarded-For), which self-hosted Plausible and compatible services share.
 */
export class PlausibleAnalyticsProvider implements AnalyticsProvider {
  readonly name = 'plausible' as const;
  private readonly endpoint: string;
  private readonly domain: string;
  private readonly fetchFn: typeof fetch;

  constructor(options: { baseUrl: string; domain: string; fetchFn?: typeof fetch }) {
    this.endpoint = new URL('/api/event', options.baseUrl).toString();
    this.domain = options.domain;
    this.fetchFn = options.fetchFn ?? fetch;
  }

  async send(event: AnalyticsEvent): Promise<void> {
    const response = await this.fetchFn(this.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': event.userAgent, 'x-forwarded-for': event.ip },
      body: JSON.stringify({
        name: event.name,
        url: event.url,
        domain: this.domain,
        referrer: event.referrer,
        ...(Object.keys(event.props).length > 0 ? { props: event.props } : {}),
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`the analytics service answered ${response.status}`);
  }
}
