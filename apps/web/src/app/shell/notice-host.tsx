import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icon.tsx';
import { dismissNotice, useNotices, type Notice } from '../../lib/notice.ts';

/** How long a notice stays (ms). */
const NOTICE_DURATION_MS = 4000;

function NoticeItem({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = window.setTimeout(() => dismissNotice(notice.id), NOTICE_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [notice.id]);
  return (
    <li className={notice.tone === 'error' ? 'notice notice--error' : 'notice'}>
      <span className="notice__icon">
        <Icon name={notice.tone === 'error' ? 'close' : 'check'} size={20} />
      </span>
      <span className="notice__body">
        <span className="notice__title">{notice.title}</span>
        {notice.text ? <span className="notice__text">{notice.text}</span> : null}
      </span>
      <button type="button" className="icon-button icon-button--small notice__close" aria-label={t('common.close')} onClick={() => dismissNotice(notice.id)}>
        <Icon name="close" size={18} />
      </button>
    </li>
  );
}

/** The notices of lib/notice.ts, above the footer; announced politely. */
export function NoticeHost() {
  const notices = useNotices();
  return (
    <ul className="notices" role="status" aria-live="polite">
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </ul>
  );
}
