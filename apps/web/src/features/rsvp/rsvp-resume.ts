import i18next from 'i18next';
import { isApiError } from '../../lib/api-client.ts';
import { showNotice } from '../../lib/notice.ts';
import { delay, requireIdParam, type ActionContext, type ActionParams } from '../../lib/remembered-actions.ts';
import { buildRsvpRequest, eventPagePath, isAnswered, parseRsvpAction } from './rsvp-state.ts';

/** Delays after login (events §9): 0.5 s for an RSVP, 1 s to open the join flow. */
const RSVP_RESUME_DELAY_MS = 500;
const OPEN_JOIN_DELAY_MS = 1000;

/**
 * The remembered RSVP actions (accounts §4), loaded only when one resumes
 * (app/remembered-action-handlers.ts registers them at start).
 */
export function resumeRsvpAction(name: string, params: ActionParams, context: ActionContext): Promise<void> {
  return name === 'open_join' ? resumeOpenJoin(params, context) : resumeRsvpWithSelection(params, context);
}

/** Opens the event page unless it is already open (no duplicate history entry). */
function openPage(navigate: ActionContext['navigate'], path: string): void {
  if (`${window.location.pathname}${window.location.search}` !== path) navigate(path);
}

/** The event's hash when the action carries one, else its id. */
function eventRef(params: ActionParams, id: string): string {
  return typeof params.hash === 'string' && params.hash !== '' ? params.hash : id;
}

/**
 * rsvp_with_selection {id, hash, action}: after 0.5 s sends a join (maybe marked for 'maybe') or a
 * rejection, with no companions, no note and no calendar, puts the answered event in the cache and
 * opens its page. An event that already carries that answer is left as it is (a going answer
 * keeps its companions). A missing event or action only logs console.error.
 */
export async function resumeRsvpWithSelection(params: ActionParams, { queryClient, navigate }: ActionContext): Promise<void> {
  const id = requireIdParam(params, 'id', 'rsvp_with_selection');
  if (id === null) return;
  const action = parseRsvpAction(params.action);
  if (action === null) {
    console.error('Remembered action "rsvp_with_selection" is missing its "action" param (join, maybe or reject).');
    return;
  }
  const eventId = Number(id);
  if (!Number.isInteger(eventId) || eventId <= 0) {
    console.error(`Remembered action "rsvp_with_selection" has no numeric event id (${id}).`);
    return;
  }
  await delay(RSVP_RESUME_DELAY_MS);
  // The calls and the schemas that parse them load now, not with the app's first load.
  const [{ eventQueryOptions }, { joinEvent, setAnsweredEvent }, { rejectEvent }] = await Promise.all([
    import('../../api/events/get-event.ts'),
    import('../../api/rsvp/join-event.ts'),
    import('../../api/rsvp/reject-event.ts'),
  ]);
  const ref = eventRef(params, id);
  // The page the user is on loads the same query after login, so this is usually no extra call.
  const current = await queryClient.fetchQuery(eventQueryOptions(ref, true));
  if (isAnswered(current, action)) {
    openPage(navigate, eventPagePath(current.hash));
    return;
  }
  const request = buildRsvpRequest({ action, companions: [], note: '' });
  try {
    const event = request.kind === 'join' ? await joinEvent({ eventId, body: request.body }) : await rejectEvent({ eventId, body: request.body });
    setAnsweredEvent(queryClient, event);
    openPage(navigate, eventPagePath(event.hash));
  } catch (error) {
    if (!isApiError(error) || error.code !== 'event_full') throw error;
    // Filled up while the user was signing in: the page shows the full state with the organiser's link.
    showNotice({ title: i18next.t('rsvp.full.title') });
    await queryClient.invalidateQueries({ queryKey: eventQueryOptions(ref, true).queryKey });
    openPage(navigate, eventPagePath(current.hash));
  }
}

/**
 * open_join {id, hash, action?}: after 1 s opens the event page with ?open_join, which opens the
 * join sheet there (with the action preselected when one is given).
 */
export async function resumeOpenJoin(params: ActionParams, { navigate }: ActionContext): Promise<void> {
  const id = requireIdParam(params, 'id', 'open_join');
  if (id === null) return;
  await delay(OPEN_JOIN_DELAY_MS);
  navigate(eventPagePath(eventRef(params, id), parseRsvpAction(params.action) ?? '1'));
}
