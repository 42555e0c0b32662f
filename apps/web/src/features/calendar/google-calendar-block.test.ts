import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { GoogleCalendarStatus } from '@planns/shared/calendar/google-calendar.schemas';
import en from '../../locales/en.json' with { type: 'json' };
import { googleCalendarStatusQueryKey } from '../../api/calendar/get-google-calendar-status.ts';
import { GoogleCalendarBlock } from './google-calendar-block.tsx';

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });

/** The block as the server would render it for an event whose status is already known. */
function render(status: GoogleCalendarStatus | undefined): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (status) queryClient.setQueryData(googleCalendarStatusQueryKey(7), status);
  return renderToString(
    createElement(I18nextProvider, { i18n }, createElement(QueryClientProvider, { client: queryClient }, createElement(GoogleCalendarBlock, { eventId: 7 }))),
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ');

describe('GoogleCalendarBlock', () => {
  it('says the event is in the calendar, with the account’s email and DELETE FROM MY CALENDAR', () => {
    const html = render({ email: 'ada@example.com', has_google_calendar: true });
    expect(text(html)).toContain('Event already added to your calendar');
    expect(text(html)).toContain('Google account: ada@example.com');
    expect(html).toMatch(/<button[^>]*type="button"[^>]*>Delete from my calendar<\/button>/);
    expect(html).not.toContain('type="checkbox"');
    expect(text(html)).not.toContain('Sign out');
  });

  it('offers ADD EVENT TO MY CALENDAR with SIGN OUT to a connected account', () => {
    const html = render({ email: 'ada@example.com', has_google_calendar: false });
    expect(html).toMatch(/<input[^>]*type="checkbox"/);
    expect(text(html)).toContain('Add event to my calendar');
    expect(text(html)).toContain('Sign out');
    expect(text(html)).toContain('ada@example.com');
    expect(text(html)).not.toContain('already added');
  });

  it('offers only the checkbox before an account is connected (it opens Google’s window)', () => {
    const html = render({ email: null, has_google_calendar: false });
    expect(html).toMatch(/<input[^>]*type="checkbox"/);
    expect(text(html)).not.toContain('Sign out');
    expect(text(html)).not.toContain('Google account');
  });

  it('escapes the email: never markup', () => {
    const html = render({ email: '<img src=x onerror=alert(1)>@example.com', has_google_calendar: true });
    expect(html).not.toContain('<img');
  });
});
