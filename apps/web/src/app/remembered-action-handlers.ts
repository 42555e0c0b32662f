import { delay, registerRememberedAction, requireIdParam } from '../lib/remembered-actions.ts';

/** Delay before a like resumed after login (events §9). */
const LIKE_RESUME_DELAY_MS = 1000;

/**
 * Remembered actions that only navigate, registered at start so they resume whatever screen is
 * open (accounts §4). Later issues add theirs here (importing a feature's handler lazily) or with
 * useRememberedActionHandler while their screen is mounted.
 */
export function registerNavigationActions(): void {
  registerRememberedAction('open_my_plans', (_params, { navigate }) => navigate('/my-events'));
  registerRememberedAction('open_create', (_params, { navigate }) => navigate('/new-event'));
  // My tickets opened while signed out (accounts §6): refreshes the tickets, then goes to /tickets.
  registerRememberedAction('open_tickets', async (_params, { navigate, queryClient }) => {
    const { myTicketsRootQueryKey } = await import('../api/tickets/list-my-tickets.ts');
    await queryClient.invalidateQueries({ queryKey: myTicketsRootQueryKey });
    navigate('/tickets');
  });
  registerRememberedAction('open_profile', (params, { navigate, user }) => {
    const id = params.id;
    const isOwn = id === undefined || id === null || String(id) === String(user.id);
    navigate(isOwn ? '/my-user' : `/profile/${encodeURIComponent(String(id))}`);
  });
  registerRememberedAction('open_event', (params, { navigate }) => {
    const id = requireIdParam(params, 'id', 'open_event');
    if (id !== null) navigate(`/events/${encodeURIComponent(id)}`);
  });
  // A like tried while signed out, resumed after 1 s (events §9) on whatever page is open.
  registerRememberedAction('like_event', async (params, { queryClient }) => {
    const id = requireIdParam(params, 'id', 'like_event');
    if (id === null) return;
    await delay(LIKE_RESUME_DELAY_MS);
    const { likeAfterLogin } = await import('../api/events/like-event.ts');
    await likeAfterLogin(queryClient, Number(id));
  });
  // An RSVP tried while signed out (rsvp_with_selection), or the join sheet to open (open_join):
  // resumed by the event page's code, loaded only then (features/rsvp/rsvp-resume.ts).
  for (const name of ['rsvp_with_selection', 'open_join']) {
    registerRememberedAction(name, async (params, context) =>
      (await import('../features/rsvp/rsvp-resume.ts')).resumeRsvpAction(name, params, context),
    );
  }
  // A checkout interrupted by a login (events §4 continue_to_stripe): back to the event's page at
  // the payment step, with the same tickets chosen, after 0.5 s (events §9).
  registerRememberedAction('continue_to_stripe', async (params, { navigate }) => {
    const ref = params.hash ?? params.id;
    if ((typeof ref !== 'string' && typeof ref !== 'number') || typeof params.choice !== 'string') {
      console.error('continue_to_stripe: the event or the tickets are missing');
      return;
    }
    await delay(500);
    navigate(`/events/${encodeURIComponent(String(ref))}?continue_checkout=${encodeURIComponent(params.choice)}`);
  });
  // A companion that could not be made while signed out (create_companions, accounts §4): after
  // 0.5 s (events §9) the companions are loaded again, wherever they are shown.
  registerRememberedAction('create_companions', async (_params, { queryClient }) => {
    await delay(500);
    const { companionsQueryKey } = await import('../api/companions/list-companions.ts');
    await queryClient.invalidateQueries({ queryKey: companionsQueryKey });
  });
  // Joins the group of a stored invite; the shell also does this whenever a user is signed in.
  registerRememberedAction('process_group_invite', async (_params, { navigate, queryClient }) => {
    const { processGroupInvite } = await import('../features/groups/process-group-invite.ts');
    await processGroupInvite({ navigate, queryClient });
  });
}
