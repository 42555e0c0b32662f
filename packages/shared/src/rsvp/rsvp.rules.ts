/** RSVP states and counting (events spec §4 RSVP). */

export const RSVP_STATUSES = ['going', 'maybe', 'rejected'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

/** 'Almost full': attendees plus companions above 70% of max. */
export const ALMOST_FULL_RATIO = 0.7;
export const RSVP_NOTE_MAX_LENGTH = 1000;

/** A going person counts once plus their companions. */
export function attendeeWeight(companionsAmount: number): number {
  return 1 + Math.max(0, companionsAmount);
}

export function isAlmostFull(attendeesCount: number, max: number | null): boolean {
  return max !== null && max > 0 && attendeesCount > max * ALMOST_FULL_RATIO && attendeesCount < max;
}

/** 'Full' once the total reaches max; only people already responding keep the action buttons. */
export function isFull(attendeesCount: number, max: number | null): boolean {
  return max !== null && max > 0 && attendeesCount >= max;
}
