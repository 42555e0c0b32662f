/** The two tabs of /friends (accounts §2). */
export const FRIENDS_TABS = ['friends', 'requests'] as const;
export type FriendsTab = (typeof FRIENDS_TABS)[number];

export function isFriendsTab(value: unknown): value is FriendsTab {
  return typeof value === 'string' && (FRIENDS_TABS as readonly string[]).includes(value);
}

/*
 * The selected tab is remembered for the life of the browser tab, as My plans remembers its tab
 * (features/events/my-events/my-events-tabs.ts): a module value outlives the screen, not a reload.
 */
let rememberedTab: FriendsTab = 'friends';

export function readRememberedTab(): FriendsTab {
  return rememberedTab;
}

export function rememberTab(tab: FriendsTab): void {
  rememberedTab = tab;
}
