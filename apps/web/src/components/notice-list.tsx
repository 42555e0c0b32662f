import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissNotice, useNotices, type Notice } from '../lib/notice.ts';
import { Icon } from './icon.tsx';

/** How long a notice stays (ms). */
const NOTICE_DURATION_MS = 4000;

function NoticeItem({ notice, timed }: { notice: Notice; timed: boolean }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!timed) return;
    const timer = window.setTimeout(() => dismissNotice(notice.id), NOTICE_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [notice.id, timed]);
  return (
    <li className={notice.tone === 'error' ? 'notice notice--error' : 'notice'}>
      <span className="notice__icon">
        <Icon name={notice.tone === 'error' ? 'close' : 'check'} size={20} />
      </span>
      <span className="notice__body">
        <span className="notice__title">{notice.title}</span>
        {notice.text ? <span className="notice__text">{notice.text}</span> : null}
      </span>
      <button type="button" className="icon-button icon-button--small notice__close" aria-label={t('common.dismiss')} onClick={() => dismissNotice(notice.id)}>
        <Icon name="close" size={18} />
      </button>
    </li>
  );
}

/**
 * The notices of lib/notice.ts, announced politely. The shell's list times them out (`timed`);
 * a full-screen view that covers the shell shows the same notices in its own list.
 */
export function NoticeList({ timed = false, className }: { timed?: boolean; className?: string }) {
  const notices = useNotices();
  return (
    <ul className={className ? `notices ${className}` : 'notices'} role="status" aria-live="polite">
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} timed={timed} />
      ))}
    </ul>
  );
}
