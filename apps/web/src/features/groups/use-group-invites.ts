import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../../api/users/get-current-user.ts';
import { peekGroupInvite, storeGroupInvite, takeGroupInviteParam, writeGroupFilter } from './group-invite.ts';

/**
 * Mounted once in the shell, so it covers every page (the event page's shared links above all):
 * a group_invite parameter is read, stored and removed from the address; whenever a user is
 * signed in (already, or after the login modal) with an invite stored, the invite is processed.
 * The joining code is its own chunk, fetched only when there is an invite.
 */
export function useGroupInvites(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const isSignedOut = user === null;

  useEffect(() => {
    const { groupId, search, hasParam } = takeGroupInviteParam(location.search);
    if (!hasParam) return;
    if (groupId !== null) {
      storeGroupInvite(groupId);
      // A visitor's list keeps to the group's events (group_context, decision 0044) until they
      // clear it; a member's filter is set once the invite is processed.
      if (isSignedOut) writeGroupFilter(groupId);
    }
    void navigate({ pathname: location.pathname, search, hash: location.hash }, { replace: true, state: location.state });
  }, [location, navigate, isSignedOut]);

  // Runs after the effect above in the same commit, so an invite just stored is seen at once.
  useEffect(() => {
    if (userId === null || peekGroupInvite() === null) return;
    void import('./process-group-invite.ts').then(({ processGroupInvite }) =>
      processGroupInvite({ queryClient, navigate: (to) => void navigate(to) }),
    );
  }, [userId, location.search, queryClient, navigate]);
}
