/** Every localStorage key the app uses; the cookies policy lists the same ones. Never a token. */
export const STORAGE_KEYS = {
  preferredLanguage: 'preferredLanguage',
  watchedCover: 'watched_cover',
  cookiesAccepted: 'cookies_accepted',
  lastAction: 'last_action',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
