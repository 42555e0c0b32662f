import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { HomeRoute } from './routes/home/home-route.tsx';
import { AppShell } from './shell/app-shell.tsx';

const ScreenRoutes = lazy(() => import('./screen-routes.tsx').then((module) => ({ default: module.ScreenRoutes })));

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
