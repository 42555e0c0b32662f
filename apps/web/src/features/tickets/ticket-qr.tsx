import { useMemo } from 'react';
import { encode } from 'uqr';
import { QR_SIZE } from '@planns/shared/tickets/tickets.rules';
import { qrLayout } from './qr-layout.ts';

type TicketQrProps = {
  /** What the code holds: the ticket's check address. */
  value: string;
  /** The image's accessible name. */
  label: string;
  className?: string;
};

/**
 * A ticket's QR code (accounts §9: 280 px), drawn here as an inline SVG, so a loaded page shows it
 * with no network: error correction M, a quiet zone of at least 4 modules, whole-pixel modules.
 * Black on white whatever the theme (scanners want the contrast).
 */
export function TicketQr({ value, label, className }: TicketQrProps) {
  const layout = useMemo(() => qrLayout(encode(value, { ecc: 'M', border: 0 }).data, QR_SIZE), [value]);
  return (
    <svg
      className={className}
      width={QR_SIZE}
      height={QR_SIZE}
      viewBox={`0 0 ${QR_SIZE} ${QR_SIZE}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={QR_SIZE} height={QR_SIZE} fill="#fff" />
      <path d={layout.path} fill="#000" />
    </svg>
  );
}
