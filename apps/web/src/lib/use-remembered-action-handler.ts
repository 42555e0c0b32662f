import { useEffect, useRef } from 'react';
import { registerRememberedAction, type ActionHandler } from './remembered-actions.ts';

/**
 * Registers a remembered-action handler while the calling screen is mounted, for actions that only
 * make sense there (like_event on the event page). The latest handler is always the one called.
 */
export function useRememberedActionHandler(name: string, handler: ActionHandler): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => registerRememberedAction(name, (params, context) => latest.current(params, context)), [name]);
}
