/**
 * The companions this browser last sent per event and user. The event reports only how many
 * companions the viewer brings (companions_amount), not which, so the sheet reopens with the ones
 * sent from here (rsvp-state.ts knownCompanionIds). Kept in memory: nothing about people in storage.
 */
const lastSent = new Map<string, readonly number[]>();

const key = (userId: number, eventId: number) => `${userId}:${eventId}`;

export function rememberSentCompanions(userId: number, eventId: number, companions: readonly number[]): void {
  lastSent.set(key(userId, eventId), [...companions]);
}

export function lastSentCompanions(userId: number, eventId: number): readonly number[] | null {
  return lastSent.get(key(userId, eventId)) ?? null;
}
