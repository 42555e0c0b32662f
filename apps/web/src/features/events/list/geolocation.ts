export type Position = { lat: number; lng: number };

/** Why the browser gave no position: the user refused, or the device could not tell. */
export type PositionFailure = 'denied' | 'unavailable';

/** The device's position (events §2: asked when the filters open and for 'Close to you'). */
export function requestPosition(options: { timeoutMs?: number } = {}): Promise<Position> {
  return new Promise((resolve, reject: (reason: PositionFailure) => void) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject('unavailable');
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      (error) => reject(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: false, maximumAge: 5 * 60_000, timeout: options.timeoutMs ?? 10_000 },
    );
  });
}

export function isPositionFailure(value: unknown): value is PositionFailure {
  return value === 'denied' || value === 'unavailable';
}

