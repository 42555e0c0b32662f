import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client.ts';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { showNotice } from '../../lib/notice.ts';

/**
 * The notices of giving tickets (events §8 'Ticket creation'): 'Tickets created' with the text that
 * an SMS went to the person's phone; a failure 'Something went off' / 'Please contact support'.
 * The form also says why under itself (`reason`): no place left, not a guest any more ...
 */
export function useTicketNotices() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();

  const created = useCallback(
    (name: string | null) =>
      showNotice({ title: t('guests.tickets.created'), text: name ? t('guests.tickets.smsSent', { name }) : t('guests.tickets.smsSentGuest') }),
    [t],
  );

  const failed = useCallback(() => showNotice({ title: t('guests.tickets.failed'), text: t('guests.tickets.contactSupport'), tone: 'error' }), [t]);

  /** Why a give failed, in the viewer's language where the code says it. */
  const reason = useCallback(
    (error: unknown): string => {
      if (isApiError(error)) {
        if (error.code === 'sold_out') return t('guests.tickets.soldOut');
        if (error.code === 'validation_failed' && error.fields.user_id !== undefined) return t('guests.tickets.notGuest');
      }
      return errorMessage(error);
    },
    [t, errorMessage],
  );

  return { created, failed, reason };
}
