import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { configQueryOptions } from '../../api/config/get-config.ts';
import { createAnalytics, isTrackedHost } from '../../lib/analytics.ts';

/**
 * Sends a page view on every route change, except on a developer's machine (events §2). Waits for
 * GET /api/config to name the provider ('none' if it fails), so the first page view is not lost.
 */
export function usePageViews(): void {
  const config = useQuery(configQueryOptions());
  const providerName = config.isPending ? null : (config.data?.analytics_provider ?? 'none');
  const analytics = useMemo(() => (providerName === null ? null : createAnalytics(providerName)), [providerName]);
  const location = useLocation();
  useEffect(() => {
    if (!analytics || !isTrackedHost(window.location.hostname)) return;
    analytics.pageView(`${location.pathname}${location.search}`);
  }, [analytics, location.pathname, location.search]);
}
