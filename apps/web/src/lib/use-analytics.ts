import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { AnalyticsEventName } from '@planns/shared/analytics/analytics.schemas';
import { configQueryOptions } from '../api/config/get-config.ts';
import { createAnalytics, isTrackedHost, type AnalyticsProps, type AnalyticsProvider } from './analytics.ts';

/** The provider GET /api/config names; null while it loads ('none' if it fails). */
export function useAnalyticsProvider(): AnalyticsProvider | null {
  const config = useQuery(configQueryOptions());
  const providerName = config.isPending ? null : (config.data?.analytics_provider ?? 'none');
  return useMemo(() => (providerName === null ? null : createAnalytics(providerName)), [providerName]);
}

/**
 * `track(step, props)`: one step of RSVP, seats, payment or tickets (issue 19), for the page open
 * now, except on a developer's machine. A step taken before the config has loaded is not counted.
 */
export function useTrackStep(): (name: Exclude<AnalyticsEventName, 'pageview'>, props?: AnalyticsProps) => void {
  const analytics = useAnalyticsProvider();
  return useCallback(
    (name, props) => {
      if (!analytics || !isTrackedHost(window.location.hostname)) return;
      analytics.event(name, `${window.location.pathname}${window.location.search}`, props);
    },
    [analytics],
  );
}
