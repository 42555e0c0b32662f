import {
  CALENDAR_FEED_FILE_PATTERN,
  CALENDAR_FEED_MAX_AGE_SECONDS,
  CALENDAR_FEED_MAX_EVENTS,
  CALENDAR_FEED_PAST_DAYS,
  CALENDAR_MESSAGES,
  type CalendarFeedLink,
  type CalendarFeedStatus,
} from '@planns/shared/calendar/calendar.schemas';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { notFound } from '../../http/app-error.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { canSeeLocation } from '../events/events.policy.ts';
import * as events from '../events/events.service.ts';
import * as repo from './calendar.repo.ts';
import { toCalendarEntry } from './calendar.presenter.ts';

const DAY = 86_400_000;
/** The feed's name in the person's calendar app. */
const FEED_NAME = 'planns';

export interface CalendarFile {
  /** A plain ASCII name, and the event's own name for clients that read filename*. */
  filename: string;
  displayName: string;
  ics: string;
}

/**
 * GET events/{id}/calendar: the event as an .ics file, for whoever may see its page (the events
 * module's visibility rule: anything else is the 404 of a missing event).
 */
export async function eventCalendarFile(deps: AppDeps, viewer: Actor | null, id: number): Promise<CalendarFile> {
  const row = await events.loadVisible(deps, viewer, id);
  const entry = toCalendarEntry(deps, row, { showLocation: canSeeLocation(viewer) });
  return {
    filename: `planns-${row.hash}.ics`,
    displayName: `${row.name}.ics`,
    ics: deps.calendar.calendarFile([entry], { stamp: deps.clock.now() }),
  };
}

/** The feed's two addresses for a token: https to copy, webcal:// to open in a calendar app. */
function feedLink(deps: AppDeps, token: string, createdAt: Date): CalendarFeedLink {
  const url = new URL(`/api/calendar/feed/${token}.ics`, deps.config.publicUrl).toString();
  return { url, webcal_url: url.replace(/^https?:/, 'webcal:'), created_at: createdAt.toISOString() };
}

/** GET calendar/feed: whether the person has a feed address, and when a calendar app last read it. */
export async function getFeedStatus(deps: AppDeps, actor: Actor): Promise<CalendarFeedStatus> {
  const feed = await repo.findFeedOfUser(deps.db, actor.userId);
  return {
    provider: deps.calendar.name,
    has_feed: feed !== undefined,
    created_at: feed?.created_at.toISOString() ?? null,
    fetched_at: feed?.fetched_at?.toISOString() ?? null,
  };
}

/**
 * POST calendar/feed: a new secret address (the only time it is shown: only its hash is kept);
 * the previous one, if any, answers 404 from now on.
 */
export async function resetFeed(deps: AppDeps, actor: Actor): Promise<CalendarFeedLink> {
  const token = newToken();
  const feed = await repo.replaceFeed(deps.db, actor.userId, hashToken(token), deps.clock.now());
  return feedLink(deps, token, feed.created_at);
}

/** DELETE calendar/feed: turns the feed off (its address answers 404). */
export async function deleteFeed(deps: AppDeps, actor: Actor): Promise<void> {
  await repo.deleteFeed(deps.db, actor.userId);
}

/**
 * GET calendar/feed/{token}.ics: the events the feed's owner answered going or maybe to (read at
 * each fetch, so a 'no' or leaving takes the event out at the next one). The token is the only
 * credential: looked up by its SHA-256 through a unique index; an unknown token is a plain 404.
 */
export async function feedFile(deps: AppDeps, tokenWithSuffix: string): Promise<{ ics: string; maxAge: number }> {
  const feed = CALENDAR_FEED_FILE_PATTERN.test(tokenWithSuffix) ? await repo.findFeedByHash(deps.db, hashToken(tokenWithSuffix.slice(0, -'.ics'.length))) : undefined;
  if (!feed) throw notFound(CALENDAR_MESSAGES.feedNotFound);
  const now = deps.clock.now();
  const rows = await events.listAnsweredEvents(deps.db, feed.user_id, { endedAfter: new Date(now.getTime() - CALENDAR_FEED_PAST_DAYS * DAY), limit: CALENDAR_FEED_MAX_EVENTS });
  // The owner is signed in for what the feed shows: the places they would see on each page.
  const entries = rows.map((row) => toCalendarEntry(deps, row, { showLocation: true }));
  await repo.markFetched(deps.db, feed.user_id, now);
  const refreshMinutes = Math.round(CALENDAR_FEED_MAX_AGE_SECONDS / 60);
  return { ics: deps.calendar.calendarFile(entries, { stamp: now, feed: { name: FEED_NAME, refreshMinutes } }), maxAge: CALENDAR_FEED_MAX_AGE_SECONDS };
}
