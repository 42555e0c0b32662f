import { MyTicketsPage } from '../../../features/tickets/my-tickets-page.tsx';

/** /tickets: My tickets, grouped by event, each with its QR code. */
export function MyTicketsRoute() {
  return <MyTicketsPage />;
}
