import { describe, expect, it } from 'vitest';
import { DISTANCE_MAX_KM, isDistanceFilterActive, weekendRange } from '@planns/shared/events/events.rules';
import {
  activeDatePreset,
  buildListParams,
  clearLocation,
  createFiltersStore,
  DEFAULT_DISTANCE_KM,
  firstDayOfWeek,
  isDistanceLimit,
  localWeekend,
  dateRange,
  defaultFilters,
  hasActiveFilters,
  isCategoryChecked,
  resetFilters,
  selectDatePreset,
  setCustomDate,
  setDistance,
  setLocation,
  toggleCategory,
  toggleType,
  setAllTypes,
  checkAllCategories,
  type ListContext,
} from './event-filters.ts';

// Wednesday 11 June 2025, 15:30 local time.
const wednesday = new Date(2025, 5, 11, 15, 30);
const context: ListContext = {
  now: wednesday,
  timeZone: 'Europe/Madrid',
  isSignedIn: true,
  preset: 'all',
  groupId: null,
  userGroupIds: [],
};
const localIso = (y: number, m: number, d: number) => new Date(y, m - 1, d).toISOString();
/** The last millisecond before local midnight of that day (a range's end as sent). */
const lastInstantBefore = (y: number, m: number, d: number) => new Date(new Date(y, m - 1, d).getTime() - 1).toISOString();

describe('the restated distance rules', () => {
  it('match events.rules', () => {
    expect(DEFAULT_DISTANCE_KM).toBe(DISTANCE_MAX_KM);
    for (let km = -5; km <= 130; km += 0.5) expect(isDistanceLimit(km), `${km} km`).toBe(isDistanceFilterActive(km));
  });

  it('the weekend matches events.rules on every day of two years, across DST changes and month ends', () => {
    for (let day = 0; day < 730; day++) {
      const now = new Date(2025, 0, 1 + day, day % 24, 30);
      for (const which of ['this', 'next'] as const) expect(localWeekend(now, which), now.toString()).toEqual(weekendRange(now, which));
    }
  });
});

describe('date presets', () => {
  it('are exclusive and clear a custom range', () => {
    let filters = setCustomDate(defaultFilters(), 'from', '2025-06-20');
    filters = selectDatePreset(filters, 'tomorrow');
    expect(activeDatePreset(filters.dates)).toBe('tomorrow');
    expect(filters.dates).toMatchObject({ all: false, today: false, tomorrow: true, this_weekend: false, from: null, to: null });
    filters = selectDatePreset(filters, 'this_weekend');
    expect(filters.dates).toMatchObject({ tomorrow: false, this_weekend: true });
  });

  it('choosing the active preset again goes back to all', () => {
    const filters = selectDatePreset(selectDatePreset(defaultFilters(), 'today'), 'today');
    expect(activeDatePreset(filters.dates)).toBe('all');
  });

  it('a custom date turns every preset off, and clearing both ends goes back to all', () => {
    let filters = setCustomDate(selectDatePreset(defaultFilters(), 'today'), 'to', '2025-06-30');
    expect(activeDatePreset(filters.dates)).toBeNull();
    expect(filters.dates.to).toBe('2025-06-30');
    filters = setCustomDate(filters, 'to', '');
    expect(activeDatePreset(filters.dates)).toBe('all');
  });

  it('keeps from before to by moving the other end', () => {
    let filters = setCustomDate(defaultFilters(), 'to', '2025-06-10');
    filters = setCustomDate(filters, 'from', '2025-06-15');
    expect(filters.dates).toMatchObject({ from: '2025-06-15', to: '2025-06-15' });
    filters = setCustomDate(filters, 'to', '2025-06-01');
    expect(filters.dates).toMatchObject({ from: '2025-06-01', to: '2025-06-01' });
  });
});

describe('dateRange', () => {
  it('a chosen range includes its last day; a day that does not exist is no bound (not the next month)', () => {
    const dates = { ...defaultFilters().dates, all: false, from: '2030-02-27', to: '2030-03-02' };
    expect(dateRange(dates, wednesday)).toEqual({ from: new Date(2030, 1, 27), to: new Date(2030, 2, 3) });
    expect(dateRange({ ...dates, from: '2030-02-31' }, wednesday)).toEqual({ from: null, to: new Date(2030, 2, 3) });
    expect(dateRange({ ...dates, from: '2030-02-31', to: 'soon' }, wednesday)).toBeNull();
  });

  it('today and tomorrow are local days', () => {
    expect(dateRange(selectDatePreset(defaultFilters(), 'today').dates, wednesday)).toEqual({
      from: new Date(2025, 5, 11),
      to: new Date(2025, 5, 12),
    });
    expect(dateRange(selectDatePreset(defaultFilters(), 'tomorrow').dates, wednesday)).toEqual({
      from: new Date(2025, 5, 12),
      to: new Date(2025, 5, 13),
    });
  });

  it('this weekend is Saturday 00:00 to Monday 00:00, next weekend a week later', () => {
    expect(dateRange(selectDatePreset(defaultFilters(), 'this_weekend').dates, wednesday)).toEqual({
      from: new Date(2025, 5, 14),
      to: new Date(2025, 5, 16),
    });
    expect(dateRange(selectDatePreset(defaultFilters(), 'next_weekend').dates, wednesday)).toEqual({
      from: new Date(2025, 5, 21),
      to: new Date(2025, 5, 23),
    });
  });

  it('this week runs from today to the end of the week, as the language counts weeks', () => {
    const thisWeek = selectDatePreset(defaultFilters(), 'this_week').dates;
    expect(thisWeek).toMatchObject({ all: false, this_week: true, this_weekend: false });
    // Monday first (Spanish, Russian, Catalan): Wednesday to Sunday night.
    expect(dateRange(thisWeek, wednesday, 1)).toEqual({ from: new Date(2025, 5, 11), to: new Date(2025, 5, 16) });
    // Sunday first (English, Hebrew, Japanese): Wednesday to Saturday night.
    expect(dateRange(thisWeek, wednesday, 7)).toEqual({ from: new Date(2025, 5, 11), to: new Date(2025, 5, 15) });
    // The week's last day is that day alone; its first day, the whole week.
    expect(dateRange(thisWeek, new Date(2025, 5, 15, 10, 0), 1)).toEqual({ from: new Date(2025, 5, 15), to: new Date(2025, 5, 16) });
    expect(dateRange(thisWeek, new Date(2025, 5, 15, 10, 0), 7)).toEqual({ from: new Date(2025, 5, 15), to: new Date(2025, 5, 22) });
    expect([firstDayOfWeek('en'), firstDayOfWeek('he'), firstDayOfWeek('ja')]).toEqual([7, 7, 7]);
    expect([firstDayOfWeek('es'), firstDayOfWeek('ru'), firstDayOfWeek('ca')]).toEqual([1, 1, 1]);
    expect(firstDayOfWeek('not a language!')).toBe(1);
  });

  it('on a Sunday this weekend is the one under way', () => {
    const sunday = new Date(2025, 5, 15, 10, 0);
    expect(dateRange(selectDatePreset(defaultFilters(), 'this_weekend').dates, sunday)).toEqual({
      from: new Date(2025, 5, 14),
      to: new Date(2025, 5, 16),
    });
  });

  it('a custom range includes its last day; either end may be open', () => {
    const both = setCustomDate(setCustomDate(defaultFilters(), 'from', '2025-07-01'), 'to', '2025-07-03');
    expect(dateRange(both.dates, wednesday)).toEqual({ from: new Date(2025, 6, 1), to: new Date(2025, 6, 4) });
    const fromOnly = setCustomDate(defaultFilters(), 'from', '2025-07-01');
    expect(dateRange(fromOnly.dates, wednesday)).toEqual({ from: new Date(2025, 6, 1), to: null });
  });

  it('is null for all dates', () => {
    expect(dateRange(defaultFilters().dates, wednesday)).toBeNull();
  });
});

describe('categories', () => {
  const all = [1, 2, 3];

  it('null means all checked; unchecking stores the rest; checking all again goes back to null', () => {
    let filters = toggleCategory(defaultFilters(), 2, all);
    expect(filters.categories).toEqual([1, 3]);
    expect(isCategoryChecked(filters, 2)).toBe(false);
    filters = toggleCategory(filters, 2, all);
    expect(filters.categories).toBeNull();
  });

  it('the last checked category stays checked', () => {
    let filters = toggleCategory(toggleCategory(defaultFilters(), 1, all), 2, all);
    expect(filters.categories).toEqual([3]);
    filters = toggleCategory(filters, 3, all);
    expect(filters.categories).toEqual([3]);
  });
});

describe('reset and the active dot', () => {
  it('defaults are not active; each panel filter makes them active', () => {
    expect(hasActiveFilters(defaultFilters(), null)).toBe(false);
    expect(hasActiveFilters(selectDatePreset(defaultFilters(), 'today'), null)).toBe(true);
    expect(hasActiveFilters(toggleType(defaultFilters(), 'paid'), null)).toBe(true);
    expect(hasActiveFilters(toggleCategory(defaultFilters(), 1, [1, 2]), null)).toBe(true);
    expect(hasActiveFilters({ ...defaultFilters(), friends: { created: true, joined: false } }, null)).toBe(true);
    expect(hasActiveFilters(defaultFilters(), 7)).toBe(true);
  });

  it('a location counts only with a distance below 96 km', () => {
    const placed = setLocation(defaultFilters(), { lat: 41.39, lng: 2.17, label: 'Barcelona' });
    expect(hasActiveFilters(placed, null)).toBe(false);
    expect(hasActiveFilters(setDistance(placed, 100), null)).toBe(false);
    expect(hasActiveFilters(setDistance(placed, 95), null)).toBe(true);
    expect(hasActiveFilters(setDistance(placed, 0), null)).toBe(false);
    expect(hasActiveFilters(setDistance(clearLocation(placed), 10), null)).toBe(false);
  });

  it('reset restores dates, types, location, categories and friends, and keeps the search', () => {
    let filters = { ...defaultFilters(), search: 'jazz' };
    filters = selectDatePreset(filters, 'today');
    filters = toggleType(filters, 'free');
    filters = setDistance(setLocation(filters, { lat: 1, lng: 2, label: 'X' }), 10);
    filters = toggleCategory(filters, 1, [1, 2]);
    expect(resetFilters(filters)).toEqual({ ...defaultFilters(), search: 'jazz' });
  });
});

describe('buildListParams', () => {
  it('sends only the time zone by default (upcoming order, no dates)', () => {
    expect(buildListParams(defaultFilters(), context)).toEqual({});
  });

  it('turns unchecked types into hide_* flags', () => {
    const filters = toggleType(toggleType(defaultFilters(), 'private'), 'paid');
    expect(buildListParams(filters, context)).toMatchObject({ hide_private: '1', hide_paid: '1' });
    expect(buildListParams(filters, context)).not.toHaveProperty('hide_public');
  });

  it('sends a chosen date range as ISO instants of local midnights', () => {
    const params = buildListParams(selectDatePreset(defaultFilters(), 'this_weekend'), context);
    expect(params.start_date).toBe(localIso(2025, 6, 14));
    expect(params.end_date).toBe(lastInstantBefore(2025, 6, 16));
  });

  it('sends this week in the viewer’s week', () => {
    const params = buildListParams(selectDatePreset(defaultFilters(), 'this_week'), { ...context, firstDay: 7 });
    expect(params.start_date).toBe(localIso(2025, 6, 11));
    expect(params.end_date).toBe(lastInstantBefore(2025, 6, 15));
  });

  it('sends the location and distance only when the distance is a limit', () => {
    const placed = setLocation(defaultFilters(), { lat: 41.39, lng: 2.17, label: 'Barcelona' });
    expect(buildListParams(placed, context)).toEqual({});
    expect(buildListParams(setDistance(placed, 25), context)).toMatchObject({
      'current_location[lat]': '41.39',
      'current_location[lng]': '2.17',
      distance: '25',
    });
    expect(buildListParams(setDistance(placed, 100), context)).not.toHaveProperty('distance');
  });

  it('sends categories only when not all are checked', () => {
    expect(buildListParams(toggleCategory(defaultFilters(), 2, [1, 2, 3]), context)).toMatchObject({ categories: '1,3' });
  });

  it('sends the trimmed search text', () => {
    expect(buildListParams({ ...defaultFilters(), search: '  jazz  ' }, context)).toMatchObject({ search: 'jazz' });
    expect(buildListParams({ ...defaultFilters(), search: '   ' }, context)).not.toHaveProperty('search');
  });

  it('friends filters need an account; the group is group_id for a member, group_context for a visitor', () => {
    const filters = { ...defaultFilters(), friends: { created: true, joined: true } };
    const member = { ...context, groupId: 4, userGroupIds: [4] };
    expect(buildListParams(filters, member)).toMatchObject({ friends_created: '1', friends_joined: '1', group_id: '4' });
    expect(buildListParams(filters, { ...member, userGroupIds: [5] })).not.toHaveProperty('group_id');
    expect(buildListParams(filters, { ...member, userGroupIds: [5] })).not.toHaveProperty('group_context');
    expect(buildListParams(filters, { ...member, isSignedIn: false })).toEqual({ group_context: '4' });
    expect(buildListParams(filters, { ...context, isSignedIn: false })).toEqual({});
  });

  it('presets: close needs a location (then 5 km), friends needs an account', () => {
    expect(buildListParams(defaultFilters(), { ...context, preset: 'trending' })).toMatchObject({ preset: 'trending' });
    expect(buildListParams(defaultFilters(), { ...context, preset: 'weekend' })).toMatchObject({ preset: 'weekend', tz: 'Europe/Madrid' });
    expect(buildListParams(defaultFilters(), { ...context, preset: 'close' })).toEqual({});
    const placed = setLocation(defaultFilters(), { lat: 1.5, lng: 2.5, label: null });
    expect(buildListParams(placed, { ...context, preset: 'close' })).toEqual({
      preset: 'close',
      'current_location[lat]': '1.5',
      'current_location[lng]': '2.5',
      distance: '5',
    });
    expect(buildListParams(defaultFilters(), { ...context, preset: 'friends' })).toMatchObject({ preset: 'friends' });
    expect(buildListParams(defaultFilters(), { ...context, preset: 'friends', isSignedIn: false })).not.toHaveProperty('preset');
    expect(buildListParams(defaultFilters(), { ...context, preset: 'all' })).not.toHaveProperty('preset');
  });

  it('lists the keys in a stable order', () => {
    const filters = toggleType({ ...defaultFilters(), search: 'a' }, 'free');
    expect(Object.keys(buildListParams(filters, context))).toEqual(['hide_free', 'search']);
  });
});

describe('createFiltersStore', () => {
  it('notifies on change only', () => {
    const store = createFiltersStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.set((current) => current);
    store.set((current) => toggleType(current, 'free'));
    expect(calls).toBe(1);
    expect(store.get().types.free).toBe(false);
    unsubscribe();
    store.set(defaultFilters());
    expect(calls).toBe(1);
  });
});

describe('select all and none', () => {
  it('turns every type on or off at once, and checks every category again', () => {
    const none = setAllTypes(defaultFilters(), false);
    expect(Object.values(none.types).every((on) => !on)).toBe(true);
    expect(setAllTypes(none, true).types).toEqual(defaultFilters().types);
    const some = toggleCategory(defaultFilters(), 2, [1, 2, 3]);
    expect(some.categories).toEqual([1, 3]);
    expect(checkAllCategories(some).categories).toBeNull();
  });
});
