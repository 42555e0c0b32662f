import { useSearchParams } from 'react-router';
import { parseEventPreset } from '@planns/shared/events/event-presets.rules';
import { EventsListPage } from '../../features/events/list/events-list-page.tsx';

/**
 * /events?preset=<all|trending|close|friends|weekend>; the header's toggles add ?search=open and
 * ?filters=open, which the screen reads itself.
 */
export function EventsRoute() {
  const [searchParams] = useSearchParams();
  return <EventsListPage preset={parseEventPreset(searchParams.get('preset')) ?? 'all'} />;
}
