import { describe, expect, it } from 'vitest';
import { friendshipActions } from './relationship-state.ts';

const none = { is_friend: false, request_sent_by_me: false, has_request: false };

describe('friendshipActions', () => {
  it('offers a friend request to a stranger', () => {
    expect(friendshipActions(none)).toEqual(['add']);
  });

  it('offers to cancel a request I sent', () => {
    expect(friendshipActions({ ...none, request_sent_by_me: true })).toEqual(['cancel']);
  });

  it('offers accept and decline for a request I received', () => {
    expect(friendshipActions({ ...none, has_request: true })).toEqual(['accept', 'decline']);
  });

  it('offers only unfriend to a friend, whatever the request flags say', () => {
    expect(friendshipActions({ is_friend: true, request_sent_by_me: true, has_request: true })).toEqual(['unfriend']);
  });
});
