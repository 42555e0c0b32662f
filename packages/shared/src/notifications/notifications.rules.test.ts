import { describe, expect, it } from 'vitest';
import { NOTIFICATION_ACTIONS, NOTIFICATION_SETTINGS, defaultSetting, notificationTarget, settingFor } from './notifications.rules.ts';

describe('notification settings', () => {
  it('has the defaults of accounts §9, WhatsApp first', () => {
    expect(NOTIFICATION_SETTINGS[0]).toMatchObject({ key: 'whatsapp', value: true, type: 'whatsapp' });
    expect(NOTIFICATION_SETTINGS.filter((s) => !s.value).map((s) => s.key)).toEqual(['friend_liked_event', 'hosting_declined', 'attending_friend_rsvp']);
    expect(defaultSetting('hosting_commented')).toBe(true);
  });

  it('maps every action to the setting that gates it (or none)', () => {
    for (const action of NOTIFICATION_ACTIONS) expect(() => settingFor(action, 'host')).not.toThrow();
    expect(settingFor('comment_posted', 'host')).toBe('hosting_commented');
    expect(settingFor('comment_posted', 'guest')).toBe('attending_commented');
    expect(settingFor('user_rejected_event', 'host')).toBe('hosting_declined');
    expect(settingFor('user_following', 'person')).toBeNull();
  });

  it('leads to the event by hash, else to the author', () => {
    expect(notificationTarget({ action: 'comment_posted', event_hash: 'Abc123XYZ0', author_id: 4 })).toBe('/events/Abc123XYZ0');
    expect(notificationTarget({ action: 'user_following', event_hash: null, author_id: 4 })).toBe('/profile/4');
  });
});
