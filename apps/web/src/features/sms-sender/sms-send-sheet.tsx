import { useTranslation } from 'react-i18next';
import { Sheet } from '../../components/sheet.tsx';
import { SmsSendForm } from './sms-send-form.tsx';
import { SmsSendsList } from './sms-sends-list.tsx';

type SmsSendSheetProps = { event: { hash: string; name: string }; open: boolean; onClose: () => void };

/** The moderation menu's 'send SMS' (events §2, moderators only): the sender for this event, and its sends. */
export function SmsSendSheet({ event, open, onClose }: SmsSendSheetProps) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onOpenChange={(next) => !next && onClose()} title={t('smsSender.sendSms')} description={event.name} size="full">
      <SmsSendForm event={event} />
      <SmsSendsList eventHash={event.hash} />
    </Sheet>
  );
}
