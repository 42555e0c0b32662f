import { isDeepStrictEqual } from 'node:util';
import type { Event } from '@planns/shared/events/events.schemas';
import { CARD_AVATARS, RELATION_LIMIT } from '@planns/shared/events/events.rules';
import { PG_ERROR, pgErrorCode } from '../../db/pg-errors.ts';
import type { AppDeps } from '../../deps.ts';
import { canManageEvent } from './events.policy.ts';
import { presentSharedFields, presentViewerFields, type EventViewerSource } from './events.presenter.ts';
import * as inventory from '../inventory/inventory.service.ts';
import { paidPageFactsQuery } from './event-payment-facts.ts';
import * as cardsRepo from './event-cards.repo.ts';
import * as repo from './events.repo.ts';
import type { Viewer } from './events.service.ts';

/**
 * An event's list card (decision 0034): the JSON text of the fields every viewer who does not
 * manage the event sees alike (presentSharedFields), written once, and the facts the fields that
 * differ are made of (presentViewerFields), added for each viewer and each moment. The triggers of
 * migration 0016 make a card stale in the transaction of every write that changes what it holds.
 */

/** What a card keeps besides its body: the viewer fields' sources but the viewer's own answer and like. */
export interface CardFacts extends Omit<EventViewerSource, 'my_status' | 'my_note' | 'my_companions' | 'is_liked'> {
  /** A free event's places taken (its answers going with their companions); a paid event's are counted live. */
  free_seats: number;
}

/** The people each event of a list carries where cards serve it (the web app's lists: eventListRequestPath). */
export const CARD_LIMITS: repo.RelationLimits = { users: CARD_AVATARS, doubtUsers: 0, rejectedUsers: RELATION_LIMIT, friends: 0, organizers: 0, invites: 0 };

/** Cards serve the web app's lists: the first CARD_AVATARS people going, no people maybe, no friends, organisers or invitations. */
export function servesCards(limits: repo.RelationLimits): boolean {
  return limits.users === CARD_AVATARS && limits.doubtUsers === 0 && limits.friends === 0 && limits.organizers === 0 && limits.invites === 0;
}

/** PostgreSQL's codes for a fill that lost a race (its event deleted meanwhile, or a deadlock with a write): the card is filled next time. */
const LOST_RACE = new Set<string | undefined>([PG_ERROR.foreignKeyViolation, PG_ERROR.deadlock]);

/**
 * Builds the cards of these events from what is stored now (as to a visitor: nothing of the
 * viewer's), and stores them over the versions read before (cardsRepo.fillCards).
 */
async function buildCards(deps: AppDeps, versions: ReadonlyMap<number, number>): Promise<Map<number, { body: string; facts: CardFacts }>> {
  const ids = [...versions.keys()];
  // One person more than shown: the viewer, shown first where they are going, may be among them.
  const rows = await repo.loadEventDetails(deps.db, ids, { userId: null, isModerator: false }, {
    users: CARD_AVATARS + 1,
    doubtUsers: 0,
    rejectedUsers: 0,
    friends: 0,
    organizers: 0,
    invites: 0,
  });
  const freeIds = rows.filter((row) => row.currency === null).map((row) => row.id);
  const seats = freeIds.length > 0 ? await inventory.seatsTaken(deps.db, freeIds, deps.clock.now()) : new Map<number, number>();
  const built = new Map<number, { body: string; facts: CardFacts }>();
  for (const row of rows) {
    const facts: CardFacts = {
      user_id: row.user_id,
      allow_whatsapp: row.allow_whatsapp,
      address: row.address,
      url: row.url,
      lat: row.lat,
      lng: row.lng,
      currency: row.currency,
      payment_mode: row.payment_mode,
      max: row.max,
      creator_name: row.creator_name,
      creator_avatar: row.creator_avatar,
      creator_avatar_s: row.creator_avatar_s,
      creator_phone: row.creator_phone,
      ticket_types_json: row.ticket_types_json,
      going_json: row.going_json,
      free_seats: row.currency === null ? (seats.get(row.id) ?? 0) : 0,
    };
    built.set(row.id, { body: JSON.stringify(presentSharedFields(row, null, null)), facts });
  }
  try {
    await cardsRepo.fillCards(
      deps.db,
      [...built].map(([id, card]) => ({ event_id: id, version: versions.get(id)!, body: card.body, facts: card.facts })),
    );
  } catch (err) {
    if (!LOST_RACE.has(pgErrorCode(err))) throw err;
  }
  return built;
}

/** Cards built in one statement by fillMissingCards. */
const FILL_BATCH = 200;

/**
 * Builds the cards not built yet or stale, coming events first, soonest first, up to `limit` (the
 * job events.fill_cards, every minute): lists then rarely meet an event without its card, after a
 * migration or a write. Answers how many were built (some may have been made stale again meanwhile).
 */
export async function fillMissingCards(deps: AppDeps, limit: number): Promise<number> {
  let built = 0;
  while (built < limit) {
    const batch = await cardsRepo.eventsWithoutCards(deps.db, deps.clock.now(), Math.min(FILL_BATCH, limit - built));
    if (batch.length === 0) break;
    await buildCards(deps, new Map(batch.map((row) => [row.id, row.version])));
    built += batch.length;
    if (batch.length < FILL_BATCH) break;
  }
  return built;
}

/** The people going as this viewer sees them: themselves first when going, then the card's order (the organiser first, the latest answers next). */
function goingFor(card: CardFacts, me: cardsRepo.CardStateRow<CardFacts>['me_json']): CardFacts['going_json'] {
  if (me === null) return card.going_json.slice(0, CARD_AVATARS);
  return [me, ...card.going_json.filter((p) => p.id !== me.id)].slice(0, CARD_AVATARS);
}

/**
 * A list page's events (`ids`, in order) as this viewer sees them, as JSON text: from their cards
 * where the viewer does not manage the event, else computed in full (`full`, the events service's
 * presenter), which also answers when the limits are not the cards' or the viewer is a moderator.
 */
export async function presentListJson(
  deps: AppDeps,
  viewer: Viewer,
  ids: number[],
  limits: repo.RelationLimits,
  full: (ids: number[]) => Promise<Event[]>,
): Promise<string[]> {
  if (ids.length === 0) return [];
  if (!servesCards(limits) || viewer?.isModerator) return (await full(ids)).map((event) => JSON.stringify(event));
  const now = deps.clock.now();
  // The cards, the viewer's answers and likes, and the paid events' live facts: one statement.
  const live = paidPageFactsQuery(deps.db, viewer?.userId ?? null, ids, now);
  const { rows: states, extra } = await cardsRepo.loadCardStates<CardFacts, repo.LiveFactRow>(deps.db, ids, viewer?.userId ?? null, live.query);
  const payment = live.read(extra);
  const missing = new Map(states.filter((s) => s.body === null).map((s) => [s.id, s.version]));
  const built = missing.size > 0 ? await buildCards(deps, missing) : new Map<number, { body: string; facts: CardFacts }>();
  const cards = new Map<number, { body: string; facts: CardFacts }>();
  for (const s of states) {
    const card = s.body !== null && s.facts !== null ? { body: s.body, facts: s.facts } : built.get(s.id);
    if (card) cards.set(s.id, card); // else: deleted since the page's ids were read
  }
  const managed = ids.filter((id) => {
    const card = cards.get(id);
    return card !== undefined && canManageEvent(viewer, card.facts);
  });
  const isManaged = new Set(managed);
  const fullEvents = managed.length > 0 ? await full(managed) : [];
  const fullById = new Map(fullEvents.map((event) => [event.id, JSON.stringify(event)]));
  const stateById = new Map(states.map((s) => [s.id, s]));
  const out: string[] = [];
  for (const id of ids) {
    const text = fullById.get(id);
    if (text !== undefined) {
      out.push(text);
      continue;
    }
    const card = cards.get(id);
    const state = stateById.get(id);
    if (!card || !state || isManaged.has(id)) continue;
    const { facts } = card;
    const fields = presentViewerFields(
      { ...facts, going_json: goingFor(facts, state.me_json), my_status: state.my_status, my_note: state.my_note, my_companions: state.my_companions.map(Number), is_liked: state.is_liked },
      facts.currency === null ? facts.free_seats : (payment.seats.get(id) ?? 0),
      viewer,
      { creatorApproved: payment.approved.has(facts.user_id), typesRemaining: payment.remaining, myTickets: payment.held.get(id) ?? 0 },
    );
    // Both are JSON objects with no key in common: the viewer's fields, then the card's.
    out.push(`${JSON.stringify(fields).slice(0, -1)},${card.body.slice(1)}`);
  }
  if (deps.config.EVENT_CARDS_VERIFY) verify(out, await full(ids));
  return out;
}

/** EVENT_CARDS_VERIFY: the page from cards must be the page computed in full, event by event. */
function verify(fromCards: string[], computed: Event[]): void {
  const expected = JSON.parse(JSON.stringify(computed)) as Record<string, unknown>[];
  const actual = fromCards.map((text) => JSON.parse(text) as Record<string, unknown>);
  if (isDeepStrictEqual(actual, expected)) return;
  const differences: string[] = [];
  for (let i = 0; i < Math.max(actual.length, expected.length); i += 1) {
    const a = actual[i] ?? {};
    const e = expected[i] ?? {};
    for (const key of new Set([...Object.keys(a), ...Object.keys(e)])) {
      if (!isDeepStrictEqual(a[key], e[key])) differences.push(`event ${String(e.id ?? a.id)} ${key}: card ${JSON.stringify(a[key])}, computed ${JSON.stringify(e[key])}`);
    }
  }
  throw new Error(`An event card differs from the event computed in full (EVENT_CARDS_VERIFY):\n${differences.slice(0, 20).join('\n')}`);
}
