import { describe, expect, it } from 'vitest';
import { eventListReplySchema, eventReplySchema, type Event } from '@planns/shared/events/events.schemas';
import { addFriendship, addInvite, addOrganizer, addResponse, buildEvent, buildGroup, type EventOverrides } from './event-factory.ts';
import { buildUser, createTestApp, signIn } from './harness.ts';

/**
 * The visibility matrix (issue 3 "Proof"; docs/decisions/0009-event-visibility.md): who may see
 * and change public, private and friends events, on the page, in the lists and for every mutation.
 * A hidden event is a 404 and never listed; a visible one the caller may not change is a 403.
 */

// Hundreds of requests from one address: lift the per-address limit for this file.
const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
const { app, db } = ctx;

type Headers = Record<string, string>;
const VIEWERS = ['visitor', 'stranger', 'invitee', 'going responder', 'maybe responder', 'rejected responder', 'organiser', 'friend', 'owner', 'moderator'] as const;
type Viewer = (typeof VIEWERS)[number];
const VISIBILITIES = ['public', 'private', 'friends'] as const;
type Visibility = (typeof VISIBILITIES)[number];

/** The list rule: who sees the event in lists, searches and distance queries (moderators as anyone else). */
function listed(viewer: Viewer, visibility: Visibility): boolean {
  if (visibility === 'public') return true;
  if (viewer === 'visitor' || viewer === 'stranger' || viewer === 'moderator') return false;
  if (viewer === 'friend') return visibility === 'friends';
  return true; // invitee, responders, organiser, owner
}

/** The page rule: the list rule, and moderators may open any event page. */
function opens(viewer: Viewer, visibility: Visibility): boolean {
  return viewer === 'moderator' || listed(viewer, visibility);
}

const PLACE = { lat: 47.25, lng: 8.75 };
const NEARBY = `distance=10&current_location[lat]=${PLACE.lat}&current_location[lng]=${PLACE.lng + 0.02}`;

/** A fresh owner and event, and the viewer with their relation to it; the event in a group of its own. */
async function setup(visibility: Visibility, viewer: Viewer, overrides: EventOverrides = {}) {
  const owner = await buildUser(db, { name: 'Owner' });
  const group = await buildGroup(db, 'Matrix');
  const event = await buildEvent(db, {
    user_id: owner.id,
    group_id: group.id,
    visibility,
    name: 'Secret supper club',
    address: 'Hidden Lane 7, Zürich',
    venue: 'The Back Room',
    lat: PLACE.lat,
    lng: PLACE.lng,
    ...overrides,
  });
  let headers: Headers | null = null;
  let viewerId: number | null = null;
  if (viewer === 'owner') {
    viewerId = owner.id;
  } else if (viewer !== 'visitor') {
    const user = await buildUser(db, { name: `The ${viewer}`, is_moderator: viewer === 'moderator' });
    viewerId = user.id;
    if (viewer === 'invitee') await addInvite(db, event.id, user.id, owner.id);
    if (viewer === 'going responder') await addResponse(db, event.id, user.id, 'going');
    if (viewer === 'maybe responder') await addResponse(db, event.id, user.id, 'maybe');
    if (viewer === 'rejected responder') await addResponse(db, event.id, user.id, 'rejected');
    if (viewer === 'organiser') await addOrganizer(db, event.id, user.id);
    if (viewer === 'friend') await addFriendship(db, owner.id, user.id);
  }
  if (viewerId !== null) headers = (await signIn(ctx, viewerId)).headers;
  return { owner, event, group, headers, viewerId };
}

function inject(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers | null, payload?: Record<string, unknown>) {
  return app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });
}

async function listIds(path: '/api/events' | '/api/events-na', query: string, headers: Headers | null): Promise<number[]> {
  const res = await inject('GET', `${path}?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return eventListReplySchema.parse(res.json()).data.data.map((e) => e.id);
}

async function stored(id: number) {
  return db
    .selectFrom('events')
    .select(['name', 'user_id', 'likes_count', 'deleted_by_moderator_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

const editBody = {
  name: 'Edited by someone',
  start_date: '2026-03-01 18:00:00',
  address: 'Elsewhere 1',
};

describe.each(VISIBILITIES)('a %s event', (visibility) => {
  describe.each(VIEWERS)('seen by the %s', (viewer) => {
    it('page: signed-in and no-auth routes', async () => {
      const { event, headers } = await setup(visibility, viewer);
      for (const ref of [event.hash, String(event.id)]) {
        const page = await inject('GET', `/api/events/${ref}?full=true&no_comments=1`, headers);
        if (viewer === 'visitor') {
          expect(page.statusCode).toBe(401);
        } else if (opens(viewer, visibility)) {
          expect(page.statusCode, page.body).toBe(200);
          const data = eventReplySchema.parse(page.json()).data;
          expect(data).toMatchObject({ id: event.id, address: 'Hidden Lane 7, Zürich', lat: PLACE.lat, lng: PLACE.lng, is_location_hidden: false });
          expect(data.is_owner).toBe(viewer === 'owner');
          expect(data.can_manage).toBe(viewer === 'owner' || viewer === 'moderator');
        } else {
          expect(page.statusCode).toBe(404);
          expect(page.json().error.code).toBe('not_found');
          expect(page.body).not.toContain('Secret supper club');
        }
        // The no-auth route answers as to a visitor, whoever asks.
        const noAuth = await inject('GET', `/api/events-no-auth/${ref}?full=true`, headers);
        if (visibility === 'public') {
          expect(noAuth.statusCode).toBe(200);
          expect(eventReplySchema.parse(noAuth.json()).data).toMatchObject({ id: event.id, address: null, lat: null, lng: null, url: null, is_location_hidden: true });
          expect(noAuth.body).not.toContain('Hidden Lane');
        } else {
          expect(noAuth.statusCode).toBe(404);
          expect(noAuth.body).not.toContain('Secret supper club');
        }
      }
    });

    it('lists: events and events-na, with search and distance', async () => {
      const { event, group, headers } = await setup(visibility, viewer);
      const queries = [`group_id=${group.id}`, `group_id=${group.id}&search=supper`, `group_id=${group.id}&search=zurich`, `group_id=${group.id}&${NEARBY}`];
      for (const query of queries) {
        if (viewer === 'visitor') {
          expect((await inject('GET', `/api/events?${query}`, null)).statusCode).toBe(401);
        } else {
          expect(await listIds('/api/events', query, headers)).toEqual(listed(viewer, visibility) ? [event.id] : []);
        }
        expect(await listIds('/api/events-na', query, headers)).toEqual(visibility === 'public' ? [event.id] : []);
      }
      // Every order and the search by owner reach the same verdict.
      if (viewer !== 'visitor') {
        for (const extra of ['order_by=start_date', 'order_by=created_at', 'preset=trending', 'hide_public=1', 'hide_private=0']) {
          const expected = listed(viewer, visibility) && !(extra === 'hide_public=1' && visibility === 'public') ? [event.id] : [];
          expect(await listIds('/api/events', `group_id=${group.id}&${extra}`, headers)).toEqual(expected);
        }
      }
    });

    it('mutations: PUT, DELETE, moderator DELETE, ownership and like', async () => {
      const expectStatus = (status: number, allowed: number) => {
        if (viewer === 'visitor') return expect(status).toBe(401);
        if (allowed) return expect(status).toBe(allowed);
        return expect(status).toBe(opens(viewer, visibility) ? 403 : 404);
      };
      const manage = viewer === 'owner' || viewer === 'moderator';

      {
        const { event, headers } = await setup(visibility, viewer);
        const res = await inject('PUT', `/api/events/${event.id}`, headers, { ...editBody, is_private: visibility === 'private', is_friends: visibility === 'friends' });
        expectStatus(res.statusCode, manage ? 200 : 0);
        expect((await stored(event.id))!.name).toBe(manage ? 'Edited by someone' : 'Secret supper club');
        if (!manage && viewer !== 'visitor' && !opens(viewer, visibility)) expect(res.body).not.toContain('Secret supper club');
      }
      {
        const { event, headers } = await setup(visibility, viewer);
        const res = await inject('DELETE', `/api/events/${event.id}`, headers);
        expectStatus(res.statusCode, viewer === 'owner' ? 200 : 0);
        expect(await stored(event.id)).toEqual(viewer === 'owner' ? undefined : expect.objectContaining({ name: 'Secret supper club' }));
      }
      {
        const { event, headers } = await setup(visibility, viewer);
        const res = await inject('DELETE', `/api/events/moderator/${event.id}`, headers);
        expectStatus(res.statusCode, viewer === 'moderator' ? 200 : 0);
        const row = await stored(event.id);
        expect(row!.deleted_by_moderator_at === null).toBe(viewer !== 'moderator');
      }
      {
        const { event, owner, headers } = await setup(visibility, viewer);
        const newOwner = await buildUser(db, { name: 'New Owner' });
        const res = await inject('POST', `/api/events/${event.id}/ownership`, headers, { user_id: newOwner.id });
        expectStatus(res.statusCode, viewer === 'moderator' ? 200 : 0);
        expect((await stored(event.id))!.user_id).toBe(viewer === 'moderator' ? newOwner.id : owner.id);
      }
      {
        const { event, headers } = await setup(visibility, viewer);
        const res = await inject('POST', `/api/events/${event.id}/like`, headers);
        expectStatus(res.statusCode, opens(viewer, visibility) ? 200 : 0);
        expect((await stored(event.id))!.likes_count).toBe(viewer !== 'visitor' && opens(viewer, visibility) ? 1 : 0);
      }
    });
  });
});

describe('location and contact privacy', () => {
  it('visitors never receive the address, link or coordinates, on any route', async () => {
    const owner = await buildUser(db);
    const group = await buildGroup(db, 'Privacy');
    const inPerson = await buildEvent(db, { user_id: owner.id, group_id: group.id, address: 'Rue Secrète 12, Lyon', lat: 45.75, lng: 4.85, start_date: '2026-02-01T10:00:00Z' });
    const virtual = await buildEvent(db, {
      user_id: owner.id,
      group_id: group.id,
      location_type: 'virtual',
      url: 'https://meet.example.com/private-room-42',
      start_date: '2026-02-02T10:00:00Z',
    });
    const { headers } = await signIn(ctx, (await buildUser(db)).id);
    const hidden = (e: Event) => {
      expect(e).toMatchObject({ address: null, url: null, lat: null, lng: null, is_location_hidden: true });
    };
    // events-na and events-no-auth, with and without a session sent along.
    for (const h of [null, headers]) {
      const res = await inject('GET', `/api/events-na?group_id=${group.id}&with_users=10`, h);
      const events = eventListReplySchema.parse(res.json()).data.data;
      expect(events.map((e) => e.id)).toEqual([inPerson.id, virtual.id]);
      events.forEach(hidden);
      expect(res.body).not.toContain('Secrète');
      expect(res.body).not.toContain('private-room-42');
      expect(res.body).not.toContain('45.75');
      for (const event of [inPerson, virtual]) {
        const page = await inject('GET', `/api/events-no-auth/${event.hash}?full=true`, h);
        hidden(eventReplySchema.parse(page.json()).data);
        expect(page.body).not.toContain('Secrète');
        expect(page.body).not.toContain('private-room-42');
      }
      const near = await inject('GET', `/api/events-na?group_id=${group.id}&distance=5&current_location[lat]=45.76&current_location[lng]=4.85`, h);
      expect(eventListReplySchema.parse(near.json()).data.data.map((e) => e.id)).toEqual([inPerson.id]);
      hidden(near.json().data.data[0]);
    }
    // Signed in, on the signed-in routes, they are there.
    const page = await inject('GET', `/api/events/${virtual.hash}`, headers);
    expect(page.json().data).toMatchObject({ url: 'https://meet.example.com/private-room-42', is_location_hidden: false });
    const listedSignedIn = await inject('GET', `/api/events?group_id=${group.id}`, headers);
    expect(listedSignedIn.json().data.data[0]).toMatchObject({ address: 'Rue Secrète 12, Lyon', lat: 45.75, lng: 4.85, is_location_hidden: false });
  });

  it('creator.phone: signed-in viewers only, and only when the event allows WhatsApp', async () => {
    const owner = await buildUser(db, { name: 'Phone Owner' });
    const group = await buildGroup(db, 'Phones');
    const open = await buildEvent(db, { user_id: owner.id, group_id: group.id, allow_whatsapp: true, start_date: '2026-02-01T10:00:00Z' });
    const closed = await buildEvent(db, { user_id: owner.id, group_id: group.id, allow_whatsapp: false, start_date: '2026-02-02T10:00:00Z' });
    const { headers } = await signIn(ctx, (await buildUser(db)).id);

    const signedIn = await inject('GET', `/api/events?group_id=${group.id}`, headers);
    expect(signedIn.json().data.data.map((e: Event) => e.creator.phone)).toEqual([owner.phone, null]);
    expect((await inject('GET', `/api/events/${open.hash}`, headers)).json().data.creator.phone).toBe(owner.phone);
    expect((await inject('GET', `/api/events/${closed.hash}`, headers)).json().data.creator.phone).toBeNull();

    for (const h of [null, headers]) {
      const visitorList = await inject('GET', `/api/events-na?group_id=${group.id}`, h);
      expect(visitorList.json().data.data.map((e: Event) => e.creator.phone)).toEqual([null, null]);
      expect(visitorList.body).not.toContain(owner.phone);
      for (const event of [open, closed]) {
        const page = await inject('GET', `/api/events-no-auth/${event.hash}`, h);
        expect(page.json().data.creator.phone).toBeNull();
        expect(page.body).not.toContain(owner.phone);
      }
    }
  });

  it('the people on an event never carry a phone or an email', async () => {
    const owner = await buildUser(db, { email: 'owner@example.com' });
    const guest = await buildUser(db, { email: 'guest@example.com' });
    const event = await buildEvent(db, { user_id: owner.id, allow_whatsapp: false });
    await addResponse(db, event.id, owner.id, 'going');
    await addResponse(db, event.id, guest.id, 'maybe');
    const viewer = await buildUser(db);
    await addFriendship(db, guest.id, viewer.id); // so the guest is also on the viewer's friends list
    const { headers } = await signIn(ctx, viewer.id);
    for (const res of [await inject('GET', `/api/events/${event.hash}`, headers), await inject('GET', `/api/events-no-auth/${event.hash}`, null)]) {
      expect(res.statusCode).toBe(200);
      for (const secret of [owner.phone!, guest.phone!, 'owner@example.com', 'guest@example.com']) expect(res.body).not.toContain(secret);
    }
  });
});
