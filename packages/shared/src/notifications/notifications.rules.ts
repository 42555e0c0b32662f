/** Notification actions and the settings that gate them (accounts §2, §4, §9). */

export const NOTIFICATION_ACTIONS = [
  'comment_posted',
  'user_joined_event',
  'user_maybe_event',
  'user_rejected_event',
  'event_shared',
  'user_following',
  'friend_request',
  'friend_accepted',
] as const;
export type NotificationAction = (typeof NOTIFICATION_ACTIONS)[number];

export const NOTIFICATION_SETTING_TYPES = ['whatsapp', 'general', 'hosting', 'attending'] as const;
export type NotificationSettingType = (typeof NOTIFICATION_SETTING_TYPES)[number];

/** The defaults of accounts §9, in the spec's order. `name` is the English label. */
export const NOTIFICATION_SETTINGS = [
  { key: 'whatsapp', name: 'Receive notifications via WhatsApp', value: true, type: 'whatsapp' },
  { key: 'friend_request_received', name: 'Friend request received', value: true, type: 'general' },
  { key: 'friend_request_approved', name: 'Friend request approved', value: true, type: 'general' },
  { key: 'event_invite', name: 'Event Invite', value: true, type: 'general' },
  { key: 'friend_liked_event', name: 'Your friend liked an event', value: false, type: 'general' },
  { key: 'hosting_responses', name: 'Responses to your invite', value: true, type: 'hosting' },
  { key: 'hosting_declined', name: 'Invite was declined to your event', value: false, type: 'hosting' },
  { key: 'hosting_liked', name: 'Your event received a like', value: true, type: 'hosting' },
  { key: 'hosting_commented', name: 'Your event received a comment', value: true, type: 'hosting' },
  { key: 'attending_friend_created', name: 'Event created by a friend', value: true, type: 'attending' },
  { key: 'attending_commented', name: 'Event received a comment', value: true, type: 'attending' },
  { key: 'attending_modified', name: 'Event modified by host', value: true, type: 'attending' },
  { key: 'attending_canceled', name: 'Event canceled by host', value: true, type: 'attending' },
  { key: 'attending_friend_rsvp', name: "A Friend RSVP'd to an event", value: false, type: 'attending' },
] as const satisfies readonly { key: string; name: string; value: boolean; type: NotificationSettingType }[];
export type NotificationSettingKey = (typeof NOTIFICATION_SETTINGS)[number]['key'];
export const NOTIFICATION_SETTING_KEYS = NOTIFICATION_SETTINGS.map((s) => s.key) as [NotificationSettingKey, ...NotificationSettingKey[]];

export function defaultSetting(key: NotificationSettingKey): boolean {
  return NOTIFICATION_SETTINGS.find((s) => s.key === key)?.value ?? true;
}

/** Which setting lets a notification through, for the owner of the event or for its guests. */
export function settingFor(action: NotificationAction, recipient: 'host' | 'guest' | 'person'): NotificationSettingKey | null {
  switch (action) {
    case 'comment_posted':
      return recipient === 'host' ? 'hosting_commented' : 'attending_commented';
    case 'user_joined_event':
    case 'user_maybe_event':
      return recipient === 'host' ? 'hosting_responses' : 'attending_friend_rsvp';
    case 'user_rejected_event':
      return 'hosting_declined';
    case 'event_shared':
      return 'event_invite';
    case 'friend_request':
      return 'friend_request_received';
    case 'friend_accepted':
      return 'friend_request_approved';
    case 'user_following':
      return null; // no setting: always delivered
  }
}

/** Where a notification leads: the event (by hash) or the author's profile. */
export function notificationTarget(n: { action: NotificationAction; event_hash: string | null; author_id: number | null }): string | null {
  if (n.event_hash) return `/events/${n.event_hash}`;
  if (n.author_id) return `/profile/${n.author_id}`;
  return null;
}
