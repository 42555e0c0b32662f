import { useLayoutEffect, type Ref } from 'react';

/**
 * The dim layer behind a sheet or a dialog, and the page's scroll lock while one is open
 * (decision 0045). Radix's own overlay locks the page with react-remove-scroll, whose wheel and
 * touchmove listeners on the document are not passive: the start of every pan and wheel turn
 * anywhere in the page then waits for the main thread (the first event of a scroll may cancel it),
 * so a busy main thread holds back the seat chart's pan in the tickets' sheet.
 * This lock is CSS only: the page does not scroll (`overflow: hidden` on the body, which the
 * viewport takes), does not chain or pull to refresh (`overscroll-behavior: none`), and
 * keeps its scrollbar's room where it had a scrollbar (`scrollbar-gutter: stable`), so nothing
 * moves sideways; the scrollers inside the dialog scroll on the compositor thread. The focus trap,
 * Escape, the outside click and the hiding of the page from assistive technology stay Radix's
 * (Dialog.Content). Rendered inside Dialog.Portal or AlertDialog.Portal (their Presence gives it a ref).
 */
export function ModalOverlay({ className, ref }: { className: string; ref?: Ref<HTMLDivElement> }) {
  useScrollLock();
  return <div ref={ref} className={className} aria-hidden="true" />;
}

/** Open overlays: the page is locked from the first until the last is gone (a dialog over a sheet). */
let locks = 0;
let before: { overscrollBehavior: string; scrollbarGutter: string; overflow: string } | null = null;

function useScrollLock(): void {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const body = document.body;
    if (locks === 0) {
      const hadScrollbar = window.innerWidth - root.clientWidth > 0;
      // Set through the CSSOM (the content security policy allows it; a style attribute in markup it would not).
      before = { overscrollBehavior: root.style.overscrollBehavior, scrollbarGutter: root.style.scrollbarGutter, overflow: body.style.overflow };
      // On the body, whose overflow the root passes to the viewport (on the root itself, or on
      // both, the body would become a scroller of its own and the sticky headers would jump);
      // iOS Safari has honoured it for touch since 13 (WebKit bug 153852).
      body.style.overflow = 'hidden';
      root.style.overscrollBehavior = 'none';
      if (hadScrollbar) root.style.scrollbarGutter = 'stable';
    }
    locks += 1;
    return () => {
      locks -= 1;
      if (locks > 0 || !before) return;
      body.style.overflow = before.overflow;
      root.style.overscrollBehavior = before.overscrollBehavior;
      root.style.scrollbarGutter = before.scrollbarGutter;
      before = null;
    };
  }, []);
}
