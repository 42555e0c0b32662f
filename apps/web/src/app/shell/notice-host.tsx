import { NoticeList } from '../../components/notice-list.tsx';

/** The notices of lib/notice.ts, above the footer; each goes after a few seconds. */
export function NoticeHost() {
  return <NoticeList timed />;
}
