import { useParams } from 'react-router';
import { CheckTicketPage } from '../../../features/tickets/check-ticket-page.tsx';

/** /check-ticket/{code}: where a ticket's QR code leads. A new code is a new page (the key resets it). */
export function CheckTicketRoute() {
  const { code = '' } = useParams();
  return <CheckTicketPage key={code} code={code} />;
}
