import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@planns/shared/users/users.schemas';
import { usePurchaseHistory } from '../../api/purchases/list-purchase-history.ts';
import { Icon } from '../../components/icon.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryFallback } from '../../components/query-fallback.tsx';
import { SignedInContent } from '../../components/signed-in-content.tsx';
import { PurchaseItem } from './purchase-item.tsx';
import './payments.css';

function PurchaseList({ user }: { user: User }) {
  const { t } = useTranslation();
  const purchases = usePurchaseHistory(user.id);
  if (purchases.isPending || purchases.isError) {
    return <QueryFallback isError={purchases.isError} error={purchases.error} onRetry={() => void purchases.refetch()} />;
  }
  if (purchases.data.length === 0) {
    return (
      <div className="empty-state">
        <span className="empty-state__icon">
          <Icon name="tag" size={32} />
        </span>
        <p className="empty-state__title">{t('purchases.history.emptyTitle')}</p>
        <p className="pay-section__text">{t('purchases.history.emptyText')}</p>
        <Link to="/events" className="btn btn--secondary btn--small">
          {t('purchases.history.findEvents')}
        </Link>
      </div>
    );
  }
  return (
    <ul className="received-list" aria-label={t('purchases.history.title')}>
      {purchases.data.map((purchase) => (
        <PurchaseItem key={purchase.id} purchase={purchase} as="buyer" />
      ))}
    </ul>
  );
}

/**
 * /purchase-history (accounts §2 Purchase history, §3 Purchase): the person's orders as an
 * expandable list, newest first: the event and day with the total and the state (paid, refunded
 * in part or whole, failed, expired); opened, the lines, the fee, the total, the refunds, the
 * tickets (to /tickets) and the receipt.
 */
export function PurchaseHistoryPage() {
  const { t } = useTranslation();
  return (
    <div className="pay-page">
      <PageHeader title={t('purchases.history.title')} />
      <SignedInContent
        signedOut={{ icon: <Icon name="tag" size={32} />, text: t('purchases.history.signedOut'), signInLabel: t('payments.signIn') }}
      >
        {(user) => <PurchaseList key={user.id} user={user} />}
      </SignedInContent>
    </div>
  );
}
