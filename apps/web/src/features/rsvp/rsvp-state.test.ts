import { describe, expect, it } from 'vitest';
import type { Event } from '@planns/shared/events/events.schemas';
import { joinBodySchema, rejectBodySchema } from '@planns/shared/rsvp/rsvp.schemas';
import {
  buildRsvpRequest,
  canAddCompanion,
  currentRsvpAction,
  eventPagePath,
  initialRsvpAction,
  isAnswered,
  knownCompanionIds,
  parseRsvpAction,
  readOpenJoinParam,
  rsvpButtons,
  rsvpCapacity,
} from './rsvp-state.ts';
import { buildEvent, person } from '../events/test-event.ts';

const VIEWER = 7;
const going = (companions: number, extra: Partial<Event> = {}) =>
  buildEvent({ is_joined: true, users: [person(VIEWER, companions), person(8)], users_count: 2, attendees_count: 2 + companions, ...extra });

describe('parseRsvpAction', () => {
  it('accepts the three actions only', () => {
    expect(parseRsvpAction('join')).toBe('join');
    expect(parseRsvpAction('maybe')).toBe('maybe');
    expect(parseRsvpAction('reject')).toBe('reject');
    expect(parseRsvpAction('going')).toBeNull();
    expect(parseRsvpAction(undefined)).toBeNull();
    expect(parseRsvpAction(1)).toBeNull();
  });
});

describe('rsvpButtons', () => {
  it('offers the three choices to someone who has not answered (and to visitors)', () => {
    expect(rsvpButtons(buildEvent(), VIEWER)).toEqual({ kind: 'choices' });
    expect(rsvpButtons(buildEvent(), null)).toEqual({ kind: 'choices' });
  });

  it('shows one button with the answer, going with the viewer’s own companions', () => {
    expect(rsvpButtons(going(2), VIEWER)).toEqual({ kind: 'current', action: 'join', companionsAmount: 2 });
    expect(rsvpButtons(going(0), VIEWER)).toEqual({ kind: 'current', action: 'join', companionsAmount: 0 });
    const maybe = buildEvent({ is_maybe: true, doubt_users: [person(VIEWER, 1)], doubt_users_count: 1 });
    expect(rsvpButtons(maybe, VIEWER)).toEqual({ kind: 'current', action: 'maybe', companionsAmount: 1 });
    expect(rsvpButtons(buildEvent({ is_rejected: true }), VIEWER)).toEqual({ kind: 'current', action: 'reject', companionsAmount: 0 });
  });

  it('reads companions from the viewer’s own row, not someone else’s', () => {
    const event = buildEvent({ is_joined: true, users: [person(3, 4), person(VIEWER, 1)], users_count: 2, attendees_count: 7 });
    expect(rsvpButtons(event, VIEWER)).toEqual({ kind: 'current', action: 'join', companionsAmount: 1 });
  });

  it('on a full event keeps the button only for people already responding', () => {
    const full = { max: 4, attendees_count: 4, users_count: 2 };
    expect(rsvpButtons(buildEvent(full), VIEWER)).toEqual({ kind: 'none' });
    expect(rsvpButtons(buildEvent(full), null)).toEqual({ kind: 'none' });
    expect(rsvpButtons(going(2, full), VIEWER)).toMatchObject({ kind: 'current', action: 'join' });
    expect(rsvpButtons(buildEvent({ ...full, is_maybe: true }), VIEWER)).toMatchObject({ kind: 'current', action: 'maybe' });
    expect(rsvpButtons(buildEvent({ ...full, is_rejected: true }), VIEWER)).toMatchObject({ kind: 'current', action: 'reject' });
  });

  it('offers nothing on an event deleted by a moderator', () => {
    expect(rsvpButtons(buildEvent({ deleted_by_moderator: true }), VIEWER)).toEqual({ kind: 'none' });
    expect(rsvpButtons(going(1, { deleted_by_moderator: true }), VIEWER)).toEqual({ kind: 'none' });
  });
});

describe('rsvpCapacity', () => {
  it('is almost full above 70% of max, full at max, nothing without a max', () => {
    expect(rsvpCapacity(buildEvent({ max: 10, attendees_count: 7 }))).toBeNull();
    expect(rsvpCapacity(buildEvent({ max: 10, attendees_count: 8 }))).toBe('almostFull');
    expect(rsvpCapacity(buildEvent({ max: 10, attendees_count: 10 }))).toBe('full');
    expect(rsvpCapacity(buildEvent({ max: 10, attendees_count: 12 }))).toBe('full');
    expect(rsvpCapacity(buildEvent({ max: null, attendees_count: 500 }))).toBeNull();
  });
});

describe('initialRsvpAction', () => {
  it('takes the pressed button, else the current answer, else going', () => {
    expect(initialRsvpAction(buildEvent(), 'reject')).toBe('reject');
    expect(initialRsvpAction(going(0), 'maybe')).toBe('maybe');
    expect(initialRsvpAction(buildEvent({ is_rejected: true }), null)).toBe('reject');
    expect(initialRsvpAction(buildEvent(), null)).toBe('join');
  });
});

describe('knownCompanionIds', () => {
  const base = { viewerId: VIEWER, lastSent: null, available: null };

  it('is none for an unanswered or not-going viewer, and for going alone', () => {
    expect(knownCompanionIds({ ...base, event: buildEvent() })).toEqual([]);
    expect(knownCompanionIds({ ...base, event: buildEvent({ is_rejected: true }) })).toEqual([]);
    expect(knownCompanionIds({ ...base, event: going(0), available: [1, 2] })).toEqual([]);
  });

  it('uses the owner’s author_companions, then what this browser sent, when the count matches', () => {
    expect(knownCompanionIds({ ...base, event: going(2, { is_owner: true, author_companions: [11, 12] }) })).toEqual([11, 12]);
    expect(knownCompanionIds({ ...base, event: going(2), lastSent: [21, 22] })).toEqual([21, 22]);
    // Sent from here, but changed elsewhere since: not trusted.
    expect(knownCompanionIds({ ...base, event: going(2), lastSent: [21] })).toBeNull();
  });

  it('drops companions that are no longer the viewer’s', () => {
    expect(knownCompanionIds({ ...base, event: going(2), lastSent: [21, 22], available: [22, 23] })).toEqual([22]);
  });

  it('ticks all of the viewer’s companions when all of them come, and is unknown otherwise', () => {
    expect(knownCompanionIds({ ...base, event: going(2), available: [31, 32] })).toEqual([31, 32]);
    expect(knownCompanionIds({ ...base, event: going(2), available: [31, 32, 33] })).toBeNull();
    expect(knownCompanionIds({ ...base, event: going(2) })).toBeNull();
  });
});

describe('canAddCompanion', () => {
  it('follows max_companions (null: no limit)', () => {
    expect(canAddCompanion([1, 2], null)).toBe(true);
    expect(canAddCompanion([1], 2)).toBe(true);
    expect(canAddCompanion([1, 2], 2)).toBe(false);
    expect(canAddCompanion([], 0)).toBe(false);
  });
});

describe('buildRsvpRequest', () => {
  it('sends use_google_calendar with a join when chosen, never with a rejection', () => {
    expect(buildRsvpRequest({ action: 'join', companions: [], note: '', useGoogleCalendar: true })).toMatchObject({ kind: 'join', body: { use_google_calendar: true } });
    expect(buildRsvpRequest({ action: 'maybe', companions: [], note: '' })).toMatchObject({ kind: 'join', body: { use_google_calendar: false } });
    expect(buildRsvpRequest({ action: 'reject', companions: [], note: '', useGoogleCalendar: true })).toEqual({ kind: 'reject', body: { note: '' } });
  });

  it('going sends a join with the companions, no note and no calendar', () => {
    const request = buildRsvpRequest({ action: 'join', companions: [3, 4, 3], note: 'ignored' });
    expect(request).toEqual({ kind: 'join', body: { maybe: false, companions: [3, 4], note: '', use_google_calendar: false } });
    expect(joinBodySchema.parse(request.body)).toEqual(request.body);
  });

  it('maybe sends a join marked maybe, with its companions', () => {
    expect(buildRsvpRequest({ action: 'maybe', companions: [9], note: '' })).toEqual({
      kind: 'join',
      body: { maybe: true, companions: [9], note: '', use_google_calendar: false },
    });
  });

  it('not going sends a rejection with the trimmed note and no companions', () => {
    const request = buildRsvpRequest({ action: 'reject', companions: [3], note: '  Out of town  ' });
    expect(request).toEqual({ kind: 'reject', body: { note: 'Out of town' } });
    expect(rejectBodySchema.parse(request.body)).toEqual(request.body);
  });

  it('leaves out companions that are no longer the viewer’s', () => {
    expect(buildRsvpRequest({ action: 'join', companions: [1, 2], note: '' }, [2, 5])).toMatchObject({ body: { companions: [2] } });
  });

  it('is what a resumed rsvp_with_selection sends: empty companions, no note, no calendar', () => {
    expect(buildRsvpRequest({ action: 'maybe', companions: [], note: '' }).body).toEqual({
      maybe: true,
      companions: [],
      note: '',
      use_google_calendar: false,
    });
  });
});

describe('answers and addresses', () => {
  it('tells whether the event already carries an action’s answer', () => {
    expect(currentRsvpAction(going(0))).toBe('join');
    expect(isAnswered(going(0), 'join')).toBe(true);
    expect(isAnswered(going(0), 'maybe')).toBe(false);
    expect(isAnswered(buildEvent(), 'reject')).toBe(false);
  });

  it('builds the event page path, with open_join when asked', () => {
    expect(eventPagePath('Abc')).toBe('/events/Abc');
    expect(eventPagePath(41, '1')).toBe('/events/41?open_join=1');
    expect(eventPagePath('Abc', 'maybe')).toBe('/events/Abc?open_join=maybe');
  });

  it('reads open_join with or without a preselected action', () => {
    expect(readOpenJoinParam(new URLSearchParams(''))).toEqual({ isPresent: false });
    expect(readOpenJoinParam(new URLSearchParams('open_join=1'))).toEqual({ isPresent: true, action: null });
    expect(readOpenJoinParam(new URLSearchParams('x=2&open_join=reject'))).toEqual({ isPresent: true, action: 'reject' });
  });
});
