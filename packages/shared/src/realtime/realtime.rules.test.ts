import { describe, expect, it } from 'vitest';
import { eventIdOfRoom, eventRoom, eventRooms, sessionRoom, userRoom } from './realtime.rules.ts';

describe('room names', () => {
  it('reads the event back from each of its rooms', () => {
    expect(eventRooms(63)).toEqual(['comment_posted-63', 'user_joined_event-63', 'user_rejected_event-63', 'seats_changed-63']);
    for (const room of eventRooms(63)) expect(eventIdOfRoom(room)).toBe(63);
    expect(eventIdOfRoom(eventRoom('comment_posted', 2_147_483_647))).toBe(2_147_483_647);
  });

  it('finds no event in other rooms or malformed names', () => {
    for (const room of [userRoom(63), sessionRoom(63), 'comment_posted', 'comment_posted-', 'comment_posted-0', 'comment_posted-1.5', 'comment_posted-x', 'other-63', 'x'.repeat(5)]) {
      expect(eventIdOfRoom(room)).toBeNull();
    }
  });
});
