import { describe, expect, it } from 'vitest';
import { buildEvent, person } from '../events/test-event.ts';
import {
  canShareWithFriends,
  canWebShare,
  emailShareUrl,
  isTouchDevice,
  matchesName,
  shareInfoText,
  shareLink,
  shareWhere,
  smsShareUrl,
  whatsappShareUrl,
} from './share-text.ts';

describe('shareLink', () => {
  it('is the event address by hash', () => {
    expect(shareLink('https://planns.test/', buildEvent())).toBe('https://planns.test/events/Abcdefghij');
  });

  it('carries group_invite when the event has a group, and open_photo from the gallery', () => {
    const event = buildEvent({ group_id: 7 });
    expect(shareLink('https://planns.test', event)).toBe('https://planns.test/events/Abcdefghij?group_invite=7');
    expect(shareLink('https://planns.test', event, 12)).toBe('https://planns.test/events/Abcdefghij?group_invite=7&open_photo=12');
    expect(shareLink('https://planns.test', buildEvent(), 12)).toBe('https://planns.test/events/Abcdefghij?open_photo=12');
  });
});

describe('share texts', () => {
  it('puts name, dates, place and link on their own lines, leaving out empty parts', () => {
    expect(shareInfoText({ name: 'Picnic', when: 'Sat, June 6', where: 'Park', link: 'https://x/events/A' })).toBe(
      'Picnic\nSat, June 6\nPark\nhttps://x/events/A',
    );
    expect(shareInfoText({ name: 'Picnic', when: 'Sat', where: null, link: '' })).toBe('Picnic\nSat');
  });

  it('shows the place as far as the viewer may see it', () => {
    expect(shareWhere(buildEvent({ venue: 'Bar Uno', address: 'Calle 1, Madrid' }), 'Online')).toBe('Bar Uno, Calle 1, Madrid');
    expect(shareWhere(buildEvent({ venue: 'Bar Uno', address: 'Bar Uno, Calle 1' }), 'Online')).toBe('Bar Uno, Calle 1');
    expect(shareWhere(buildEvent({ venue: '', address: null, is_location_hidden: true }), 'Online')).toBeNull();
    expect(shareWhere(buildEvent({ location_type: 'virtual', address: null, url: 'https://meet.test/a' }), 'Online')).toBe('https://meet.test/a');
    expect(shareWhere(buildEvent({ location_type: 'virtual', address: null, url: null }), 'Online')).toBe('Online');
  });

  it('encodes the text into the WhatsApp, SMS and email links', () => {
    const text = 'Picnic & games\nhttps://x/events/A?group_invite=2';
    expect(whatsappShareUrl(text)).toBe(`https://wa.me/?text=${encodeURIComponent(text)}`);
    expect(new URL(whatsappShareUrl(text)).searchParams.get('text')).toBe(text);
    expect(smsShareUrl(text)).toBe(`sms:?&body=${encodeURIComponent(text)}`);
    const mail = emailShareUrl('Picnic & games', text);
    expect(mail.startsWith('mailto:?subject=Picnic%20%26%20games&body=')).toBe(true);
    expect(decodeURIComponent(mail.split('&body=')[1]!)).toBe(text);
  });
});

describe('which options show', () => {
  it('offers SMS on touch devices only', () => {
    expect(isTouchDevice({ matchMedia: () => ({ matches: true }), navigator: { maxTouchPoints: 0 } })).toBe(true);
    expect(isTouchDevice({ matchMedia: () => ({ matches: false }), navigator: { maxTouchPoints: 5 } })).toBe(true);
    expect(isTouchDevice({ matchMedia: () => ({ matches: false }), navigator: { maxTouchPoints: 0 } })).toBe(false);
    expect(isTouchDevice({})).toBe(false);
  });

  it('offers the Web Share API only where the browser has it and takes the data', () => {
    const data = { title: 'Picnic', url: 'https://x' };
    expect(canWebShare(data, {})).toBe(false);
    expect(canWebShare(data, { share: () => Promise.resolve() })).toBe(true);
    expect(canWebShare(data, { share: () => Promise.resolve(), canShare: () => false })).toBe(false);
  });

  it('lets signed-in people share public events with friends, private and friends events only their organisers', () => {
    expect(canShareWithFriends(buildEvent(), null)).toBe(false);
    expect(canShareWithFriends(buildEvent(), 9)).toBe(true);
    const closed = { visibility: 'private' as const, is_public: false, is_private: true };
    expect(canShareWithFriends(buildEvent(closed), 9)).toBe(false);
    expect(canShareWithFriends(buildEvent({ ...closed, can_manage: true }), 9)).toBe(true);
    expect(canShareWithFriends(buildEvent({ ...closed, organizers: [person(9)] }), 9)).toBe(true);
    expect(canShareWithFriends(buildEvent({ deleted_by_moderator: true }), 9)).toBe(false);
  });
});

describe('matchesName', () => {
  it('finds friends by any part of the name, ignoring case and accents', () => {
    expect(matchesName('José Álvarez', 'alv')).toBe(true);
    expect(matchesName('José Álvarez', 'JOSE')).toBe(true);
    expect(matchesName('José Álvarez', 'maria')).toBe(false);
    expect(matchesName(null, '')).toBe(true);
    expect(matchesName(null, 'a')).toBe(false);
  });
});
