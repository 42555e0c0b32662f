import { MyEventsScreen } from '../../features/my-events/my-events-screen.tsx';

/** /my-events: My plans. */
export function MyEventsRoute() {
  return <MyEventsScreen />;
}
