import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAddGoogleCalendarEvent } from '../../api/calendar/add-google-calendar-event.ts';
import { useDeleteGoogleCalendarEvent } from '../../api/calendar/delete-google-calendar-event.ts';
import { googleCalendarStatusQueryKey, useGoogleCalendarStatus } from '../../api/calendar/get-google-calendar-status.ts';
import { useGoogleCalendarLogout } from '../../api/calendar/google-calendar-logout.ts';
import { currentUserQueryKey } from '../../api/users/get-current-user.ts';
import { Spinner } from '../../components/spinner.tsx';
import { showNotice } from '../../lib/notice.ts';
import { useGoogleConnect } from './google-connect.ts';

type GoogleCalendarBlockProps = { eventId: number };

/**
 * The spec's Google calendar block (accounts §2, events §2; decision 0043), shown when the server
 * runs CALENDAR_PROVIDER=google, to signed-in people: 'Event already added to your calendar' with
 * the account's email and DELETE FROM MY CALENDAR, or the checkbox ADD EVENT TO MY CALENDAR with
 * SIGN OUT. Not connected yet, the checkbox opens Google's window first, then adds the event.
 * Failures are logged only (accounts §8): the checkbox simply stays unticked.
 */
export function GoogleCalendarBlock({ eventId }: GoogleCalendarBlockProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const checkboxId = useId();
  const emailId = useId();
  const status = useGoogleCalendarStatus(eventId, true);
  const add = useAddGoogleCalendarEvent();
  const remove = useDeleteGoogleCalendarEvent();
  const logout = useGoogleCalendarLogout();

  const addEvent = () =>
    add.mutate(eventId, {
      onSuccess: () => showNotice({ title: t('calendar.google.addedNotice') }),
      onError: (error) => console.error('Google Calendar: the event was not added', error),
    });

  const { connect, isConnecting } = useGoogleConnect((outcome) => {
    if (outcome.status === 'connected') {
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      void queryClient.invalidateQueries({ queryKey: googleCalendarStatusQueryKey(eventId) });
      addEvent();
    } else {
      console.error(`Google Calendar: not connected (${outcome.reason})`);
    }
  });

  if (status.isPending) return <Spinner size="small" />;
  if (status.isError) return null; // logged by the API client; the .ics download above still works

  const { email, has_google_calendar: isAdded } = status.data;
  const isBusy = add.isPending || remove.isPending || logout.isPending || isConnecting;

  if (email && isAdded) {
    return (
      <div className="google-calendar" aria-busy={isBusy}>
        <p className="google-calendar__added">{t('calendar.google.added')}</p>
        <p className="google-calendar__account" dir="auto">
          {t('calendar.google.account', { email })}
        </p>
        <button
          type="button"
          className="google-calendar__link"
          disabled={isBusy}
          onClick={() =>
            remove.mutate(eventId, {
              onSuccess: () => showNotice({ title: t('calendar.google.deletedNotice') }),
              onError: (error) => console.error('Google Calendar: the event was not deleted', error),
            })
          }
        >
          {t('calendar.google.delete')}
        </button>
      </div>
    );
  }

  return (
    <div className="google-calendar" aria-busy={isBusy}>
      <div className="google-calendar__row">
        <label className="google-calendar__check" htmlFor={checkboxId}>
          <input
            id={checkboxId}
            type="checkbox"
            className="google-calendar__input"
            checked={add.isPending || isConnecting}
            disabled={isBusy}
            aria-describedby={email ? emailId : undefined}
            onChange={(changeEvent) => {
              if (!changeEvent.target.checked) return;
              if (email) addEvent();
              else connect();
            }}
          />
          <span>{t('calendar.google.add')}</span>
        </label>
        {email ? (
          <button
            type="button"
            className="google-calendar__link"
            disabled={isBusy}
            onClick={() => logout.mutate(undefined, { onError: (error) => console.error('Google Calendar: not signed out', error) })}
          >
            {t('calendar.google.signOut')}
          </button>
        ) : null}
      </div>
      {email ? (
        <p id={emailId} className="google-calendar__account" dir="auto">
          {t('calendar.google.account', { email })}
        </p>
      ) : null}
      {isConnecting ? (
        <p className="google-calendar__account" role="status">
          {t('calendar.google.connecting')}
        </p>
      ) : null}
    </div>
  );
}
