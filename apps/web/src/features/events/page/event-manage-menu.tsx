import { DropdownMenu } from 'radix-ui';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import type { User } from '@planns/shared/users/users.schemas';
import { useDeleteEvent } from '../../../api/events/delete-event.ts';
import { useModeratorDeleteEvent } from '../../../api/events/moderator-delete-event.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Icon } from '../../../components/icon.tsx';
import { showNotice } from '../../../lib/notice.ts';
import { useGoBack } from '../../../lib/use-navigation-history.ts';
import { SwitchOwnerSheet } from './switch-owner-sheet.tsx';
import { useShareReport } from '../../share/use-share-report.ts';

/** The SMS sender loads when a moderator first opens it. */
const SmsSendSheet = lazy(() => import('../../sms-sender/sms-send-sheet.tsx').then((module) => ({ default: module.SmsSendSheet })));

/** The guest list loads on the first Event report. */
const GuestListSheet = lazy(() => import('../../guests/guest-list-sheet.tsx').then((module) => ({ default: module.GuestListSheet })));

type Open = 'delete' | 'owner' | 'report' | 'sms' | null;

/**
 * The owner and moderator menu (events §2 "Moderation options", §6), rendered only when
 * `event.can_manage`: the visit count, edit, clone, event report (the guest list), share report
 * (the share text and the guest list's text), the ticket report of a paid event (a CSV download),
 * send SMS and switch owner (moderators only) and delete. Opening it loads the report's text,
 * ready for Share report.
 */
export function EventManageMenu({ event, user }: { event: Event; user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const [open, setOpen] = useState<Open>(null);
  const [hasOpenedReport, setHasOpenedReport] = useState(false);
  const [hasOpenedSms, setHasOpenedSms] = useState(false);
  const shareReport = useShareReport(event);
  const deleteEvent = useDeleteEvent();
  const moderatorDelete = useModeratorDeleteEvent();
  const isOwner = event.is_owner;
  const canDelete = isOwner || !event.deleted_by_moderator;

  function confirmDelete() {
    if (isOwner) {
      deleteEvent.mutate(event.id, {
        onSuccess: () => {
          setOpen(null);
          showNotice({ title: t('eventMenu.deleted') });
          goBack();
        },
        // A failed delete is silent (events §8): the dialog closes, the event stays.
        onError: (error) => {
          console.error('Deleting the event failed', error);
          setOpen(null);
        },
      });
    } else {
      // A moderator's delete flags the event; the page reloads and shows the banner.
      moderatorDelete.mutate(event.id, {
        onSettled: (_data, error) => {
          if (error) console.error('Deleting the event as a moderator failed', error);
          setOpen(null);
        },
      });
    }
  }

  return (
    <>
      <DropdownMenu.Root
        modal={false}
        onOpenChange={(isOpen) => {
          if (isOpen) shareReport.prefetch();
        }}
      >
        <DropdownMenu.Trigger className="icon-button event-menu__trigger" aria-label={t('eventMenu.label')}>
          <Icon name="more" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="dropdown" align="end" sideOffset={4} collisionPadding={8}>
            {event.visits !== null ? (
              <DropdownMenu.Label className="dropdown__label">
                <Icon name="eye" size={18} />
                {t('eventMenu.visits', { count: event.visits })}
              </DropdownMenu.Label>
            ) : null}
            {/* An event deleted by a moderator can no longer be edited (the server refuses). */}
            {event.deleted_by_moderator ? null : (
              <DropdownMenu.Item className="dropdown__item" onSelect={() => void navigate(`/edit/${event.id}`)}>
                <Icon name="edit" size={20} />
                {t('eventMenu.edit')}
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item className="dropdown__item" onSelect={() => void navigate(`/new-event?id=${event.id}&clone=true`)}>
              <Icon name="copy" size={20} />
              {t('eventMenu.clone')}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className="dropdown__item"
              onSelect={() => {
                setHasOpenedReport(true);
                setOpen('report');
              }}
            >
              <Icon name="users" size={20} />
              {t('eventMenu.report')}
            </DropdownMenu.Item>
            <DropdownMenu.Item className="dropdown__item" onSelect={() => void shareReport.share()}>
              <Icon name="document" size={20} />
              {t('eventMenu.shareReport')}
            </DropdownMenu.Item>
            {/* The ticket report (events §6, accounts §2): the server's CSV, sent as a download; the session cookie goes with the link. */}
            {event.is_paid ? (
              <DropdownMenu.Item className="dropdown__item" asChild>
                <a href={`/tickets/export/${encodeURIComponent(event.hash)}`} download>
                  <Icon name="tag" size={20} />
                  {t('eventMenu.ticketReport')}
                </a>
              </DropdownMenu.Item>
            ) : null}
            {user.is_moderator ? (
              <DropdownMenu.Item
                className="dropdown__item"
                onSelect={() => {
                  setHasOpenedSms(true);
                  setOpen('sms');
                }}
              >
                <Icon name="chat" size={20} />
                {t('eventMenu.sendSms')}
              </DropdownMenu.Item>
            ) : null}
            {user.is_moderator ? (
              <DropdownMenu.Item className="dropdown__item" onSelect={() => setOpen('owner')}>
                <Icon name="swap" size={20} />
                {t('eventMenu.switchOwner')}
              </DropdownMenu.Item>
            ) : null}
            {canDelete ? (
              <>
                <DropdownMenu.Separator className="dropdown__separator" />
                <DropdownMenu.Item className="dropdown__item dropdown__item--danger" onSelect={() => setOpen('delete')}>
                  <Icon name="trash" size={20} />
                  {t('eventMenu.delete')}
                </DropdownMenu.Item>
              </>
            ) : null}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>

      <ConfirmDialog
        open={open === 'delete'}
        onOpenChange={(next) => !next && setOpen(null)}
        title={t('eventMenu.deleteConfirm')}
        description={isOwner ? undefined : t('eventMenu.moderatorDeleteText')}
        confirmLabel={t('common.delete')}
        isPending={deleteEvent.isPending || moderatorDelete.isPending}
        onConfirm={confirmDelete}
      />

      {hasOpenedReport ? (
        <Suspense fallback={null}>
          <GuestListSheet event={event} open={open === 'report'} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}

      {user.is_moderator && hasOpenedSms ? (
        <Suspense fallback={null}>
          <SmsSendSheet event={event} open={open === 'sms'} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}

      {user.is_moderator ? <SwitchOwnerSheet event={event} open={open === 'owner'} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
