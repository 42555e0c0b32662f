import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnalytics, isTrackedHost, noneAnalytics } from './analytics.ts';

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
