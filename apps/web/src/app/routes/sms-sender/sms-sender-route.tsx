import { SmsSenderPage } from '../../../features/sms-sender/sms-sender-page.tsx';

/** /sms-sender: the moderators' SMS sender (accounts §2). */
export function SmsSenderRoute() {
  return <SmsSenderPage />;
}
