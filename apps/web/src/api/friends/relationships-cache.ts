import type { QueryClient } from '@tanstack/react-query';
import { profileRootQueryKey } from '../profile/get-profile.ts';

/** Every friends query (friends, requests, people search, follow status) starts with this key. */
export const friendsRootQueryKey = ['friends'] as const;

/**
 * After a friendship or follow changes, every list that shows relationship flags is stale:
 * friends, requests, people search results and profiles.
 */
export async function invalidateRelationships(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: friendsRootQueryKey }),
    queryClient.invalidateQueries({ queryKey: profileRootQueryKey }),
  ]);
}
