import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { registerNavigationActions } from './app/remembered-action-handlers.ts';
import { AppRoutes } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
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
  await initI18n();
  registerNavigationActions();
  const queryClient = createQueryClient();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

void start();
