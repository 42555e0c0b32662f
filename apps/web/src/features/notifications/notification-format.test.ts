import { describe, expect, it } from 'vitest';
import type { Notification } from '@planns/shared/notifications/notifications.schemas';
import { countUnread, rememberViewed, withViewedHere } from '../../api/notifications/list-notifications.ts';
import { EVENT_MARK, NAME_MARK, sentenceParts } from './notification-sentence.ts';
import { relativeTimeLabel } from '../../lib/relative-time.ts';

const notification = (id: number, viewedAt: string | null): Notification => ({
  id,
  created_at: '2025-06-01T10:00:00.000Z',
  viewed_at: viewedAt,
  data: { action: 'user_following', author: { id: 4, name: 'Ana', avatar: null }, user: null, target: null, comment: null, note: null },
});

describe('sentenceParts', () => {
  it('cuts the translated sentence at the person and the event, in the language order', () => {
    expect(sentenceParts(`${NAME_MARK} commented on ${EVENT_MARK}`)).toEqual([
      { kind: 'name' },
      { kind: 'text', text: ' commented on ' },
      { kind: 'event' },
    ]);
    expect(sentenceParts(`${EVENT_MARK}: ${NAME_MARK} הגיב/ה`)).toEqual([
      { kind: 'event' },
      { kind: 'text', text: ': ' },
      { kind: 'name' },
      { kind: 'text', text: ' הגיב/ה' },
    ]);
  });

  it('keeps markup-like text as plain text', () => {
    expect(sentenceParts('<b>hi</b>')).toEqual([{ kind: 'text', text: '<b>hi</b>' }]);
  });
});

describe('relativeTimeLabel', () => {
  const now = new Date('2025-06-10T12:00:00Z');
  it('is relative within a week, then a date', () => {
    expect(relativeTimeLabel(new Date('2025-06-10T11:59:30Z'), 'en', now)).toBe('now');
    expect(relativeTimeLabel(new Date('2025-06-10T11:55:00Z'), 'en', now)).toBe('5 min. ago');
    expect(relativeTimeLabel(new Date('2025-06-10T09:00:00Z'), 'en', now)).toBe('3 hr. ago');
    expect(relativeTimeLabel(new Date('2025-06-09T11:00:00Z'), 'en', now)).toBe('yesterday');
    expect(relativeTimeLabel(new Date('2025-05-01T11:00:00Z'), 'en', now)).toBe('May 1');
    expect(relativeTimeLabel(new Date('2024-05-01T11:00:00Z'), 'en', now)).toBe('May 1, 2024');
  });

  it('counts a time slightly ahead (clock drift) as now', () => {
    expect(relativeTimeLabel(new Date('2025-06-10T12:00:20Z'), 'en', now)).toBe('now');
  });
});

describe('notifications viewed on this page', () => {
  it('stay viewed when the server still says unread (the view call failed)', () => {
    const list = [notification(901, null), notification(902, null), notification(903, '2025-06-02T00:00:00.000Z')];
    expect(countUnread(list)).toBe(2);
    rememberViewed([901], '2025-06-03T00:00:00.000Z');
    const shown = withViewedHere(list);
    expect(shown.map((n) => n.viewed_at)).toEqual(['2025-06-03T00:00:00.000Z', null, '2025-06-02T00:00:00.000Z']);
    expect(countUnread(shown)).toBe(1);
    expect(countUnread(undefined)).toBe(0);
  });
});
