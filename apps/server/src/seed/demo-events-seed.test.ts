import { describe, expect, it } from 'vitest';
import { CLOSE_TO_YOU_KM } from '@planns/shared/events/event-presets.rules';
import { ConfigError, DEMO_CITIES, loadConfig } from '../config.ts';
import { DEMO_CITY_DATA, distanceKm } from './demo-cities.ts';
import { DEMO_EVENTS, DEMO_GROUP_MEMBERS } from './demo-events-catalog.ts';
import { planDemoEvents } from './demo-events-seed.ts';
import { localParts, resolveStart, zonedTime } from './demo-schedule.ts';

/** The categories migration 0002 seeds. */
const CATEGORY_SLUGS = ['music', 'party', 'food_drink', 'sports', 'outdoors', 'arts', 'family', 'learning', 'tech', 'business', 'wellness', 'community'];
const THURSDAY = new Date('2026-01-15T10:00:00Z'); // the test harness's FakeClock

describe('resolveStart', () => {
  it('reads local times in the city: tomorrow, this weekend and the next', () => {
    expect(resolveStart({ day: 1, at: '19:00' }, THURSDAY, 'Europe/Madrid').toISOString()).toBe('2026-01-16T18:00:00.000Z');
    expect(resolveStart({ weekend: 'this', day: 'sat', at: '10:00' }, THURSDAY, 'Europe/Madrid').toISOString()).toBe('2026-01-17T09:00:00.000Z');
    expect(resolveStart({ weekend: 'this', day: 'sun', at: '10:00' }, THURSDAY, 'America/New_York').toISOString()).toBe('2026-01-18T15:00:00.000Z');
    expect(resolveStart({ weekend: 'next', day: 'sat', at: '21:00' }, THURSDAY, 'Asia/Tokyo').toISOString()).toBe('2026-01-24T12:00:00.000Z');
    expect(resolveStart({ day: -3, at: '08:00' }, THURSDAY, 'Europe/Moscow').toISOString()).toBe('2026-01-12T05:00:00.000Z');
  });

  it('keeps summer time right', () => {
    // Spain moves to UTC+2 on 29 March 2026.
    const saturday = new Date('2026-03-28T12:00:00Z');
    expect(resolveStart({ day: 1, at: '10:00' }, saturday, 'Europe/Madrid').toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(zonedTime(2026, 3, 28, 10, 0, 'Europe/Madrid').toISOString()).toBe('2026-03-28T09:00:00.000Z');
  });

  it('never puts a today or this-weekend event in the past', () => {
    const sundayNight = new Date('2026-01-18T21:10:00Z'); // 22:10 in Barcelona
    const sat = resolveStart({ weekend: 'this', day: 'sat', at: '10:00' }, sundayNight, 'Europe/Madrid', 0);
    const sun = resolveStart({ weekend: 'this', day: 'sun', at: '11:00' }, sundayNight, 'Europe/Madrid', 1);
    expect(sat.toISOString()).toBe('2026-01-18T22:30:00.000Z');
    expect(sun.getTime()).toBeGreaterThan(sat.getTime());
    expect(resolveStart({ day: 0, at: '09:00' }, THURSDAY, 'Europe/Madrid').getTime()).toBeGreaterThan(THURSDAY.getTime());
    // On a Sunday "this weekend" is the one under way: Saturday was yesterday.
    const sundayMorning = new Date('2026-01-18T07:00:00Z');
    expect(resolveStart({ weekend: 'this', day: 'sun', at: '18:00' }, sundayMorning, 'Europe/Madrid').toISOString()).toBe('2026-01-18T17:00:00.000Z');
    expect(resolveStart({ weekend: 'next', day: 'sat', at: '18:00' }, sundayMorning, 'Europe/Madrid').toISOString()).toBe('2026-01-24T17:00:00.000Z');
    // Saturday is over: a Saturday-evening event moves to Sunday evening.
    expect(resolveStart({ weekend: 'this', day: 'sat', at: '20:00' }, sundayMorning, 'Europe/Madrid').toISOString()).toBe('2026-01-18T19:00:00.000Z');
  });
});

describe('DEMO_CITY', () => {
  it('defaults to Barcelona, takes a built-in city and rejects any other', () => {
    expect(loadConfig({}).DEMO_CITY).toBe('barcelona');
    expect(loadConfig({ DEMO_CITY: '' }).DEMO_CITY).toBe('barcelona');
    expect(loadConfig({ DEMO_CITY: 'tel_aviv' }).DEMO_CITY).toBe('tel_aviv');
    expect(() => loadConfig({ DEMO_CITY: 'paris' })).toThrow(ConfigError);
    expect(Object.keys(DEMO_CITY_DATA).sort()).toEqual([...DEMO_CITIES].sort());
  });
});

describe('the demo catalogue', () => {
  it('uses every category, and keeps group events with members', () => {
    const used = new Set(DEMO_EVENTS.flatMap((e) => e.categories));
    expect([...used].sort()).toEqual([...CATEGORY_SLUGS].sort());
    for (const e of DEMO_EVENTS.filter((t) => t.group)) expect(DEMO_GROUP_MEMBERS[e.group!], e.key).toContain(e.owner);
    expect(new Set(DEMO_EVENTS.map((e) => e.key)).size).toBe(DEMO_EVENTS.length);
  });
});

describe.each(DEMO_CITIES)('planDemoEvents(%s)', (cityKey) => {
  const city = DEMO_CITY_DATA[cityKey];
  const plan = planDemoEvents(cityKey, THURSDAY);
  const rows = plan.map((p) => p.row);
  const distance = (r: (typeof rows)[number]) => distanceKm(city, { lat: r.lat!, lng: r.lng! });
  const inPerson = rows.filter((r) => r.lat !== null && r.lat !== undefined);
  const upcoming = rows.filter((r) => ((r.end_date ?? r.start_date) as Date) >= THURSDAY);

  it('spreads the events from 0.3 to 30 km, with a few online', () => {
    expect(rows).toHaveLength(DEMO_EVENTS.length);
    for (const r of inPerson) {
      expect(distance(r), r.name).toBeGreaterThanOrEqual(0.3);
      expect(distance(r), r.name).toBeLessThanOrEqual(30);
      expect(r.address, r.name).not.toBe('');
    }
    expect(upcoming.filter((r) => r.lat != null && distance(r) < CLOSE_TO_YOU_KM).length).toBeGreaterThanOrEqual(20);
    expect(inPerson.filter((r) => distance(r) > 10).length).toBeGreaterThanOrEqual(5);
    expect(rows.filter((r) => r.location_type === 'virtual').length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => !/\{\w+\}/.test(`${r.name} ${r.description} ${r.venue}`))).toBe(true);
  });

  it('has events this weekend in the city, prices in its currency, and fresh hashes', () => {
    const weekend = rows.filter((r) => {
      const p = localParts(r.start_date as Date, city.timeZone);
      return p.year === 2026 && p.month === 1 && (p.day === 17 || p.day === 18);
    });
    expect(weekend.length).toBeGreaterThanOrEqual(5);
    const priced = plan.filter((p) => p.row.currency !== null);
    expect(priced.length).toBeGreaterThanOrEqual(15);
    expect(priced.every((p) => p.row.currency === city.currency && p.row.payment_mode === 'own' && p.ticketTypes.length > 0)).toBe(true);
    expect(priced.every((p) => p.ticketTypes.every((t) => Number.isInteger(t.price) && t.price > 0))).toBe(true);
    // Some sell several types (standard and VIP), named uniquely; the rest one 'General Admission'.
    const multiple = priced.filter((p) => p.ticketTypes.length > 1);
    expect(multiple.length).toBeGreaterThanOrEqual(3);
    expect(multiple.every((p) => p.row.pricing_mode === 'multiple' && new Set(p.ticketTypes.map((t) => t.name)).size === p.ticketTypes.length)).toBe(true);
    expect(plan.filter((p) => p.row.currency === null).every((p) => p.ticketTypes.length === 0 && p.row.payment_mode === null)).toBe(true);
    expect(new Set(rows.map((r) => r.hash)).size).toBe(rows.length);
    expect(rows.every((r) => /^[A-Za-z][A-Za-z0-9]{9}$/.test(r.hash))).toBe(true);
    expect(plan.every((p) => p.row.likes_count === p.likes.length)).toBe(true);
  });
});
