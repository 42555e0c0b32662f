import { useEffect, useState } from 'react';

/** True from the answer until the page leaves; false again when the browser's Back restores the page. */
export function useLeaving() {
  const [isLeaving, setIsLeaving] = useState(false);
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setIsLeaving(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  return [isLeaving, setIsLeaving] as const;
}
