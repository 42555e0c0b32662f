import { useSyncExternalStore } from 'react';
import { CLOSE_TO_YOU_KM, type EventPreset } from '@planns/shared/events/event-presets.rules';
import { readGroupFilter, writeGroupFilter } from '../../groups/group-invite.ts';
import { fromIsoDay } from '../../../lib/date-fields.ts';
import { removeStored } from '../../../lib/storage.ts';
import { STORAGE_KEYS } from '../../../lib/storage-keys.ts';

/**
 * The events list's filters (events §3 Filters, §4 Date filter, §9): pure state changes, the
 * query they send, and a tiny per-tab store so the back button returns to the same list. The
 * group filter is the one part kept in localStorage (features/groups/group-invite.ts writes it after a
 * group invite); everything else lives as long as the tab.
 */

export const DATE_PRESETS = ['all', 'today', 'tomorrow', 'this_week', 'this_weekend', 'next_weekend'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export const EVENT_TYPES = ['friends', 'private', 'public', 'paid', 'free'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Exactly one preset is true, or none when a custom from/to is set. from/to are local 'YYYY-MM-DD'. */
export type DateFilter = Record<DatePreset, boolean> & { from: string | null; to: string | null };

export type LocationFilter = {
  lat: number | null;
  lng: number | null;
  /** 0-100 km in steps of 5; above 95 (and below 1) means no limit. */
  distance: number;
  /** What the location input shows: a place's label or 'current location'. */
  label: string | null;
};

export type EventFilters = {
  dates: DateFilter;
  types: Record<EventType, boolean>;
  location: LocationFilter;
  /** The checked category ids; null means all of them (no `categories` parameter). */
  categories: readonly number[] | null;
  friends: { created: boolean; joined: boolean };
  search: string;
};

/*
 * The header (first bundle) reads this module's store, and a module lives in one chunk, so this
 * file stays clear of events.rules (its own chunk, loaded with the list): the default distance
 * (DISTANCE_MAX_KM), the 'distance is a limit' rule (isDistanceFilterActive) and the weekend
 * (weekendRange) are restated here, and the unit test checks them against the shared rules.
 */
export const DEFAULT_DISTANCE_KM = 100;

/** Same as events.rules' isDistanceFilterActive: a limit from 1 km up to 95 km. */
export function isDistanceLimit(distance: number): boolean {
  return distance >= 1 && distance < 96;
}

export function defaultDates(): DateFilter {
  return { all: true, today: false, tomorrow: false, this_week: false, this_weekend: false, next_weekend: false, from: null, to: null };
}

export function defaultFilters(): EventFilters {
  return {
    dates: defaultDates(),
    types: { friends: true, private: true, public: true, paid: true, free: true },
    location: { lat: null, lng: null, distance: DEFAULT_DISTANCE_KM, label: null },
    categories: null,
    friends: { created: false, joined: false },
    search: '',
  };
}

/** Reset (events §4): location, categories, types, dates and the friends switches; the search stays. */
export function resetFilters(filters: EventFilters): EventFilters {
  return { ...defaultFilters(), search: filters.search };
}

/* ------------------------------------------------------------------ dates */

export function activeDatePreset(dates: DateFilter): DatePreset | null {
  return DATE_PRESETS.find((preset) => dates[preset]) ?? null;
}

/** The presets are exclusive; choosing one clears from/to; choosing the active one again goes back to all. */
export function selectDatePreset(filters: EventFilters, preset: DatePreset): EventFilters {
  const next = preset !== 'all' && filters.dates[preset] ? 'all' : preset;
  return { ...filters, dates: { ...defaultDates(), all: next === 'all', [next]: true } };
}

/**
 * A custom date turns every preset off. A from after the to (or the reverse) moves the other end
 * along; clearing both goes back to all.
 */
export function setCustomDate(filters: EventFilters, end: 'from' | 'to', value: string | null): EventFilters {
  const date = value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
  let { from, to } = filters.dates;
  if (end === 'from') {
    from = date;
    if (from && to && to < from) to = from;
  } else {
    to = date;
    if (from && to && from > to) from = to;
  }
  if (!from && !to) return { ...filters, dates: defaultDates() };
  return {
    ...filters,
    dates: { all: false, today: false, tomorrow: false, this_week: false, this_weekend: false, next_weekend: false, from, to },
  };
}

/** Same as events.rules' weekendRange: the coming (or current) Saturday 00:00 to Monday 00:00, local. */
export function localWeekend(now: Date, which: 'this' | 'next'): { from: Date; to: Date } {
  const day = now.getDay();
  const saturday = now.getDate() + (day === 0 ? -1 : 6 - day) + (which === 'next' ? 7 : 0);
  return {
    from: new Date(now.getFullYear(), now.getMonth(), saturday),
    to: new Date(now.getFullYear(), now.getMonth(), saturday + 2),
  };
}

/**
 * The first day of the week where `language` is spoken, ISO-numbered (1 Monday ... 7 Sunday): Sunday
 * in English, Hebrew and Japanese, Monday in Spanish, Russian and Catalan (Intl's week data); Monday
 * where the browser has none.
 */
export function firstDayOfWeek(language: string): number {
  try {
    const locale = new Intl.Locale(language) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };
    const firstDay = (locale.getWeekInfo?.() ?? locale.weekInfo)?.firstDay;
    if (firstDay !== undefined && firstDay >= 1 && firstDay <= 7) return firstDay;
  } catch {
    // an unknown language: Monday
  }
  return 1;
}

/**
 * 'This week' (events §3 Filters): from today to the end of the week, as the person's language
 * counts weeks (the day before `firstDay` comes again); what is past of the week is over already.
 * On the week's last day it is today alone.
 */
export function localWeek(now: Date, firstDay: number): { from: Date; to: Date } {
  const isoDay = now.getDay() === 0 ? 7 : now.getDay();
  const daysLeft = ((firstDay - isoDay + 6) % 7) + 1;
  return { from: startOfLocalDay(now), to: startOfLocalDay(now, daysLeft) };
}

function startOfLocalDay(date: Date, addDays = 0): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + addDays);
}

/** A YYYY-MM-DD day as its local midnight; null for anything else, impossible days included (2030-02-31). */
function parseLocalDate(value: string): Date | null {
  const day = fromIsoDay(value);
  return day ? new Date(day.year, day.month - 1, day.day) : null;
}

/**
 * The chosen date range in the user's local time: [from, to) as instants, either end open.
 * Null when the dates are 'all'.
 */
export function dateRange(dates: DateFilter, now: Date, firstDay = 1): { from: Date | null; to: Date | null } | null {
  if (dates.today) return { from: startOfLocalDay(now), to: startOfLocalDay(now, 1) };
  if (dates.tomorrow) return { from: startOfLocalDay(now, 1), to: startOfLocalDay(now, 2) };
  if (dates.this_week) return localWeek(now, firstDay);
  if (dates.this_weekend) return localWeekend(now, 'this');
  if (dates.next_weekend) return localWeekend(now, 'next');
  const from = dates.from ? parseLocalDate(dates.from) : null;
  const toDay = dates.to ? parseLocalDate(dates.to) : null;
  // The 'to' day is included: the range ends at the next midnight.
  const to = toDay ? startOfLocalDay(toDay, 1) : null;
  return from || to ? { from, to } : null;
}

/* ------------------------------------------------------------------ types, categories, location */

export function toggleType(filters: EventFilters, type: EventType): EventFilters {
  return { ...filters, types: { ...filters.types, [type]: !filters.types[type] } };
}

/** Every type on or off at once (the panel's Select all / Select none). */
export function setAllTypes(filters: EventFilters, on: boolean): EventFilters {
  return { ...filters, types: Object.fromEntries(Object.keys(filters.types).map((type) => [type, on])) as Record<EventType, boolean> };
}

/** Every category checked again (stored as null: no parameter). */
export function checkAllCategories(filters: EventFilters): EventFilters {
  return { ...filters, categories: null };
}

export function isCategoryChecked(filters: EventFilters, id: number): boolean {
  return filters.categories === null || filters.categories.includes(id);
}

/**
 * Checks or unchecks one category. All checked again is stored as null (no parameter); the last
 * checked category cannot be unchecked (an empty choice would match nothing).
 */
export function toggleCategory(filters: EventFilters, id: number, allIds: readonly number[]): EventFilters {
  const checked = filters.categories ?? allIds;
  const next = checked.includes(id) ? checked.filter((c) => c !== id) : [...checked, id];
  if (next.length === 0) return filters;
  const isAll = allIds.every((c) => next.includes(c));
  return { ...filters, categories: isAll ? null : [...next].sort((a, b) => a - b) };
}

export function setLocation(filters: EventFilters, place: { lat: number; lng: number; label: string | null }): EventFilters {
  return { ...filters, location: { ...filters.location, lat: place.lat, lng: place.lng, label: place.label } };
}

export function clearLocation(filters: EventFilters): EventFilters {
  return { ...filters, location: { ...filters.location, lat: null, lng: null, label: null } };
}

export function setDistance(filters: EventFilters, distance: number): EventFilters {
  return { ...filters, location: { ...filters.location, distance } };
}

export function hasLocation(location: LocationFilter): location is LocationFilter & { lat: number; lng: number } {
  return location.lat !== null && location.lng !== null;
}

/* ------------------------------------------------------------------ active or not */

export function isDistanceActive(location: LocationFilter): boolean {
  return hasLocation(location) && isDistanceLimit(location.distance);
}

/** Whether anything in the filters panel differs from the defaults (the header's dot). */
export function hasActiveFilters(filters: EventFilters, groupId: number | null): boolean {
  return (
    !filters.dates.all ||
    EVENT_TYPES.some((type) => !filters.types[type]) ||
    isDistanceActive(filters.location) ||
    filters.categories !== null ||
    filters.friends.created ||
    filters.friends.joined ||
    groupId !== null
  );
}

/* ------------------------------------------------------------------ the query */

export type ListContext = {
  now: Date;
  /** IANA zone of the viewer (the weekend preset is computed on the server in it). */
  timeZone: string;
  /** The week's first day in the viewer's language (firstDayOfWeek), for 'this week'; Monday when not given. */
  firstDay?: number;
  isSignedIn: boolean;
  /** The home tile's preset from ?preset=. */
  preset: EventPreset;
  /** The stored group filter: group_id for a member of that group; group_context for a visitor (events §7). */
  groupId: number | null;
  userGroupIds: readonly number[];
};

/**
 * The GET events / events-na parameters for these filters (events §7), without page and
 * per_page. Only what differs from the server's defaults is sent, so the keys are few and the
 * query key stays stable. Dates are sent only when chosen, as ISO instants: the first local midnight
 * and the range's last millisecond.
 */
export function buildListParams(filters: EventFilters, context: ListContext): Record<string, string> {
  const params: Record<string, string> = {};
  const { location } = filters;

  let preset: EventPreset | null = context.preset === 'all' ? null : context.preset;
  // 'close' needs a location and 'friends' an account; without them the list is not narrowed.
  if (preset === 'close' && !hasLocation(location)) preset = null;
  if (preset === 'friends' && !context.isSignedIn) preset = null;
  if (preset) params.preset = preset;
  // Only the weekend is computed on the server in the viewer's zone: elsewhere the zone would make
  // the same list a different address (and the default list one the HTML cannot preload).
  if (preset === 'weekend') params.tz = context.timeZone;

  if (hasLocation(location) && (preset === 'close' || isDistanceLimit(location.distance))) {
    params['current_location[lat]'] = String(location.lat);
    params['current_location[lng]'] = String(location.lng);
    params.distance = String(preset === 'close' ? CLOSE_TO_YOU_KM : location.distance);
  }

  const range = dateRange(filters.dates, context.now, context.firstDay);
  if (range?.from) params.start_date = range.from.toISOString();
  // The range's last instant: the server reads an end_date at a UTC midnight as that whole day
  // (events §7's date-only end), so for a viewer in UTC an exclusive midnight would add a day.
  if (range?.to) params.end_date = new Date(range.to.getTime() - 1).toISOString();

  for (const type of EVENT_TYPES) if (!filters.types[type]) params[`hide_${type}`] = '1';

  if (filters.categories !== null) params.categories = filters.categories.join(',');

  if (context.isSignedIn) {
    if (filters.friends.created) params.friends_created = '1';
    if (filters.friends.joined) params.friends_joined = '1';
    if (context.groupId !== null && context.userGroupIds.includes(context.groupId)) params.group_id = String(context.groupId);
  } else if (context.groupId !== null) {
    // A visitor who came by a group's shared link sees that group's public events (decision 0044).
    params.group_context = String(context.groupId);
  }

  const search = filters.search.trim();
  if (search) params.search = search;

  return Object.fromEntries(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)));
}

/* ------------------------------------------------------------------ the per-tab store */

export type FiltersStore = {
  get: () => EventFilters;
  set: (next: EventFilters | ((current: EventFilters) => EventFilters)) => void;
  subscribe: (listener: () => void) => () => void;
};

export function createFiltersStore(initial: EventFilters = defaultFilters()): FiltersStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next) {
      const value = typeof next === 'function' ? next(state) : next;
      if (value === state) return;
      state = value;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's filters, kept for the life of the tab. */
export const eventFiltersStore = createFiltersStore();

/** Group filter changes made here; features/groups/group-invite.ts writes it directly, read again on every render. */
const groupListeners = new Set<() => void>();

function subscribeGroup(listener: () => void): () => void {
  groupListeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    groupListeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function setGroupFilter(groupId: number | null): void {
  if (groupId === null) removeStored(STORAGE_KEYS.groupFilter);
  else writeGroupFilter(groupId);
  for (const listener of groupListeners) listener();
}

export function useGroupFilter(): number | null {
  return useSyncExternalStore(subscribeGroup, readGroupFilter, () => null);
}

export function useEventFilters(): EventFilters {
  return useSyncExternalStore(eventFiltersStore.subscribe, eventFiltersStore.get, eventFiltersStore.get);
}

export function useHasActiveFilters(): boolean {
  const filters = useEventFilters();
  const groupId = useGroupFilter();
  return hasActiveFilters(filters, groupId);
}
