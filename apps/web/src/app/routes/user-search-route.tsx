import { UserSearchPage } from '../../features/friends/user-search-page.tsx';

/** /user-search: find people and befriend them. */
export function UserSearchRoute() {
  return <UserSearchPage />;
}
