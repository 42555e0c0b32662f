/** Every localStorage key the app uses; the cookies policy lists the same ones. Never a token. */
export const STORAGE_KEYS = {
  preferredLanguage: 'preferredLanguage',
  watchedCover: 'watched_cover',
  cookiesAccepted: 'cookies_accepted',
  lastAction: 'last_action',
  /** A group invite (from a shared link's group_invite) waiting for the user to sign in. */
  groupInvite: 'group_invite',
  /** The events list's group filter: a group id, set after joining a group from an invite. */
  groupFilter: 'groupFilter',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
