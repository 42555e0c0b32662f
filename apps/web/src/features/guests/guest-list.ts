import type { Companion } from '@planns/shared/companions/companions.schemas';
import type { Guest } from '@planns/shared/guests/guests.schemas';
import { RSVP_STATUSES, type RsvpStatus } from '@planns/shared/rsvp/rsvp.rules';

/**
 * The guest list's pure parts (events §2 "Report (export) panel and guest list"): which rows each
 * toggle shows and how a row names its companions. The sheet only adds translations.
 */

/** The toggles, in the spec's order: Going (selected first), Interested, Rejected. */
export const GUEST_TOGGLES: readonly RsvpStatus[] = RSVP_STATUSES;

export function isGuestToggle(value: string): value is RsvpStatus {
  return (GUEST_TOGGLES as readonly string[]).includes(value);
}

/** The rows of one toggle, in the server's order (by name). */
export function guestsWithStatus(guests: readonly Guest[], status: RsvpStatus): Guest[] {
  return guests.filter((guest) => guest.status === status);
}

/** '+2' beside the name when the guest brings companions; null when alone. */
export function companionsBadge(amount: number): string | null {
  return amount > 0 ? `+${amount}` : null;
}

/** The named companions, first and last name each, joined with commas; '' when none has a name. */
export function companionNames(companions: readonly Pick<Companion, 'first_name' | 'last_name'>[]): string {
  return companions
    .map((companion) => [companion.first_name.trim(), companion.last_name.trim()].filter(Boolean).join(' '))
    .filter(Boolean)
    .join(', ');
}
