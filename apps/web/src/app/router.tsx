import { Route, Routes } from 'react-router';
import { preloadableLazy } from '../lib/preloadable-lazy.ts';
import { HomeRoute } from './routes/home/home-route.tsx';
import { AppShell } from './shell/app-shell.tsx';

const ScreenRoutes = preloadableLazy(() => import('./screen-routes.tsx').then((module) => module.ScreenRoutes));

/**
 * Before the browser hydrates a screen the server rendered: the route table and that screen's code
 * and texts, so that hydration never waits for a chunk (lib/preloadable-lazy.ts). False when the
 * path is no server-rendered screen.
 */
export async function preloadServerRenderedRoute(pathname: string): Promise<boolean> {
  const [module] = await Promise.all([import('./screen-routes.tsx'), ScreenRoutes.preload()]);
  return module.preloadServerRenderedScreen(pathname);
}

/**
 * Home is in the first bundle; every other screen is reached through ScreenRoutes
 * (screen-routes.tsx), a lazily loaded route table whose screens are each their own chunk,
 * loaded under the shell's Suspense. Unknown paths get the not-found screen there.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route index element={<HomeRoute />} />
        <Route path="home" element={<HomeRoute />} />
        <Route path="*" element={<ScreenRoutes />} />
      </Route>
    </Routes>
  );
}
