import { FriendsScreen } from '../../features/friends/friends-screen.tsx';

/** /friends: friends and friend requests. */
export function FriendsRoute() {
  return <FriendsScreen />;
}
