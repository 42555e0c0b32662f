import { useParams } from 'react-router';
import { EventPageScreen } from './event-page-screen.tsx';

/** /events/{hash or id}: the event page. A new ref is a new page (the key resets its state). */
export function EventRoute() {
  const { ref = '' } = useParams();
  return <EventPageScreen key={ref} eventRef={ref} />;
}
