/**
 * The page an analytics event names, reduced to its route (decision 0042): the analytics service
 * sees which screen was opened, never which event, person or ticket. An event's hash opens a
 * private event, a ticket's code admits its holder, a test checkout's id pays it: none of them may
 * leave planns. Query strings go too, but for the home and list presets.
 */
const STATIC_PATHS = new Set([
  '/', '/home', '/events', '/new-event', '/edit-event', '/my-user', '/my-events', '/notifications', '/notification_settings',
  '/friends', '/user-search', '/terms', '/privacy-policy', '/cookies-policy', '/stripe-settings', '/stripe_registered',
  '/payment-settings', '/payments-received', '/purchase-history', '/tickets', '/sms-sender',
]);

/** A route with a variable last segment: its first segments, then the placeholder. */
const DYNAMIC_PATHS: readonly [RegExp, string][] = [
  [/^\/events\/[^/]+$/, '/events/:event'],
  [/^\/edit\/[^/]+$/, '/edit/:event'],
  [/^\/profile\/[^/]+$/, '/profile/:person'],
  [/^\/check-ticket\/[^/]+$/, '/check-ticket/:code'],
  [/^\/test-provider\/(onboarding|dashboard|checkout|receipts)\/[^/]+$/, '/test-provider/$1/:id'],
];

const KEPT_QUERY = new Set(['preset']);

export function analyticsPath(pathAndQuery: string): string {
  const url = new URL(pathAndQuery, 'http://planns.invalid');
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  let route: string | null = STATIC_PATHS.has(path) ? path : null;
  if (route === null) {
    for (const [pattern, replacement] of DYNAMIC_PATHS) {
      if (pattern.test(path)) {
        route = path.replace(pattern, replacement);
        break;
      }
    }
  }
  if (route === null) return '/(other)';
  const kept = [...url.searchParams].filter(([key, value]) => KEPT_QUERY.has(key) && /^[a-z_]{1,20}$/.test(value));
  return kept.length > 0 && (route === '/' || route === '/home' || route === '/events') ? `${route}?${new URLSearchParams(kept).toString()}` : route;
}

/** Another site the visitor came from: its origin only (a path or query may carry anything); null for none or planns itself. */
export function analyticsReferrer(referrer: string | null | undefined, ownOrigin: string): string | null {
  if (!referrer) return null;
  try {
    const { origin, protocol } = new URL(referrer);
    if (origin === ownOrigin || (protocol !== 'https:' && protocol !== 'http:')) return null;
    return origin;
  } catch {
    return null;
  }
}
