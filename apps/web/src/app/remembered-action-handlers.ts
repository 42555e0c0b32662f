import { registerRememberedAction, requireIdParam } from '../lib/remembered-actions.ts';

/**
 * Remembered actions that only navigate, registered at start so they resume whatever screen is
 * open (accounts §4). Later issues add theirs here (importing a feature's handler lazily) or with
 * useRememberedActionHandler while their screen is mounted.
 */
export function registerNavigationActions(): void {
  registerRememberedAction('open_my_plans', (_params, { navigate }) => navigate('/my-events'));
  registerRememberedAction('open_create', (_params, { navigate }) => navigate('/new-event'));
  registerRememberedAction('open_profile', (params, { navigate, user }) => {
    const id = params.id;
    const isOwn = id === undefined || id === null || String(id) === String(user.id);
    navigate(isOwn ? '/my-user' : `/profile/${encodeURIComponent(String(id))}`);
  });
  registerRememberedAction('open_event', (params, { navigate }) => {
    const id = requireIdParam(params, 'id', 'open_event');
    if (id !== null) navigate(`/events/${encodeURIComponent(id)}`);
  });
}
