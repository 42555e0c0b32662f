import { describe, expect, it } from 'vitest';
import { analyticsPath, analyticsReferrer } from './analytics-path.ts';

describe('analyticsPath', () => {
  it('keeps a screen, never which event, person, ticket or checkout', () => {
    expect(analyticsPath('/events/k3J9xQ')).toBe('/events/:event');
    expect(analyticsPath('/events/k3J9xQ?open_photo=12&group_invite=4')).toBe('/events/:event');
    expect(analyticsPath('/check-ticket/ABCD1234EFGH5678')).toBe('/check-ticket/:code');
    expect(analyticsPath('/profile/42')).toBe('/profile/:person');
    expect(analyticsPath('/edit/42')).toBe('/edit/:event');
    expect(analyticsPath('/test-provider/checkout/cs_test_123')).toBe('/test-provider/checkout/:id');
    expect(analyticsPath('/tickets')).toBe('/tickets');
    expect(analyticsPath('/my-events/')).toBe('/my-events');
  });

  it('keeps the list presets and nothing else of a query', () => {
    expect(analyticsPath('/?preset=today')).toBe('/?preset=today');
    expect(analyticsPath('/events?preset=weekend&search=alice%20party')).toBe('/events?preset=weekend');
    expect(analyticsPath('/events?search=secret')).toBe('/events');
    expect(analyticsPath('/tickets?preset=today')).toBe('/tickets');
  });

  it('counts any other address as one page', () => {
    expect(analyticsPath('/events/abc/extra')).toBe('/(other)');
    expect(analyticsPath('/wp-admin')).toBe('/(other)');
  });
});

describe('analyticsReferrer', () => {
  it('keeps another site’s origin only', () => {
    expect(analyticsReferrer('https://news.example/article?id=7', 'https://planns.example')).toBe('https://news.example');
    expect(analyticsReferrer('https://planns.example/events/abc', 'https://planns.example')).toBeNull();
    expect(analyticsReferrer('android-app://com.whatsapp/', 'https://planns.example')).toBeNull();
    expect(analyticsReferrer('not a url', 'https://planns.example')).toBeNull();
    expect(analyticsReferrer(null, 'https://planns.example')).toBeNull();
  });
});
