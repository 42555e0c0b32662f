import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisconnectPaymentAccount } from '../../api/payments/disconnect-payment-account.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { showNotice } from '../../lib/notice.ts';

/**
 * Disconnect (accounts §4, §5): asks the spec's question, then the account goes back to none and
 * the person's paid events become free. The outcome is a notice: the success text, 'No Stripe
 * account found to disconnect' on a 404, else the failure text.
 */
export function DisconnectAccountButton() {
  const { t } = useTranslation();
  const disconnect = useDisconnectPaymentAccount();
  const [isAsking, setIsAsking] = useState(false);

  // The promise rather than mutate's callbacks: once the account is gone this button is too, and
  // the success notice must still show.
  const confirm = async () => {
    try {
      await disconnect.mutateAsync();
      showNotice({ title: t('payments.messages.disconnected') });
    } catch (error) {
      showNotice({
        tone: 'error',
        title: isApiError(error) && error.status === 404 ? t('payments.messages.noAccountToDisconnect') : t('payments.messages.disconnectFailed'),
      });
    } finally {
      setIsAsking(false);
    }
  };

  return (
    <>
      <button type="button" className="btn btn--ghost btn--block pay-disconnect" disabled={disconnect.isPending} onClick={() => setIsAsking(true)}>
        {t('payments.disconnect.button')}
      </button>
      <ConfirmDialog
        open={isAsking}
        onOpenChange={(open) => {
          if (!disconnect.isPending) setIsAsking(open);
        }}
        title={t('payments.disconnect.title')}
        description={t('payments.messages.disconnectConfirm')}
        confirmLabel={disconnect.isPending ? t('payments.disconnect.disconnecting') : t('payments.disconnect.confirm')}
        onConfirm={() => void confirm()}
        isPending={disconnect.isPending}
      />
    </>
  );
}
