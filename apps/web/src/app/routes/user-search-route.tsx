import { UserSearchScreen } from '../../features/user-search/user-search-screen.tsx';

/** /user-search: find people and befriend them. */
export function UserSearchRoute() {
  return <UserSearchScreen />;
}
