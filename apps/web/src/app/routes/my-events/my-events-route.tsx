import { MyEventsScreen } from './my-events-screen.tsx';

/** /my-events: My plans. */
export function MyEventsRoute() {
  return <MyEventsScreen />;
}
