import { useRef } from 'react';

/**
 * Focus back to what had it when a dialog opened: Radix returns it to a Dialog.Trigger only, and the
 * dialogs here are opened by buttons, links and addresses of their own (issue 18). Also when the
 * dialog leaves the page with its address (?filters=open) rather than closing. Spread the handlers
 * on Dialog.Content.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const element = opener.current;
      if (element?.isConnected) {
        event.preventDefault();
        element.focus();
      }
    },
  };
}
