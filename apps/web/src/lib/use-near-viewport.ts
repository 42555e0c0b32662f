import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * True once the element has come within `margin` of the viewport, and from then on. A part of a
 * page below its first screen (an event's gallery and comments) asks for its data only then: the
 * page's first load fetches and draws only what shows (issue 16). Without IntersectionObserver,
 * true at once.
 */
export function useNearViewport<T extends Element>(margin = '300px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [isNear, setIsNear] = useState(false);
  useEffect(() => {
    if (isNear) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setIsNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setIsNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear, margin]);
  return [ref, isNear];
}
