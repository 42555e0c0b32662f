import { describe, expect, it } from 'vitest';
import {
  isDeclineCode,
  cardBody,
  cardDigits,
  caretAfterDigits,
  checkCard,
  cvcDigits,
  digitsBefore,
  editDigits,
  fieldOfDecline,
  formatCardNumber,
  formatExpiry,
  OFFERED_TEST_CARDS,
  parseExpiry,
  sampleExpiry,
  testCardOutcomeOf,
} from './card-fields.ts';

const now = new Date('2026-05-15T12:00:00Z');
const good = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' };

describe('card number', () => {
  it('groups the digits in fours as they are typed', () => {
    expect(formatCardNumber('')).toBe('');
    expect(formatCardNumber('4')).toBe('4');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42a42 4242')).toBe('4242 4242 4242 4242');
  });

  it('keeps at most 19 digits', () => {
    expect(cardDigits('1234567890123456789012')).toBe('1234567890123456789');
    expect(formatCardNumber('1234567890123456789012')).toBe('1234 5678 9012 3456 789');
  });

  it('keeps the caret after the same digit once regrouped', () => {
    // '4242 4242' with '1' typed after the fifth digit: '4242 41242'
    const typed = '4242 41242';
    const count = digitsBefore(typed, 7);
    expect(count).toBe(6);
    const formatted = formatCardNumber(typed);
    expect(formatted).toBe('4242 4124 2');
    expect(caretAfterDigits(formatted, count)).toBe(7);
    // the caret after the fourth digit stays before the space
    expect(caretAfterDigits('4242 4', 4)).toBe(4);
    expect(caretAfterDigits('4242 4', 0)).toBe(0);
    expect(caretAfterDigits('4242', 9)).toBe(4);
  });
});

describe('editDigits', () => {
  it('formats a typed digit and keeps the caret after it', () => {
    expect(editDigits('4242 4', '4242 41', 7, formatCardNumber)).toEqual({ value: '4242 41', caret: 7 });
    expect(editDigits('4242', '42424', 5, formatCardNumber)).toEqual({ value: '4242 4', caret: 6 });
    expect(editDigits('4242 4242', '42142 4242', 3, formatCardNumber)).toEqual({ value: '4214 2424 2', caret: 3 });
  });

  it('deletes the digit before a separator that Backspace took away', () => {
    // '4242 4|' -> Backspace over nothing but the space: '4242|4' -> '424 4'? no: the 4th digit goes
    expect(editDigits('4242 4242', '42424242', 4, formatCardNumber)).toEqual({ value: '4244 242', caret: 3 });
    // '12 /| 3' loses its '/': the 2 goes, and '13' reads as month 01, year 3...
    expect(editDigits('12 / 3', '12  3', 3, formatExpiry)).toEqual({ value: '01 / 3', caret: 1 });
  });

  it('keeps the caret at the end when the format adds a digit', () => {
    expect(editDigits('1', '13', 2, formatExpiry)).toEqual({ value: '01 / 3', caret: 6 });
    expect(editDigits('', '4', 1, formatExpiry)).toEqual({ value: '04', caret: 2 });
  });

  it('deletes a digit as usual', () => {
    expect(editDigits('4242 4242', '4242 424', 8, formatCardNumber)).toEqual({ value: '4242 424', caret: 8 });
    expect(editDigits('12 / 3', '12 / ', 5, formatExpiry)).toEqual({ value: '12', caret: 2 });
  });
});

describe('expiry', () => {
  it('shows MM / YY as typed', () => {
    expect(formatExpiry('')).toBe('');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12 / 3');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('12345')).toBe('12 / 34');
    expect(formatExpiry('12 / ')).toBe('12');
  });

  it('reads a first digit above 1 as a month, and a month above 12 as 01', () => {
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('428')).toBe('04 / 28');
    expect(formatExpiry('13')).toBe('01 / 3');
    expect(formatExpiry('0')).toBe('0');
    expect(formatExpiry('00')).toBe('00');
  });

  it('parses MM / YY and MM/YYYY', () => {
    expect(parseExpiry('12 / 30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('04/2031')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('4 / 31')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('12')).toBeNull();
    expect(parseExpiry('12 / 3')).toBeNull();
    expect(parseExpiry('ab / cd')).toBeNull();
  });
});

describe('checkCard', () => {
  it('passes a good test card', () => {
    expect(checkCard(good, now)).toEqual({});
    expect(cardBody(good)).toEqual({ card_number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' });
  });

  it('names each field left empty', () => {
    expect(checkCard({ number: '', expiry: '', cvc: '' }, now)).toEqual({ number: 'number_required', expiry: 'expiry_required', cvc: 'cvc_required' });
  });

  it('checks the number: length, then Luhn', () => {
    expect(checkCard({ ...good, number: '4242 4242' }, now).number).toBe('number_incomplete');
    expect(checkCard({ ...good, number: '4242 4242 4242 4241' }, now).number).toBe('number_invalid');
    for (const number of OFFERED_TEST_CARDS) expect(checkCard({ ...good, number }, now).number).toBeUndefined();
  });

  it('checks the expiry: complete, month 1-12, not past', () => {
    expect(checkCard({ ...good, expiry: '12' }, now).expiry).toBe('expiry_incomplete');
    expect(checkCard({ ...good, expiry: '00 / 30' }, now).expiry).toBe('expiry_month');
    expect(checkCard({ ...good, expiry: '13/2030' }, now).expiry).toBe('expiry_month');
    expect(checkCard({ ...good, expiry: '04 / 26' }, now).expiry).toBe('expiry_past');
    expect(checkCard({ ...good, expiry: '12 / 25' }, now).expiry).toBe('expiry_past');
    // the card works to the end of its month
    expect(checkCard({ ...good, expiry: '05 / 26' }, now).expiry).toBeUndefined();
  });

  it('checks the CVC: 3 or 4 digits', () => {
    expect(checkCard({ ...good, cvc: '12' }, now).cvc).toBe('cvc_incomplete');
    expect(checkCard({ ...good, cvc: '12a' }, now).cvc).toBe('cvc_incomplete');
    expect(checkCard({ ...good, cvc: '1234' }, now).cvc).toBeUndefined();
    expect(cvcDigits('1a2b345')).toBe('1234');
  });
});

describe('the offered test cards and refusals', () => {
  it('offers a success, a decline and insufficient funds', () => {
    expect(OFFERED_TEST_CARDS.map(testCardOutcomeOf)).toEqual(['succeeded', 'card_declined', 'insufficient_funds']);
  });

  it('puts a refusal by the field the server names', () => {
    expect(fieldOfDecline({ card_number: 'Your card was declined.', decline_code: 'card_declined' })).toBe('number');
    expect(fieldOfDecline({ exp_month: 'Your card has expired.' })).toBe('expiry');
    expect(fieldOfDecline({ cvc: "Your card's security code is incorrect." })).toBe('cvc');
    expect(fieldOfDecline({ decline_code: 'x' })).toBeNull();
  });

  it('suggests an expiry in the future', () => {
    expect(sampleExpiry(now)).toBe('12 / 29');
    expect(checkCard({ ...good, expiry: sampleExpiry(now) }, now)).toEqual({});
  });
});

describe('refusals in the buyer’s language', () => {
  it('knows the provider’s decline codes, and nothing else', () => {
    expect(isDeclineCode('card_declined')).toBe(true);
    expect(isDeclineCode('incorrect_cvc')).toBe(true);
    expect(isDeclineCode('fraudulent')).toBe(false);
    expect(isDeclineCode(undefined)).toBe(false);
  });
});
