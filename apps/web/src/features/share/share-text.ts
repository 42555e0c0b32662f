import type { Event } from '@planns/shared/events/events.schemas';
import { eventLink } from '@planns/shared/events/events.rules';

/**
 * The share panel's links and texts (events §2 "Share panel", §7 share link format): pure, so
 * they are unit-tested; the panel only adds translations and the browser's APIs.
 */

/**
 * The event's address to share: hash, plus group_invite when the event has a group, plus
 * open_photo when shared from the gallery's full view.
 */
export function shareLink(origin: string, event: Pick<Event, 'hash' | 'group_id'>, photoId: number | null = null): string {
  const link = eventLink(origin, event);
  if (photoId === null) return link;
  return `${link}${link.includes('?') ? '&' : '?'}open_photo=${photoId}`;
}

/** Copy Event Info and the messages: name, dates, place, link, one a line (empty parts left out). */
export function shareInfoText(parts: { name: string; when: string; where: string | null; link: string }): string {
  return [parts.name, parts.when, parts.where, parts.link].filter((part) => part !== null && part.trim() !== '').join('\n');
}

/** Where the event is, as far as the viewer may see it: venue and address, the link, or nothing. */
export function shareWhere(event: Pick<Event, 'location_type' | 'venue' | 'address' | 'url'>, onlineLabel: string): string | null {
  if (event.location_type === 'virtual') return event.url ?? onlineLabel;
  const parts = [event.venue.trim(), (event.address ?? '').trim()].filter(Boolean);
  if (parts.length === 2 && parts[1]!.toLowerCase().startsWith(parts[0]!.toLowerCase())) parts.shift();
  return parts.length > 0 ? parts.join(', ') : null;
}

export function whatsappShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** `sms:?&body=` opens the messages app with the text on both iOS and Android. */
export function smsShareUrl(text: string): string {
  return `sms:?&body=${encodeURIComponent(text)}`;
}

export function emailShareUrl(subject: string, body: string): string {
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

type PointerEnvironment = { matchMedia?: (query: string) => { matches: boolean }; navigator?: { maxTouchPoints?: number } };

/** Share with SMS is offered on touch devices only (events §2). */
export function isTouchDevice(env: PointerEnvironment = globalThis as PointerEnvironment): boolean {
  const isCoarse = env.matchMedia?.('(pointer: coarse)').matches ?? false;
  return isCoarse || (env.navigator?.maxTouchPoints ?? 0) > 0;
}

type ShareNavigator = { share?: (data: ShareData) => Promise<void>; canShare?: (data: ShareData) => boolean };

/** The Web Share API, where the browser has it (and accepts this data). */
export function canWebShare(data: ShareData, nav: ShareNavigator = globalThis.navigator as ShareNavigator): boolean {
  if (typeof nav?.share !== 'function') return false;
  return typeof nav.canShare === 'function' ? nav.canShare(data) : true;
}

/**
 * Share with Friends: signed in, and for a private or friends event only its organisers
 * (owner, co-organisers) and moderators, as the server allows (share.service.ts).
 */
export function canShareWithFriends(
  event: Pick<Event, 'is_public' | 'can_manage' | 'organizers' | 'deleted_by_moderator'>,
  userId: number | null,
): boolean {
  if (userId === null || event.deleted_by_moderator) return false;
  return event.is_public || event.can_manage || event.organizers.some((organizer) => organizer.id === userId);
}

/** Friends whose name holds the text (case and accents ignored); everyone for an empty text. */
export function matchesName(name: string | null, text: string): boolean {
  const fold = (value: string) =>
    value
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLocaleLowerCase();
  const wanted = fold(text.trim());
  return wanted === '' || fold(name ?? '').includes(wanted);
}
