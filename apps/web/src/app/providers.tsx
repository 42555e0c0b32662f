import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Direction } from 'radix-ui';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The app's providers. Radix's parts (tabs, menus, radio groups) read their direction from here:
 * without it each defaults to left-to-right and writes dir="ltr" on itself, and the Hebrew app's
 * tabs ran the wrong way (issue 18). It follows a language switch.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { i18n } = useTranslation();
  // The app answers taps from here on (a server-rendered page's buttons do nothing before it
  // hydrates): <html data-ready> tells tests and tools when a tap counts.
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <Direction.Provider dir={i18n.dir()}>{children}</Direction.Provider>
    </QueryClientProvider>
  );
}
