import { FriendsPage } from '../../features/friends/friends-page.tsx';

/** /friends: friends and friend requests. */
export function FriendsRoute() {
  return <FriendsPage />;
}
