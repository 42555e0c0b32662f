import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileReplySchema, type Profile } from '@planns/shared/profile/profile.schemas';
import { apiRequest } from '../../lib/api-client.ts';

/** Every profile query starts with this key; relationship changes invalidate it whole. */
export const profileRootQueryKey = ['profile'] as const;

export const profileQueryKey = (id: number) => [...profileRootQueryKey, id] as const;

/** GET /api/profile/{id} (signed in): the person, friends, created and joined events, relationship flags. */
export async function getProfile(id: number, signal?: AbortSignal): Promise<Profile> {
  const reply = await apiRequest(`/api/profile/${id}`, { schema: profileReplySchema, signal });
  return reply.data;
}

export const profileQueryOptions = (id: number) =>
  queryOptions({ queryKey: profileQueryKey(id), queryFn: ({ signal }) => getProfile(id, signal), staleTime: 30_000 });

/** Someone's profile; idle while `enabled` is false (signed out, or the own id about to redirect). */
export function useProfile(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...profileQueryOptions(id), enabled: options.enabled ?? true, retry: (count, error) => count < 2 && !isClientError(error) });
}

function isClientError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' && error.status >= 400 && error.status < 500;
}
