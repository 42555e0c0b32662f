import { Suspense, useEffect, useId, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import type { User } from '@planns/shared/users/users.schemas';
import { reservedSeatsQueryOptions } from '../../api/seats/get-reserved-seats.ts';
import { eventSeatMapQueryOptions } from '../../api/seats/get-seat-template.ts';
import { Icon, type IconName } from '../../components/icon.tsx';
import { SheetHost } from '../../components/sheet.tsx';
import { requireLogin } from '../../lib/login-prompt.ts';
import { preloadableLazy } from '../../lib/preloadable-lazy.ts';
import { LazySeatPicker, warmSeatChart } from '../seats/lazy-seat-picker.ts';
import type { CheckoutStart, RsvpChoice } from '../checkout/checkout-sheet.tsx';
import { CHECKOUT_SESSION_PARAM, CONTINUE_CHECKOUT_PARAM, OPEN_TICKETS_PARAM, decodeChoice } from '../checkout/checkout-state.ts';
import { RsvpFullAlert } from './rsvp-full-alert.tsx';
import { OPEN_JOIN_PARAM, RSVP_ACTIONS, readOpenJoinParam, rsvpButtons, rsvpCapacity, type RsvpAction } from './rsvp-state.ts';

// The sheets open on a tap (or a link that asks for them): their code, the checkout's card form
// and the payment calls among it, is not part of the event page's first load (issue 16).
const RsvpSheet = preloadableLazy(() => import('./rsvp-sheet.tsx').then((m) => m.RsvpSheet));
const CheckoutSheet = preloadableLazy(() => import('../checkout/checkout-sheet.tsx').then((m) => m.CheckoutSheet));

/**
 * While the person answers in the RSVP sheet, what its 'Get tickets' opens is fetched: the join
 * flow's code and, for a seated event, the map and the seats taken, and the chart's opening tiles
 * made ready (the chart opens drawn; it fetches the seats again at once and every few seconds).
 */
function prepareTickets(queryClient: QueryClient, event: Event): void {
  if (!event.is_paid || !event.payments_enabled) return;
  void CheckoutSheet.preload();
  if (!event.seated) return;
  void LazySeatPicker.preload();
  void warmSeatChart(event, queryClient.fetchQuery(eventSeatMapQueryOptions(event.seat_template_id)), queryClient.fetchQuery(reservedSeatsQueryOptions(event.id))).catch(() => undefined);
}
import './rsvp-block.css';

const ACTION_ICONS: Record<RsvpAction, IconName> = { join: 'check', maybe: 'clock', reject: 'close' };

/** The sheet open: the RSVP (step 1) or the join flow's steps 2 to 5. */
type Sheet = { kind: 'rsvp'; preselected: RsvpAction | null } | { kind: 'checkout'; rsvp: RsvpChoice; start: CheckoutStart };

/** The RSVP the tickets go with when the flow opens straight at a later step: the viewer's answer, else going. */
function defaultRsvp(event: Event): RsvpChoice {
  return { action: event.is_maybe ? 'maybe' : 'join', companions: event.my_companions, note: '' };
}

/** The join flow's entries from the address (see checkout-state.ts). */
function checkoutEntryOf(search: URLSearchParams): CheckoutStart | null {
  const session = search.get(CHECKOUT_SESSION_PARAM);
  if (session && /^[\w-]{1,255}$/.test(session)) return { step: 'success', sessionId: session };
  const resumed = search.get(CONTINUE_CHECKOUT_PARAM);
  const choice = resumed ? decodeChoice(resumed) : null;
  if (choice) return { step: 'payment', choice };
  if (search.has(OPEN_TICKETS_PARAM)) return { step: 'tickets' };
  return null;
}

type RsvpBlockProps = { event: Event; user: User | null };

/**
 * The RSVP block of the event page (events §4 "RSVP", join flow step 1): unanswered, the three
 * buttons Going / Maybe / Not going; answered, one button with the answer. Each opens the join
 * sheet. Visitors log in first and the answer resumes as rsvp_with_selection; the address's
 * ?open_join (the remembered open_join) opens the sheet.
 */
export function RsvpBlock({ event, user }: RsvpBlockProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const queryClient = useQueryClient();
  const buttons = rsvpButtons(event, user?.id ?? null);
  const capacity = rsvpCapacity(event);

  // ?open_join[=action]: open the sheet once per navigation (state adjusted while rendering) ...
  const search = new URLSearchParams(location.search);
  const openJoin = readOpenJoinParam(search);
  // ... and the join flow's own: ?open_tickets (the tickets step), ?checkout_session (back from
  // the provider: the payment's outcome), ?continue_checkout (continue_to_stripe after login).
  const checkoutEntry = checkoutEntryOf(search);
  const [handledNavigation, setHandledNavigation] = useState<string | null>(null);
  if ((openJoin.isPresent || checkoutEntry) && handledNavigation !== location.key) {
    setHandledNavigation(location.key);
    if (user && checkoutEntry) {
      if (checkoutEntry.step === 'success' || event.payments_enabled) setSheet({ kind: 'checkout', rsvp: defaultRsvp(event), start: checkoutEntry });
    } else if (user && openJoin.isPresent && buttons.kind !== 'none') setSheet({ kind: 'rsvp', preselected: openJoin.action });
  }
  // ... and take the parameter out of the address; a visitor is asked to log in first.
  const isOpenJoinPresent = openJoin.isPresent;
  const openJoinAction = openJoin.isPresent ? openJoin.action : null;
  const canAnswer = buttons.kind !== 'none';
  const isSignedIn = user !== null;
  const hasCheckoutEntry = checkoutEntry !== null;
  useEffect(() => {
    if (!isOpenJoinPresent && !hasCheckoutEntry) return;
    if (!isSignedIn && canAnswer && isOpenJoinPresent) {
      requireLogin({ name: 'open_join', params: { id: event.id, hash: event.hash, ...(openJoinAction ? { action: openJoinAction } : {}) } });
    }
    const search = new URLSearchParams(location.search);
    for (const name of [OPEN_JOIN_PARAM, OPEN_TICKETS_PARAM, CHECKOUT_SESSION_PARAM, CONTINUE_CHECKOUT_PARAM]) search.delete(name);
    const rest = search.toString();
    void navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash }, { replace: true, state: location.state });
  }, [isOpenJoinPresent, hasCheckoutEntry, openJoinAction, isSignedIn, canAnswer, event.id, event.hash, location, navigate]);

  function open(action: RsvpAction | null) {
    if (!user) {
      // Resumed after login by app/remembered-action-handlers.ts (rsvp-resume.ts).
      requireLogin({ name: 'rsvp_with_selection', params: { id: event.id, hash: event.hash, action: action ?? 'join' } });
      return;
    }
    setSheet({ kind: 'rsvp', preselected: action });
    prepareTickets(queryClient, event);
  }

  if (event.deleted_by_moderator) return null;

  const answerLabel =
    buttons.kind !== 'current'
      ? ''
      : buttons.action === 'join' && buttons.companionsAmount > 0
        ? t('rsvp.goingWith', { companions: buttons.companionsAmount })
        : t(`rsvp.actions.${buttons.action}`);
  const badge = capacity === 'almostFull' ? <span className="rsvp-badge">{t('rsvp.almostFull')}</span> : null;

  return (
    <section className="rsvp" aria-labelledby={buttons.kind === 'none' ? undefined : titleId}>
      {capacity === 'full' ? <RsvpFullAlert event={event} /> : null}

      {buttons.kind === 'choices' ? (
        <>
          <div className="rsvp__heading">
            <h2 id={titleId} className="rsvp__title">
              {t('rsvp.title')}
            </h2>
            {badge}
          </div>
          <div className="rsvp__choices">
            {RSVP_ACTIONS.map((action) => (
              <button
                key={action}
                type="button"
                // None looks chosen before an answer (a filled Going read as already picked):
                // three outlined choices, each with its sign; Going's outline is the app's colour.
                className={`btn btn--secondary rsvp__choice rsvp__choice--${action}`}
                aria-haspopup="dialog"
                onClick={() => open(action)}
              >
                <Icon name={ACTION_ICONS[action]} size={18} />
                {t(`rsvp.actions.${action}`)}
              </button>
            ))}
          </div>
        </>
      ) : null}

      {buttons.kind === 'current' ? (
        <>
          <div className="rsvp__heading">
            <h2 id={titleId} className="rsvp__title">
              {t('rsvp.yourAnswer')}
            </h2>
            {badge}
          </div>
          <button
            type="button"
            className={`rsvp__current rsvp__current--${buttons.action}`}
            aria-haspopup="dialog"
            // 'Your answer Going Change': the heading, then what the button shows (WCAG 2.5.3).
            aria-labelledby={`${titleId} ${titleId}-answer ${titleId}-change`}
            onClick={() => open(null)}
          >
            <Icon name={ACTION_ICONS[buttons.action]} size={20} />
            <span id={`${titleId}-answer`} className="rsvp__current-label">
              {answerLabel}
            </span>{' '}
            <span id={`${titleId}-change`} className="rsvp__current-change">
              {t('rsvp.change')}
              <Icon name="chevronDown" size={16} />
            </span>
          </button>
        </>
      ) : null}

      {event.my_tickets > 0 ? (
        <Link className="rsvp__tickets" to="/tickets">
          <Icon name="tag" size={18} />
          {t('rsvp.ticketsHeld', { count: event.my_tickets })}
        </Link>
      ) : event.is_sold_out ? (
        <p className="rsvp__sold-out">{t('rsvp.soldOut')}</p>
      ) : null}

      {/* One dialog for the flow (components/sheet.tsx, SheetHost): the RSVP and the tickets' steps
          take turns in it. A step's code is in before the step is shown (the sheet never waits
          half-replaced); the first opens once its code is in. */}
      <Suspense fallback={null}>
        {sheet && user ? (
          <SheetHost open>
            {sheet.kind === 'rsvp' ? (
              <RsvpSheet
                event={event}
                user={user}
                preselected={sheet.preselected}
                onClose={() => setSheet(null)}
                onGetTickets={(rsvp) => void CheckoutSheet.preload().then(() => setSheet({ kind: 'checkout', rsvp, start: { step: 'tickets' } }))}
              />
            ) : (
              <CheckoutSheet
                // A new entry (back from the provider, a resumed payment) starts the flow again at its step.
                key={sheet.start.step === 'success' ? `success-${sheet.start.sessionId}` : sheet.start.step}
                event={event}
                rsvp={sheet.rsvp}
                start={sheet.start}
                onBackToRsvp={() => void RsvpSheet.preload().then(() => setSheet({ kind: 'rsvp', preselected: sheet.rsvp.action }))}
                onClose={() => setSheet(null)}
              />
            )}
          </SheetHost>
        ) : null}
      </Suspense>
    </section>
  );
}
