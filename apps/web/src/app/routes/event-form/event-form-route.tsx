import { useParams, useSearchParams } from 'react-router';
import { EventFormScreen } from './event-form-screen.tsx';

/** /new-event: create; /new-event?id={id}&clone=true copies that event (events §2). */
export function NewEventRoute() {
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  const isClone = searchParams.get('clone') === 'true' && id !== null && id !== '';
  return isClone ? <EventFormScreen key={`clone-${id}`} mode="clone" sourceRef={id} /> : <EventFormScreen key="create" mode="create" sourceRef={null} />;
}

/** /edit/{id}: the same form, updating the event. */
export function EditEventRoute() {
  const { id = '' } = useParams();
  return <EventFormScreen key={`edit-${id}`} mode="update" sourceRef={id || null} />;
}

/** /edit-event?id={id}: the older spelling of the edit route. */
export function EditEventQueryRoute() {
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  return <EventFormScreen key={`edit-${id ?? ''}`} mode="update" sourceRef={id || null} />;
}
