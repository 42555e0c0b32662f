import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { loadScreenTexts } from '../lib/i18n.ts';
import { HomeRoute } from './routes/home-route.tsx';
import { AppShell } from './shell/app-shell.tsx';

/** A screen in its own chunk (React.lazy wants a default export; the route files use named ones). */
function lazyScreen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  // The screen's texts (lib/i18n-split.ts) arrive with its code, so it never shows raw keys.
  return lazy(() => Promise.all([load(), loadScreenTexts()]).then(([module]) => ({ default: module[name] })));
}

const EventsRoute = lazyScreen(() => import('./routes/events-route.tsx'), 'EventsRoute');
const EventRoute = lazyScreen(() => import('./routes/event-route.tsx'), 'EventRoute');
const NewEventRoute = lazyScreen(() => import('./routes/event-form-route.tsx'), 'NewEventRoute');
const EditEventRoute = lazyScreen(() => import('./routes/event-form-route.tsx'), 'EditEventRoute');
const EditEventQueryRoute = lazyScreen(() => import('./routes/event-form-route.tsx'), 'EditEventQueryRoute');
const MyUserRoute = lazyScreen(() => import('./routes/my-user-route.tsx'), 'MyUserRoute');
const TermsRoute = lazyScreen(() => import('./routes/terms-route.tsx'), 'TermsRoute');
const PrivacyPolicyRoute = lazyScreen(() => import('./routes/privacy-policy-route.tsx'), 'PrivacyPolicyRoute');
const CookiesPolicyRoute = lazyScreen(() => import('./routes/cookies-policy-route.tsx'), 'CookiesPolicyRoute');
const NotFoundRoute = lazyScreen(() => import('./routes/not-found-route.tsx'), 'NotFoundRoute');

/**
 * Home is in the first bundle; every other screen is its own chunk, loaded under the shell's
 * Suspense. Screens that arrive with later issues (/my-events, /profile/{id},
 * /friends ...) are not registered yet: the not-found screen answers them honestly.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route index element={<HomeRoute />} />
        <Route path="home" element={<HomeRoute />} />
        <Route path="events" element={<EventsRoute />} />
        <Route path="events/:ref" element={<EventRoute />} />
        <Route path="new-event" element={<NewEventRoute />} />
        <Route path="edit/:id" element={<EditEventRoute />} />
        <Route path="edit-event" element={<EditEventQueryRoute />} />
        <Route path="my-user" element={<MyUserRoute />} />
        <Route path="terms" element={<TermsRoute />} />
        <Route path="privacy-policy" element={<PrivacyPolicyRoute />} />
        <Route path="cookies-policy" element={<CookiesPolicyRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
