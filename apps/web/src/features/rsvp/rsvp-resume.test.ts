import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Event } from '@planns/shared/events/events.schemas';
import type { User } from '@planns/shared/users/users.schemas';
import { eventQueryKey } from '../../api/events/get-event.ts';
import { resumeRsvpAction } from './rsvp-resume.ts';
import { buildEvent, person } from '../events/test-event.ts';

type Call = { method: string; path: string; body: unknown };

/** A fake API: GET answers `current`, join/reject answer `answered` (or the given error). */
function fakeApi(current: Event, answered: Event, failure?: { status: number; code: string }) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'POST' && failure) {
      return new Response(JSON.stringify({ error: { code: failure.code, message: 'This event is full', fields: {} } }), { status: failure.status });
    }
    return new Response(JSON.stringify({ data: method === 'GET' ? current : answered }), { status: 200 });
  });
  return calls;
}

function context() {
  const navigate = vi.fn<(to: string) => void>();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { navigate, queryClient, user: { id: 7 } as User };
}

async function run(promise: Promise<void>): Promise<void> {
  await vi.advanceTimersByTimeAsync(1500);
  await promise;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('window', { location: { pathname: '/events', search: '' } });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('rsvp_with_selection after login', () => {
  it('sends a join marked maybe with no companions, no note, no calendar, caches the answer and opens the page', async () => {
    const answered = buildEvent({ is_maybe: true, doubt_users: [person(7)], doubt_users_count: 1 });
    const calls = fakeApi(buildEvent(), answered);
    const ctx = context();
    await run(resumeRsvpAction('rsvp_with_selection', { id: 41, hash: 'Abcdefghij', action: 'maybe' }, ctx));

    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/events/Abcdefghij?full=true&no_comments=1', 'POST /api/events/41/join']);
    expect(calls[1]!.body).toEqual({ maybe: true, companions: [], note: '', use_google_calendar: false });
    expect(ctx.queryClient.getQueryData<Event>(eventQueryKey('Abcdefghij', true))?.is_maybe).toBe(true);
    expect(ctx.navigate).toHaveBeenCalledWith('/events/Abcdefghij');
  });

  it('sends a rejection for reject', async () => {
    const calls = fakeApi(buildEvent(), buildEvent({ is_rejected: true }));
    await run(resumeRsvpAction('rsvp_with_selection', { id: 41, hash: 'Abcdefghij', action: 'reject' }, context()));
    expect(calls[1]).toEqual({ method: 'POST', path: '/api/events/41/reject', body: { note: '' } });
  });

  it('leaves an answer that is already the same alone (a going answer keeps its companions)', async () => {
    const already = buildEvent({ is_joined: true, users: [person(7, 2)], users_count: 1, attendees_count: 3 });
    const calls = fakeApi(already, already);
    const ctx = context();
    await run(resumeRsvpAction('rsvp_with_selection', { id: 41, hash: 'Abcdefghij', action: 'join' }, ctx));
    expect(calls.map((c) => c.method)).toEqual(['GET']);
    expect(ctx.navigate).toHaveBeenCalledWith('/events/Abcdefghij');
  });

  it('does not navigate when the event page is already open', async () => {
    vi.stubGlobal('window', { location: { pathname: '/events/Abcdefghij', search: '' } });
    fakeApi(buildEvent(), buildEvent({ is_joined: true }));
    const ctx = context();
    await run(resumeRsvpAction('rsvp_with_selection', { id: 41, hash: 'Abcdefghij', action: 'join' }, ctx));
    expect(ctx.navigate).not.toHaveBeenCalled();
  });

  it('on event_full opens the page without an answer', async () => {
    const calls = fakeApi(buildEvent(), buildEvent(), { status: 409, code: 'event_full' });
    const ctx = context();
    await run(resumeRsvpAction('rsvp_with_selection', { id: 41, hash: 'Abcdefghij', action: 'join' }, ctx));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(ctx.navigate).toHaveBeenCalledWith('/events/Abcdefghij');
  });

  it('only logs console.error when the event or the action is missing', async () => {
    const calls = fakeApi(buildEvent(), buildEvent());
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ctx = context();
    await run(resumeRsvpAction('rsvp_with_selection', { hash: 'Abcdefghij', action: 'join' }, ctx));
    await run(resumeRsvpAction('rsvp_with_selection', { id: 41, action: 'going' }, ctx));
    expect(error).toHaveBeenCalledTimes(2);
    expect(calls).toEqual([]);
    expect(ctx.navigate).not.toHaveBeenCalled();
  });
});

describe('open_join after login', () => {
  it('opens the event page with open_join after 1 s', async () => {
    const ctx = context();
    const promise = resumeRsvpAction('open_join', { id: 41, hash: 'Abcdefghij' }, ctx);
    await vi.advanceTimersByTimeAsync(900);
    expect(ctx.navigate).not.toHaveBeenCalled();
    await run(promise);
    expect(ctx.navigate).toHaveBeenCalledWith('/events/Abcdefghij?open_join=1');
  });

  it('carries a preselected action and falls back to the id', async () => {
    const ctx = context();
    await run(resumeRsvpAction('open_join', { id: 41, action: 'maybe' }, ctx));
    expect(ctx.navigate).toHaveBeenCalledWith('/events/41?open_join=maybe');
  });

  it('only logs console.error without an event', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ctx = context();
    await run(resumeRsvpAction('open_join', {}, ctx));
    expect(error).toHaveBeenCalledOnce();
    expect(ctx.navigate).not.toHaveBeenCalled();
  });
});
