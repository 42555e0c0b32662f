import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon.tsx';
import { useReturnFocus } from './use-return-focus.ts';
import './sheet.css';

type SheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** 'full' fills the 430 px column (legal texts); 'auto' sizes to the content. */
  size?: 'auto' | 'full';
  /** Text alone, with no control to tab to (the legal texts): the body takes focus, so a keyboard can scroll it. */
  isText?: boolean;
};

/**
 * A bottom sheet on a Radix Dialog: focus trap, Escape, titled for assistive technology; focus goes
 * back to what opened it (use-return-focus.ts).
 */
export function Sheet({ open, onOpenChange, title, description, children, size = 'auto', isText = false }: SheetProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay" />
        <Dialog.Content
          className={`sheet sheet--${size}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...returnFocus}
        >
          <div className="sheet__header">
            <Dialog.Title className="sheet__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('common.close')}>
              <Icon name="close" />
            </Dialog.Close>
          </div>
          {description ? <Dialog.Description className="sheet__description">{description}</Dialog.Description> : null}
          <div className="sheet__body" {...(isText ? { tabIndex: 0, role: 'document', 'aria-label': title } : {})}>
            {children}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
