import { NotFoundScreen } from './not-found-screen.tsx';

export function NotFoundRoute() {
  return <NotFoundScreen />;
}
