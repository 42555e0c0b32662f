import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { SEAT_COLUMNS_MAX, SEAT_MESSAGES, SEAT_ROWS_MAX, SEAT_SCHEMES_PER_USER_MAX, SEAT_TYPES_MAX } from '@planns/shared/seats/seats.rules';

export type SeatMessageKey = keyof typeof SEAT_MESSAGES;

const MARK = '\u0000';

/**
 * The seat rules' message a text is (the server's and the creator's are the same English texts):
 * its key and, for a message naming a seat or a type, that name. Null for any other text.
 */
export function seatMessageCode(message: string): { key: SeatMessageKey; label?: string } | null {
  for (const [key, value] of Object.entries(SEAT_MESSAGES) as [SeatMessageKey, (typeof SEAT_MESSAGES)[SeatMessageKey]][]) {
    if (typeof value === 'string') {
      if (value === message) return { key };
      continue;
    }
    if (key === 'seatsTaken') continue; // a list of labels: answered by the seats it names (seats.taken)
    const [before = '', after = ''] = (value as (label: string) => string)(MARK).split(MARK);
    if (message.length > before.length + after.length && message.startsWith(before) && message.endsWith(after)) {
      return { key, label: message.slice(before.length, message.length - after.length) };
    }
  }
  return null;
}

/** A seat rule's message in the viewer's language; any other text as it is. */
export function useSeatMessage() {
  const { t } = useTranslation();
  return useCallback(
    (message: string): string => {
      const code = seatMessageCode(message);
      if (!code) return message;
      return t(`seats.errors.${code.key}`, {
        label: code.label ?? '',
        rows: SEAT_ROWS_MAX,
        columns: SEAT_COLUMNS_MAX,
        max: code.key === 'schemesMax' ? SEAT_SCHEMES_PER_USER_MAX : SEAT_TYPES_MAX,
      });
    },
    [t],
  );
}
