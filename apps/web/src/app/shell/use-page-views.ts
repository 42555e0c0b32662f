import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { isTrackedHost } from '../../lib/analytics.ts';
import { useAnalyticsProvider } from '../../lib/use-analytics.ts';

/**
 * Sends a page view on every route change, except on a developer's machine (events §2). Waits for
 * GET /api/config to name the provider ('none' if it fails), so the first page view is not lost;
 * the first carries the page the visitor came from (the server keeps another site's origin only).
 */
export function usePageViews(): void {
  const analytics = useAnalyticsProvider();
  const location = useLocation();
  const isFirst = useRef(true);
  useEffect(() => {
    if (!analytics || !isTrackedHost(window.location.hostname)) return;
    analytics.pageView(`${location.pathname}${location.search}`, isFirst.current ? document.referrer || null : null);
    isFirst.current = false;
  }, [analytics, location.pathname, location.search]);
}
