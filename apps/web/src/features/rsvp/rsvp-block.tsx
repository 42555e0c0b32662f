import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import type { User } from '@planns/shared/users/users.schemas';
import { Icon, type IconName } from '../../components/icon.tsx';
import { requireLogin } from '../../lib/login-prompt.ts';
import { RsvpFullAlert } from './rsvp-full-alert.tsx';
import { RsvpSheet } from './rsvp-sheet.tsx';
import { OPEN_JOIN_PARAM, RSVP_ACTIONS, readOpenJoinParam, rsvpButtons, rsvpCapacity, type RsvpAction } from './rsvp-state.ts';
import './rsvp-block.css';

const ACTION_ICONS: Record<RsvpAction, IconName> = { join: 'check', maybe: 'clock', reject: 'close' };

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
  const [sheet, setSheet] = useState<{ preselected: RsvpAction | null } | null>(null);
  const buttons = rsvpButtons(event, user?.id ?? null);
  const capacity = rsvpCapacity(event);

  // ?open_join[=action]: open the sheet once per navigation (state adjusted while rendering) ...
  const openJoin = readOpenJoinParam(new URLSearchParams(location.search));
  const [handledNavigation, setHandledNavigation] = useState<string | null>(null);
  if (openJoin.isPresent && handledNavigation !== location.key) {
    setHandledNavigation(location.key);
    if (user && buttons.kind !== 'none') setSheet({ preselected: openJoin.action });
  }
  // ... and take the parameter out of the address; a visitor is asked to log in first.
  const isOpenJoinPresent = openJoin.isPresent;
  const openJoinAction = openJoin.isPresent ? openJoin.action : null;
  const canAnswer = buttons.kind !== 'none';
  const isSignedIn = user !== null;
  useEffect(() => {
    if (!isOpenJoinPresent) return;
    if (!isSignedIn && canAnswer) {
      requireLogin({ name: 'open_join', params: { id: event.id, hash: event.hash, ...(openJoinAction ? { action: openJoinAction } : {}) } });
    }
    const search = new URLSearchParams(location.search);
    search.delete(OPEN_JOIN_PARAM);
    const rest = search.toString();
    void navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash }, { replace: true, state: location.state });
  }, [isOpenJoinPresent, openJoinAction, isSignedIn, canAnswer, event.id, event.hash, location, navigate]);

  function open(action: RsvpAction | null) {
    if (!user) {
      // Resumed after login by app/remembered-action-handlers.ts (rsvp-resume.ts).
      requireLogin({ name: 'rsvp_with_selection', params: { id: event.id, hash: event.hash, action: action ?? 'join' } });
      return;
    }
    setSheet({ preselected: action });
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
                className={action === 'join' ? 'btn btn--primary rsvp__choice' : 'btn btn--secondary rsvp__choice'}
                aria-haspopup="dialog"
                onClick={() => open(action)}
              >
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
            aria-label={t('rsvp.changeAnswer', { answer: answerLabel })}
            onClick={() => open(null)}
          >
            <Icon name={ACTION_ICONS[buttons.action]} size={20} />
            <span className="rsvp__current-label">{answerLabel}</span>
            <span className="rsvp__current-change" aria-hidden="true">
              {t('rsvp.change')}
              <Icon name="chevronDown" size={16} />
            </span>
          </button>
        </>
      ) : null}

      {sheet && user ? <RsvpSheet event={event} user={user} preselected={sheet.preselected} onClose={() => setSheet(null)} /> : null}
    </section>
  );
}
