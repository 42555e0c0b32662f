import { Dialog } from 'radix-ui';
import { createContext, useContext, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon.tsx';
import { ModalOverlay } from './modal-overlay.tsx';
import { useReturnFocus } from './use-return-focus.ts';
import './sheet.css';

type SheetSize = 'auto' | 'full';

type SheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** 'full' fills the 430 px column (legal texts); 'auto' sizes to the content. */
  size?: SheetSize;
  /** Text alone, with no control to tab to (the legal texts): the body takes focus, so a keyboard can scroll it. */
  isText?: boolean;
};

/** How the dialog looks for the sheet shown in it: its size, whether it has a description. */
type Look = { size: SheetSize; described: boolean };

type Host = {
  content: { readonly current: HTMLDivElement | null };
  /** Answers whether a sheet was shown in the dialog (since it opened) before this call, and counts this one. */
  shownBefore: () => boolean;
  /** The sheet shown tells the dialog how to close it and how it looks. */
  show: (onOpenChange: (open: boolean) => void, look: Look) => void;
};

const HostContext = createContext<Host | null>(null);

type SheetHostProps = {
  open: boolean;
  children: ReactNode;
};

/**
 * One dialog for sheets that follow one another (the join flow: the RSVP, then the tickets): the
 * sheet shown changes inside it, the dialog stays. Two dialogs, one closing as the other opens, set
 * the page behind up twice (its scroll lock, its hidden siblings, the slide-in) and passed the focus
 * between them: the closing one's return of focus landed a moment after the new one had taken it,
 * and the new one pulled it back (decision 0036). Closing (Escape, the overlay, the close button)
 * goes to the sheet shown; the focus goes back to what opened the first one.
 */
export function SheetHost({ open, children }: SheetHostProps) {
  const returnFocus = useReturnFocus();
  const content = useRef<HTMLDivElement | null>(null);
  const shown = useRef(0);
  const [look, setLook] = useState<Look>({ size: 'auto', described: false });
  const close = useRef<((open: boolean) => void) | null>(null);
  const host = useMemo<Host>(
    () => ({
      content,
      shownBefore: () => shown.current++ > 0,
      show: (onOpenChange, next) => {
        close.current = onOpenChange;
        setLook((current) => (current.size === next.size && current.described === next.described ? current : next));
      },
    }),
    [],
  );
  return (
    <Dialog.Root open={open} onOpenChange={(next) => close.current?.(next)}>
      <Dialog.Portal>
        <ModalOverlay className="sheet-overlay" />
        <Dialog.Content
          ref={(element) => {
            content.current = element;
            // Closed: the next sheet shown opens the dialog anew.
            if (!element) shown.current = 0;
          }}
          className={`sheet sheet--${look.size}`}
          {...(look.described ? {} : { 'aria-describedby': undefined })}
          {...returnFocus}
        >
          <HostContext.Provider value={host}>{children}</HostContext.Provider>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * A bottom sheet on a Radix Dialog: focus trap, Escape, titled for assistive technology; focus goes
 * back to what opened it (use-return-focus.ts). Inside a SheetHost it is shown in the host's dialog.
 * When its content changes under the focus (a step of a flow replacing the one whose button was
 * pressed), the focus goes to its title, which a screen reader then reads.
 */
export function Sheet({ open, onOpenChange, title, description, children, size = 'auto', isText = false }: SheetProps) {
  const hosted = useContext(HostContext) !== null;
  const frame = (
    <SheetFrame onOpenChange={onOpenChange} title={title} description={description} size={size} isText={isText}>
      {children}
    </SheetFrame>
  );
  if (hosted) return open ? frame : null;
  return <SheetHost open={open}>{frame}</SheetHost>;
}

type SheetFrameProps = Omit<SheetProps, 'open' | 'size'> & { size: SheetSize };

/** A sheet's header and body, in the dialog of the nearest host. */
function SheetFrame({ onOpenChange, title, description, children, size, isText }: SheetFrameProps) {
  const { t } = useTranslation();
  const host = useContext(HostContext)!;
  const titleRef = useRef<HTMLHeadingElement>(null);
  const described = Boolean(description);
  useLayoutEffect(() => {
    host.show(onOpenChange, { size, described });
  });
  // A sheet replacing another in the dialog, or a new step of this one: when the focus was on what
  // left (the page's body has it now, or the dialog itself, where Radix puts it then), the title
  // takes it. Focus anywhere else stays: on a control of this sheet, or in a sheet opened over it.
  // The dialog's first sheet, when it opens, has Radix's focus on opening.
  useLayoutEffect(() => {
    const content = host.content.current;
    if (!host.shownBefore() || !content) return;
    const active = document.activeElement;
    if (active && active !== document.body && active !== content) return;
    titleRef.current?.focus({ preventScroll: true });
  }, [host, title]);
  return (
    <HostContext.Provider value={null}>
      <div className="sheet__header">
        <Dialog.Title ref={titleRef} className="sheet__title" tabIndex={-1}>
          {title}
        </Dialog.Title>
        <Dialog.Close className="icon-button" aria-label={t('common.close')}>
          <Icon name="close" />
        </Dialog.Close>
      </div>
      {description ? <Dialog.Description className="sheet__description">{description}</Dialog.Description> : null}
      <div className="sheet__body" {...(isText ? { tabIndex: 0, role: 'document', 'aria-label': title } : {})}>
        {children}
      </div>
    </HostContext.Provider>
  );
}
