import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { ModalOverlay } from './modal-overlay.tsx';
import './sheet.css';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  confirmLabel: string;
  onConfirm: () => void;
  isPending?: boolean;
};

/** "Are you sure?" on a Radix AlertDialog: focus starts on Cancel, Escape cancels. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, onConfirm, isPending = false }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <ModalOverlay className="sheet-overlay" />
        <AlertDialog.Content className="alert" {...(description ? {} : { 'aria-describedby': undefined })}>
          <AlertDialog.Title className="alert__title">{title}</AlertDialog.Title>
          {description ? <AlertDialog.Description className="alert__description">{description}</AlertDialog.Description> : null}
          <div className="alert__actions">
            <AlertDialog.Cancel className="btn btn--secondary">{t('common.cancel')}</AlertDialog.Cancel>
            <button
              type="button"
              className="btn btn--danger"
              disabled={isPending}
              onClick={onConfirm}
            >
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
