import { useEffect, useState } from 'react';
import { eventFiltersStore, hasLocation, setLocation, useEventFilters } from './event-filters.ts';
import { isPositionFailure, requestPosition, type PositionFailure } from './geolocation.ts';

export type CloseToYouStatus = 'off' | 'locating' | 'ready' | PositionFailure;

/**
 * The 'Close to you' tile needs a place: the one chosen in the filters, else the device's
 * position, asked once. Without one the list shows every event and says why.
 */
export function useCloseToYou(isActive: boolean): CloseToYouStatus {
  const filters = useEventFilters();
  const isPlaced = hasLocation(filters.location);
  const [failure, setFailure] = useState<PositionFailure | null>(null);

  useEffect(() => {
    if (!isActive || isPlaced || failure) return;
    let cancelled = false;
    requestPosition().then(
      (position) => {
        if (cancelled) return;
        eventFiltersStore.set((current) => (hasLocation(current.location) ? current : setLocation(current, { ...position, label: null })));
      },
      (reason: unknown) => {
        if (!cancelled) setFailure(isPositionFailure(reason) ? reason : 'unavailable');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [isActive, isPlaced, failure]);

  if (!isActive) return 'off';
  if (isPlaced) return 'ready';
  return failure ?? 'locating';
}
