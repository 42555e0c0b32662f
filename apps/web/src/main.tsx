import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { registerNavigationActions } from './app/remembered-action-handlers.ts';
import { AppRoutes, preloadServerRenderedRoute } from './app/router.tsx';
import { TIME_ZONE_COOKIE } from '@planns/shared/i18n/languages';
import { readServerState } from './app/ssr/server-state.ts';
import { changeLanguage, initI18n, writePreferenceCookie } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { browserTimeZone, RenderedTimeZoneProvider } from './lib/viewer-time-zone.tsx';
import './styles/tokens.css';
import './styles/base.css';

/**
 * After a deploy replaces the lazy chunks, an open tab asks for files that no longer exist. Vite
 * reports that as vite:preloadError: load the page again (once a minute at most, so a chunk that
 * is really missing shows the route error instead of reloading forever).
 */
function reloadOnStaleChunks(): void {
  window.addEventListener('vite:preloadError', (event) => {
    try {
      const last = Number(sessionStorage.getItem('planns_chunk_reload') ?? 0);
      if (Date.now() - last < 60_000) return;
      sessionStorage.setItem('planns_chunk_reload', String(Date.now()));
    } catch {
      return; // no session storage (privacy mode): no loop guard, so no automatic reload
    }
    event.preventDefault();
    window.location.reload();
  });
}

async function start(): Promise<void> {
  reloadOnStaleChunks();
  writePreferenceCookie(TIME_ZONE_COOKIE, browserTimeZone());
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // A first screen the server rendered (decision 0035): its calls' answers fill the cache, its
  // language is the one the app starts in, and its code is loaded before React adopts its HTML.
  const rendered = container.firstElementChild ? readServerState() : null;
  const language = await initI18n(rendered?.language);
  registerNavigationActions();
  const queryClient = createQueryClient();
  for (const { key, data } of rendered?.queries ?? []) queryClient.setQueryData(key, data);
  const app = (
    <StrictMode>
      <RenderedTimeZoneProvider timeZone={rendered?.timeZone ?? null}>
        <AppProviders queryClient={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </RenderedTimeZoneProvider>
    </StrictMode>
  );
  if (rendered && (await preloadServerRenderedRoute(location.pathname).catch(() => false))) {
    // As a transition, React hydrates in short tasks and yields between them (decision 0035, Later).
    startTransition(() => {
      hydrateRoot(container, app, {
        // A difference React recovers from by rendering that part again in the browser: logged, not shown.
        onRecoverableError: (error) => console.warn('planns: the server-rendered page was rendered again in the browser', error),
      });
    });
    if (language !== rendered.language) void changeLanguage(language);
  } else {
    container.replaceChildren();
    if (rendered && language !== rendered.language) await changeLanguage(language);
    createRoot(container).render(app);
  }
}

void start();
