/**
 * Page views and steps (issue 19; CONVENTIONS §6): `none` (default) records nothing; `plausible`
 * sends each to a Plausible-compatible events API from the server, so the browser loads no
 * third-party script and the CSP stays 'self'.
 */
export interface AnalyticsEvent {
  name: string;
  /** The full page address as the service should count it (its route: no ids, codes or queries). */
  url: string;
  referrer: string | null;
  props: Record<string, string | number | boolean>;
  /** The visitor's address and browser, from which the service derives its daily visitor hash. */
  ip: string;
  userAgent: string;
}

export interface AnalyticsProvider {
  readonly name: 'none' | 'plausible';
  send(event: AnalyticsEvent): Promise<void>;
}

export const noneAnalytics: AnalyticsProvider = {
  name: 'none',
  async send() {},
};
