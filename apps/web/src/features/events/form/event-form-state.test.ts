import { describe, expect, it } from 'vitest';
import { eventBodySchema } from '@planns/shared/events/events.schemas';
import { buildEvent } from '../test-event.ts';
import {
  compileEventBody,
  fieldErrorCode,
  formStateFromEvent,
  initialFormState,
  moveStart,
  parseAttendeeLimit,
  sanitizeAttendeeInput,
  validateForm,
  type EventFormState,
} from './event-form-state.ts';

const NOW = new Date(2026, 4, 10, 14, 25, 13);

function filled(overrides: Partial<EventFormState> = {}): EventFormState {
  return { ...initialFormState(NOW), name: 'Picnic', address: 'Park Güell, Barcelona', lat: 41.41, lng: 2.15, ...overrides };
}

const create = { mode: 'create', sourceId: null, isOwner: true } as const;

describe('initialFormState', () => {
  it('starts public, attending, with WhatsApp allowed and the start at the next whole hour', () => {
    const state = initialFormState(NOW);
    expect(state.isPrivate).toBe(false);
    expect(state.isFriends).toBe(false);
    expect(state.isAttending).toBe(true);
    expect(state.allowWhatsapp).toBe(true);
    expect(state.galleryRequiresApproval).toBe(false);
    expect(state.start).toEqual(new Date(2026, 4, 10, 15, 0, 0));
    expect(state.end).toBeNull();
  });
});

describe('attendee limits', () => {
  it('reads empty and 0 as no limit, whole numbers as themselves, anything else as invalid', () => {
    expect(parseAttendeeLimit('')).toBeNull();
    expect(parseAttendeeLimit('0')).toBeNull();
    expect(parseAttendeeLimit(' 12 ')).toBe(12);
    expect(parseAttendeeLimit('-1')).toBe('invalid');
    expect(parseAttendeeLimit('1.5')).toBe('invalid');
    expect(parseAttendeeLimit('99999999')).toBe('invalid');
  });

  it('lets the inputs hold non-negative whole numbers only', () => {
    expect(sanitizeAttendeeInput('-12a')).toBe('12');
    expect(sanitizeAttendeeInput('007')).toBe('7');
    expect(sanitizeAttendeeInput('0')).toBe('0');
    expect(sanitizeAttendeeInput('1.5')).toBe('15');
  });
});

describe('validateForm', () => {
  it('accepts a filled form', () => {
    expect(validateForm(filled())).toEqual({});
  });

  it('keeps max at or above the people already going when editing', () => {
    expect(validateForm(filled({ max: '3' }), { goingCount: 4 })).toEqual({ max: 'maxBelowGoing' });
    expect(validateForm(filled({ max: '4' }), { goingCount: 4 })).toEqual({});
    expect(validateForm(filled({ max: '' }), { goingCount: 4 })).toEqual({});
    expect(validateForm(filled({ max: '3' }))).toEqual({});
  });

  it('reports each missing or wrong field by the name the server uses', () => {
    const errors = validateForm(filled({ name: '  ', start: null, address: '', min: 'x' }));
    expect(errors).toEqual({ name: 'nameRequired', start_date: 'startRequired', address: 'addressRequired', min: 'wholeNumber' });
  });

  it('never lets the end come before the start', () => {
    const start = new Date(2026, 4, 10, 18);
    expect(validateForm(filled({ start, end: new Date(2026, 4, 10, 17) }))).toEqual({ end_date: 'endBeforeStart' });
    expect(validateForm(filled({ start, end: start }))).toEqual({});
  });

  it('keeps min at or below max', () => {
    expect(validateForm(filled({ min: '10', max: '5' }))).toEqual({ min: 'minAboveMax', max: 'maxBelowMin' });
    expect(validateForm(filled({ min: '10', max: '0' }))).toEqual({});
    expect(validateForm(filled({ min: '5', max: '5' }))).toEqual({});
  });

  it('needs a link for a virtual event, not an address', () => {
    expect(validateForm(filled({ locationType: 'virtual', address: '', url: 'zoom' }))).toEqual({ url: 'urlRequired' });
    expect(validateForm(filled({ locationType: 'virtual', address: '', url: 'https://meet.example/abc' }))).toEqual({});
  });
});

describe('moveStart', () => {
  it('moves the end along when the new start passes it, keeping the length', () => {
    const state = { start: new Date(2026, 4, 10, 18), end: new Date(2026, 4, 10, 20) };
    expect(moveStart(state, new Date(2026, 4, 11, 18))).toEqual({ start: new Date(2026, 4, 11, 18), end: new Date(2026, 4, 11, 20) });
    expect(moveStart(state, new Date(2026, 4, 10, 19))).toEqual({ start: new Date(2026, 4, 10, 19), end: new Date(2026, 4, 10, 20) });
    expect(moveStart({ start: null, end: null }, state.start)).toEqual({ start: state.start, end: null });
  });
});

describe('compileEventBody', () => {
  it('sends dates in UTC as YYYY-MM-DD HH:mm:ss', () => {
    const body = compileEventBody(filled({ start: new Date(Date.UTC(2026, 5, 6, 17, 30)), end: new Date(Date.UTC(2026, 5, 6, 21, 0)) }), create);
    expect(body.start_date).toBe('2026-06-06 17:30:00');
    expect(body.end_date).toBe('2026-06-06 21:00:00');
  });

  it('sends 0 and empty attendee limits as empty', () => {
    expect(compileEventBody(filled({ min: '0', max: '' }), create)).toMatchObject({ min: null, max: null });
    expect(compileEventBody(filled({ min: '2', max: '30' }), create)).toMatchObject({ min: 2, max: 30 });
  });

  it('sends the place for in-person events and only the link for virtual ones', () => {
    expect(compileEventBody(filled({ venue: ' Main gate ' }), create)).toMatchObject({
      location_type: 'in_person',
      address: 'Park Güell, Barcelona',
      venue: 'Main gate',
      url: '',
      lat: 41.41,
      lng: 2.15,
    });
    expect(compileEventBody(filled({ locationType: 'virtual', url: 'https://meet.example/x' }), create)).toMatchObject({
      location_type: 'virtual',
      address: '',
      venue: '',
      url: 'https://meet.example/x',
      lat: null,
      lng: null,
    });
  });

  it('sends attendance with companions, and no companions when not attending', () => {
    expect(compileEventBody(filled({ companions: [3, 4] }), create)).toMatchObject({ is_attending: true, companions: [3, 4] });
    expect(compileEventBody(filled({ isAttending: false, companions: [3] }), create)).toMatchObject({ is_attending: false, companions: [] });
  });

  it('leaves the owner’s attendance alone when a moderator edits', () => {
    const body = compileEventBody(filled(), { mode: 'update', sourceId: null, isOwner: false });
    expect(body).not.toHaveProperty('is_attending');
    expect(body).not.toHaveProperty('companions');
  });

  it('sends whether gallery items wait for approval', () => {
    expect(compileEventBody(filled(), create)).toMatchObject({ gallery_requires_approval: false });
    expect(compileEventBody(filled({ galleryRequiresApproval: true }), create)).toMatchObject({ gallery_requires_approval: true });
  });

  it('keeps private and friends exclusive', () => {
    expect(compileEventBody(filled({ isPrivate: true, isFriends: true }), create)).toMatchObject({ is_private: true, is_friends: false });
  });

  it('sends a new picture without its data-URL prefix, and a removal only when editing', () => {
    const image = { kind: 'new', base64: 'iVBORw0KGgo=', extension: 'png', previewUrl: 'blob:x' } as const;
    expect(compileEventBody(filled({ image }), create)).toMatchObject({ base64: 'iVBORw0KGgo=', extension: 'png' });
    expect(compileEventBody(filled({ image: { kind: 'removed' } }), { mode: 'update', sourceId: null, isOwner: true })).toMatchObject({ remove_image: true });
    const kept = compileEventBody(filled({ image: { kind: 'existing', url: '/media/a.jpg' } }), { mode: 'update', sourceId: null, isOwner: true });
    expect(kept).not.toHaveProperty('base64');
    expect(kept).not.toHaveProperty('remove_image');
  });

  it('names the source and the new owner in clone mode', () => {
    const clone = { mode: 'clone', sourceId: 41, isOwner: true } as const;
    expect(compileEventBody(filled(), clone)).toMatchObject({ clone_id: 41 });
    expect(compileEventBody(filled(), clone)).not.toHaveProperty('user_ownership');
    expect(compileEventBody(filled({ owner: { id: 8, name: 'Ana' } }), clone)).toMatchObject({ clone_id: 41, user_ownership: 8 });
  });

  it('produces a body the shared schema accepts', () => {
    const parsed = eventBodySchema.safeParse(compileEventBody(filled({ min: '0', max: '12', categories: [1, 2] }), create));
    expect(parsed.success).toBe(true);
  });
});

describe('formStateFromEvent', () => {
  const event = buildEvent({
    description: 'Bring food',
    image: '/media/e.jpg',
    m_image: '/media/e-m.jpg',
    venue: 'Gate',
    lat: 1,
    lng: 2,
    max: 20,
    price: 1000,
    currency: 'EUR',
    ticket_name: 'General Admission',
    ticket_types: [{ id: 9, name: 'General Admission', price: 1000, currency: 'EUR', description: null, quantity: null, stripe_price_id: 'price_9', stripe_price_amount: 1000, remaining: null, sold_out: false, seat_type: null }],
    price_range: { min: 1000, max: 1000, currency: 'EUR' },
    is_paid: true,
    visibility: 'friends',
    is_public: false,
    is_friends: true,
    allow_whatsapp: false,
    gallery_requires_approval: true,
    creator: { id: 5, name: 'Ana', avatar: null, avatar_s: null, phone: null, stripe_approved: false },
    categories: [{ id: 3, slug: 'music', name: 'Music' }],
    author_companions: [7],
    visits: 3,
    is_owner: true,
    can_manage: true,
    created_at: '2026-05-01T00:00:00.000Z',
  });

  it('fills the form from the event, keeping name, dates and the price fields', () => {
    const state = formStateFromEvent(event, 'clone', new Date('2026-05-20T10:00:00.000Z'));
    expect(state).toMatchObject({
      name: 'Picnic',
      start: new Date('2026-06-06T17:30:00.000Z'),
      end: null,
      image: { kind: 'existing', url: '/media/e.jpg' },
      isFriends: true,
      isAttending: false,
      companions: [7],
      max: '20',
      min: '',
      categories: [3],
      allowWhatsapp: false,
      galleryRequiresApproval: true,
    });
    expect(state.pricing).toMatchObject({ isPaid: true, mode: 'single', currency: 'EUR', price: '10.00' });
    expect(compileEventBody(state, { mode: 'clone', sourceId: 41, isOwner: true })).toMatchObject({
      pricing_mode: 'single',
      price: 1000,
      currency: 'EUR',
      ticket_name: 'General Admission',
      ticket_types: [],
      start_date: '2026-06-06 17:30:00',
    });
  });

  it('moves a past event’s copy on by whole weeks: same weekday, time and length; editing keeps the dates', () => {
    const later = new Date('2026-06-20T18:00:00.000Z');
    const copy = formStateFromEvent({ ...event, end_date: '2026-06-06T20:30:00.000Z' }, 'clone', later);
    expect(copy.start).toEqual(new Date('2026-06-27T17:30:00.000Z'));
    expect(copy.end).toEqual(new Date('2026-06-27T20:30:00.000Z'));
    expect(formStateFromEvent(event, 'update', later).start).toEqual(new Date('2026-06-06T17:30:00.000Z'));
  });
});


describe('fieldErrorCode', () => {
  it('maps the server’s English field messages to codes', () => {
    expect(fieldErrorCode('Address is required')).toBe('addressRequired');
    expect(fieldErrorCode('Something else')).toBeNull();
  });
});
