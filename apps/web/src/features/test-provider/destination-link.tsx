import { useCallback, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { destinationOf } from './return-url.ts';

type DestinationLinkProps = { url: string | null | undefined; fallback: string; className?: string; children: ReactNode };

/** A link to an address the provider was given: through the router on this site, a page load elsewhere. */
export function DestinationLink({ url, fallback, className, children }: DestinationLinkProps) {
  const destination = destinationOf(url, window.location.origin) ?? { kind: 'route' as const, path: fallback };
  if (destination.kind === 'page') {
    return (
      <a href={destination.href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link to={destination.path} className={className}>
      {children}
    </Link>
  );
}

/** Goes on to an address the provider was given (return_url, success_url); false when it cannot. */
export function useFollowUrl(): (url: string | null | undefined) => boolean {
  const navigate = useNavigate();
  return useCallback(
    (url) => {
      const destination = destinationOf(url, window.location.origin);
      if (!destination) return false;
      if (destination.kind === 'route') void navigate(destination.path);
      else window.location.assign(destination.href);
      return true;
    },
    [navigate],
  );
}
