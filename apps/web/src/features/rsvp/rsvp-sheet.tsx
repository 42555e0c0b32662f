import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useConfig } from '../../api/config/get-config.ts';
import { Icon } from '../../components/icon.tsx';
import { useTranslation } from 'react-i18next';
import type { Companion } from '@planns/shared/companions/companions.schemas';
import type { Event } from '@planns/shared/events/events.schemas';
import { RSVP_NOTE_MAX_LENGTH } from '@planns/shared/rsvp/rsvp.rules';
import type { User } from '@planns/shared/users/users.schemas';
import { useCompanions } from '../../api/companions/list-companions.ts';
import { useJoinEvent } from '../../api/rsvp/join-event.ts';
import { useRejectEvent } from '../../api/rsvp/reject-event.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { Sheet } from '../../components/sheet.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { hasOnlyFieldErrors, useErrorMessage, useFieldError } from '../../lib/error-messages.ts';
import { useTrackStep } from '../../lib/use-analytics.ts';
import { lastSentCompanions, rememberSentCompanions } from './rsvp-companions-memory.ts';
import type { RsvpChoice } from '../checkout/checkout-sheet.tsx';
import { RsvpFullAlert } from './rsvp-full-alert.tsx';
import { CompanionFormSheet } from '../companions/companion-form-sheet.tsx';
import {
  RSVP_ACTIONS,
  buildRsvpRequest,
  canAddCompanion,
  initialRsvpAction,
  knownCompanionIds,
  ownCompanionsAmount,
  type RsvpAction,
} from './rsvp-state.ts';
import '../../components/check-list.css';

type RsvpSheetProps = {
  event: Event;
  user: User;
  preselected: RsvpAction | null;
  onClose: () => void;
  /** Step 1 to 2 of the join flow (events §4): offered when the event's payments are enabled. */
  onGetTickets?: ((rsvp: RsvpChoice) => void) | undefined;
};

function companionName(companion: Companion): string {
  return [companion.first_name, companion.last_name].filter(Boolean).join(' ');
}

/**
 * The join sheet, step 1 (events §4): Going / Maybe / Not going as one choice; going and maybe
 * pick the companions who come along, not going takes a note. Confirm sends the join or the
 * rejection; the answered event replaces the page's (api/rsvp/join-event.ts setAnsweredEvent).
 */
export function RsvpSheet({ event, user, preselected, onClose, onGetTickets }: RsvpSheetProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const fieldError = useFieldError();
  const noteId = useId();
  const companionsErrorId = useId();
  const companionsQuery = useCompanions();
  const track = useTrackStep();
  const [isCreatingCompanion, setIsCreatingCompanion] = useState(false);
  // With Google Calendar connected (CALENDAR_PROVIDER=google), a join may add the event there too.
  const googleEmail = useConfig().calendar_provider === 'google' ? user.google_email : null;
  const [useGoogleCalendar, setUseGoogleCalendar] = useState(false);
  const join = useJoinEvent();
  const reject = useRejectEvent();

  const [action, setAction] = useState<RsvpAction>(() => initialRsvpAction(event, preselected));
  /** null until the user ticks a box: the answer's own companions show until then. */
  const [picked, setPicked] = useState<readonly number[] | null>(null);
  const [note, setNote] = useState('');
  /** The ohWait prompt (events §4): going on a paid event without a ticket. */
  const [isOhWait, setIsOhWait] = useState(false);
  // 'Oh wait' takes the place of Confirm, which had the focus: the focus goes to its title, so a
  // keyboard is not left on nothing and a screen reader reads the question.
  const ohWaitTitle = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (isOhWait) ohWaitTitle.current?.focus();
  }, [isOhWait]);

  const companionsList = companionsQuery.data ?? [];
  const available = companionsQuery.data ? companionsQuery.data.map((c) => c.id) : null;
  const known = knownCompanionIds({ event, viewerId: user.id, lastSent: lastSentCompanions(user.id, event.id), available });
  const companions = (picked ?? known ?? []).filter((id) => available === null || available.includes(id));
  // The event tells how many companions come, not which: ask for them again when unknown.
  const unknownAmount = picked === null && known === null ? ownCompanionsAmount(event, user.id) : 0;

  // A failed companions load is only logged (events §8); the list then reads as empty.
  const loadError = companionsQuery.error;
  useEffect(() => {
    if (loadError) console.error('Companions could not be loaded', loadError);
  }, [loadError]);

  const mutation = action === 'reject' ? reject : join;
  const error = mutation.error;
  const isEventFull = isApiError(error) && error.code === 'event_full';
  const companionsError = fieldError(error, 'companions');
  const noteError = fieldError(error, 'note');
  const generalError = error && !isEventFull && !hasOnlyFieldErrors(error, ['companions', 'note']) ? errorMessage(error) : null;

  function choose(next: RsvpAction) {
    setAction(next);
    join.reset();
    reject.reset();
  }

  function toggle(id: number, checked: boolean) {
    setPicked(checked ? [...companions, id] : companions.filter((c) => c !== id));
  }

  const canBuy = onGetTickets !== undefined && event.payments_enabled && action !== 'reject';
  const getTickets = () => onGetTickets?.({ action: action === 'maybe' ? 'maybe' : 'join', companions, note });

  function submit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (mutation.isPending) return;
    // Going, payments enabled and no ticket yet: ohWait offers Get tickets or Later (Later submits the RSVP).
    if (canBuy && action === 'join' && event.my_tickets === 0 && !event.is_owner && !event.is_sold_out && !isOhWait) {
      setIsOhWait(true);
      return;
    }
    send();
  }

  function send() {
    const request = buildRsvpRequest({ action, companions, note, useGoogleCalendar: googleEmail !== null && useGoogleCalendar }, available);
    if (request.kind === 'join') {
      join.mutate(
        { eventId: event.id, body: request.body },
        {
          onSuccess: () => {
            rememberSentCompanions(user.id, event.id, request.body.companions);
            track('rsvp', { answer: action, companions: request.body.companions.length });
            onClose();
          },
          // A companion removed elsewhere (422 companions): show the list as it is now.
          onError: (joinError) => {
            if (isApiError(joinError) && joinError.fields.companions !== undefined) void companionsQuery.refetch();
          },
        },
      );
    } else {
      reject.mutate(
        { eventId: event.id, body: request.body },
        {
          onSuccess: () => {
            track('rsvp', { answer: 'reject' });
            onClose();
          },
        },
      );
    }
  }

  const isAtLimit = !canAddCompanion(companions, event.max_companions);

  return (
    <Sheet open onOpenChange={(next) => !next && onClose()} title={t('rsvp.sheet.title')}>
      <form className="rsvp-sheet" onSubmit={submit} noValidate>
        <fieldset className="rsvp-segments">
          <legend className="visually-hidden">{t('rsvp.yourAnswer')}</legend>
          {RSVP_ACTIONS.map((option) => (
            <label key={option} className="rsvp-segments__option">
              <input
                type="radio"
                name="rsvp-action"
                className="rsvp-segments__input"
                value={option}
                checked={action === option}
                onChange={() => choose(option)}
              />
              <span className="rsvp-segments__label">{t(`rsvp.actions.${option}`)}</span>
            </label>
          ))}
        </fieldset>

        {action === 'reject' ? (
          <div className="field">
            <label className="field__label" htmlFor={noteId}>
              {t('rsvp.sheet.note')}
            </label>
            <textarea
              id={noteId}
              className="input rsvp-sheet__note"
              rows={3}
              maxLength={RSVP_NOTE_MAX_LENGTH}
              placeholder={t('rsvp.sheet.notePlaceholder')}
              value={note}
              aria-invalid={noteError ? true : undefined}
              onChange={(changeEvent) => setNote(changeEvent.target.value)}
              dir="auto"
            />
            <FormMessage message={noteError} />
          </div>
        ) : (
          <fieldset className="check-list" aria-describedby={companionsError ? companionsErrorId : undefined}>
            <legend className="field__label">{t('rsvp.sheet.companions')}</legend>
            {event.max_companions !== null ? (
              <p className="field__hint">{t('rsvp.sheet.companionsLimit', { count: event.max_companions })}</p>
            ) : null}
            {unknownAmount > 0 ? <p className="field__hint">{t('rsvp.sheet.companionsUnknown', { count: unknownAmount })}</p> : null}
            {companionsQuery.isPending ? (
              <Spinner size="small" />
            ) : companionsList.length === 0 ? (
              <p className="field__hint">{t('rsvp.sheet.noCompanions')}</p>
            ) : (
              <ul className="check-list__list">
                {companionsList.map((companion) => {
                  const isChecked = companions.includes(companion.id);
                  return (
                    <li key={companion.id}>
                      <label className="check-list__item">
                        <input
                          type="checkbox"
                          className="check-list__input"
                          checked={isChecked}
                          disabled={!isChecked && isAtLimit}
                          onChange={(changeEvent) => toggle(companion.id, changeEvent.target.checked)}
                        />
                        <span dir="auto">{companionName(companion) || t('eventPage.attendees.noName')}</span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            )}
            <FormMessage id={companionsErrorId} message={companionsError} />
            <button type="button" className="rsvp-companions__add" onClick={() => setIsCreatingCompanion(true)}>
              <Icon name="plus" size={18} />
              {t('rsvp.sheet.addCompanion')}
            </button>
          </fieldset>
        )}

        {googleEmail !== null && action !== 'reject' ? (
          <label className="check-list__item">
            <input type="checkbox" className="check-list__input" checked={useGoogleCalendar} onChange={(changeEvent) => setUseGoogleCalendar(changeEvent.target.checked)} />
            <span>
              {t('rsvp.sheet.googleCalendar')} <bdi dir="ltr">({googleEmail})</bdi>
            </span>
          </label>
        ) : null}

        {isEventFull ? <RsvpFullAlert event={event} isAnnounced /> : null}
        <FormMessage message={generalError} />

        {isOhWait ? (
          <div className="rsvp-oh-wait" role="group" aria-labelledby={`${noteId}-oh-wait`} aria-describedby={`${noteId}-oh-wait-text`}>
            <p ref={ohWaitTitle} id={`${noteId}-oh-wait`} className="rsvp-oh-wait__title" tabIndex={-1}>
              {t('rsvp.ohWait.title')}
            </p>
            <p id={`${noteId}-oh-wait-text`} className="rsvp-oh-wait__text">
              {t('rsvp.ohWait.text')}
            </p>
            <div className="rsvp-oh-wait__actions">
              <button type="button" className="btn btn--secondary" disabled={mutation.isPending} onClick={send}>
                {t('rsvp.ohWait.later')}
              </button>
              <button type="button" className="btn btn--primary" onClick={getTickets}>
                {t('rsvp.ohWait.getTickets')}
              </button>
            </div>
          </div>
        ) : (
          <>
            {canBuy ? (
              event.is_sold_out ? (
                <p className="rsvp-sold-out">{t('rsvp.soldOut')}</p>
              ) : (
                <button type="button" className="btn btn--primary btn--block" onClick={getTickets}>
                  {t('rsvp.getTickets')}
                </button>
              )
            ) : null}
            <button type="submit" className={canBuy && !event.is_sold_out ? 'btn btn--secondary btn--block' : 'btn btn--primary btn--block'} disabled={mutation.isPending}>
              {mutation.isPending ? <Spinner size="small" label={t('rsvp.sheet.saving')} /> : null}
              {t('rsvp.sheet.confirm')}
            </button>
          </>
        )}
      </form>
      {/* Outside the join form: the companion's own form is submitted alone. */}
      <CompanionFormSheet
        open={isCreatingCompanion}
        companion={null}
        onClose={() => setIsCreatingCompanion(false)}
        onCreated={(created) => {
          // The new companion comes along, unless the event's limit is reached.
          if (canAddCompanion(companions, event.max_companions)) setPicked([...companions, created.id]);
        }}
      />
    </Sheet>
  );
}
