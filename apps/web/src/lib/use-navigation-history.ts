import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { recordNavigation, resolveBack, type NavigationKind } from './navigation-history.ts';

/** The app-kept history stack (in memory, for this tab), see navigation-history.ts. */
const history = {
  stack: [] as string[],
  isGoingBack: false,
};

/** Records every route change; mounted once, in the app shell. */
export function useTrackNavigationHistory(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const to = `${location.pathname}${location.search}`;
    let kind: NavigationKind = navigationType === 'POP' ? 'pop' : navigationType === 'REPLACE' ? 'replace' : 'push';
    if (history.isGoingBack) kind = 'back';
    history.isGoingBack = false;
    history.stack = recordNavigation(history.stack, previous.current, to, kind);
    previous.current = to;
  }, [location, navigationType]);
}

/** The header's back action. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const { target, stack } = resolveBack(history.stack);
    history.stack = stack;
    history.isGoingBack = true;
    void navigate(target);
  }, [navigate]);
}
