import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import type { User } from '@planns/shared/users/users.schemas';

/** The panel (and its friends list) loads on the first tap. */
const SharePanel = lazy(() => import('./share-panel.tsx').then((module) => ({ default: module.SharePanel })));

/** The share icon (three joined dots); the components' icon set has none. */
function ShareIcon() {
  return (
    <svg className="icon" width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
    </svg>
  );
}

type ShareButtonProps = { event: Event; user: User | null };

/** The event page's Share button; events deleted by a moderator are not shared. */
export function ShareButton({ event, user }: ShareButtonProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  if (event.deleted_by_moderator) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary btn--block"
        aria-haspopup="dialog"
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
      >
        <ShareIcon />
        {t('share.button')}
      </button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <SharePanel event={event} user={user} open={isOpen} onOpenChange={setIsOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
