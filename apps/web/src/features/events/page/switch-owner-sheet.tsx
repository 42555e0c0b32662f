import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import type { PublicUser } from '@planns/shared/users/users.schemas';
import { useChangeEventOwner } from '../../../api/events/change-event-owner.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { Sheet } from '../../../components/sheet.tsx';
import { UserPicker } from '../../../components/user-picker.tsx';
import { useErrorMessage } from '../../../lib/error-messages.ts';
import { showNotice } from '../../../lib/notice.ts';

type SwitchOwnerSheetProps = { event: Event; open: boolean; onClose: () => void };

/** Moderators only: find a user and make them the event's owner (POST events/{id}/ownership). */
export function SwitchOwnerSheet({ event, open, onClose }: SwitchOwnerSheetProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const changeOwner = useChangeEventOwner();

  function close() {
    changeOwner.reset();
    onClose();
  }

  function pick(user: PublicUser) {
    if (changeOwner.isPending || user.id === event.user_id) return;
    changeOwner.mutate(
      { eventId: event.id, userId: user.id },
      {
        onSuccess: () => {
          close();
          showNotice({ title: t('eventMenu.ownerChanged'), text: t('eventMenu.ownerChangedText', { name: user.name ?? '' }) });
        },
      },
    );
  }

  return (
    <Sheet
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t('eventMenu.switchOwner')}
      description={t('eventMenu.currentOwner', { name: event.creator.name ?? '' })}
    >
      <UserPicker label={t('eventMenu.searchUser')} selectedId={event.user_id} onPick={pick} disabled={changeOwner.isPending} autoFocus />
      <FormMessage message={changeOwner.error ? errorMessage(changeOwner.error) : null} />
    </Sheet>
  );
}
