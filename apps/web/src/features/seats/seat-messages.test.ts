import { describe, expect, it } from 'vitest';
import { SEAT_MESSAGES } from '@planns/shared/seats/seats.rules';
import { seatMessageCode } from './seat-messages.ts';

describe('seatMessageCode', () => {
  it('reads the plain messages by their text', () => {
    expect(seatMessageCode(SEAT_MESSAGES.rowsRange)).toEqual({ key: 'rowsRange' });
    expect(seatMessageCode(SEAT_MESSAGES.seatedNeedsPrice)).toEqual({ key: 'seatedNeedsPrice' });
  });

  it('reads the name out of a message that names a seat or a type', () => {
    expect(seatMessageCode(SEAT_MESSAGES.duplicateLabel('A1'))).toEqual({ key: 'duplicateLabel', label: 'A1' });
    expect(seatMessageCode(SEAT_MESSAGES.seatTypeUnsold('VIP box'))).toEqual({ key: 'seatTypeUnsold', label: 'VIP box' });
    expect(seatMessageCode(SEAT_MESSAGES.seatTaken('C7'))).toEqual({ key: 'seatTaken', label: 'C7' });
  });

  it('leaves other texts alone', () => {
    expect(seatMessageCode('Something else')).toBeNull();
    expect(seatMessageCode('Seat  has just been taken')).toBeNull();
  });
});
