import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnalytics, isTrackedHost, noneAnalytics, relayedAnalytics } from './analytics.ts';

afterEach(() => vi.restoreAllMocks());

describe('isTrackedHost', () => {
  it('skips local hosts', () => {
    expect(isTrackedHost('localhost')).toBe(false);
    expect(isTrackedHost('127.0.0.1')).toBe(false);
    expect(isTrackedHost('planns.app')).toBe(true);
  });
});

describe('createAnalytics', () => {
  it('defaults to none', () => {
    expect(createAnalytics('none')).toBe(noneAnalytics);
    expect(createAnalytics(undefined)).toBe(noneAnalytics);
  });
  it('falls back to none for an unknown provider', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(createAnalytics('mystery').name).toBe('none');
  });
});

describe('the plausible provider', () => {
  it('posts page views and steps to planns, which relays them', () => {
    const sent: unknown[] = [];
    const analytics = relayedAnalytics((body) => sent.push(body));
    analytics.pageView('/events/abc', 'https://news.example/');
    analytics.event('rsvp', '/events/abc', { answer: 'join' });
    analytics.event('tickets', '/tickets');
    expect(sent).toEqual([
      { name: 'pageview', path: '/events/abc', referrer: 'https://news.example/' },
      { name: 'rsvp', path: '/events/abc', props: { answer: 'join' } },
      { name: 'tickets', path: '/tickets' },
    ]);
    expect(createAnalytics('plausible').name).toBe('plausible');
  });
});
