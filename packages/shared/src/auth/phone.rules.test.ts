import { describe, expect, it } from 'vitest';
import { PHONE_ERROR_MIN_LENGTH, formatPhone, maskPhone, normalizePhone } from './phone.rules.ts';

describe('normalizePhone', () => {
  it('answers E.164 for a valid number', () => {
    expect(normalizePhone('+14155552671')).toBe('+14155552671');
    expect(normalizePhone('+34612345678')).toBe('+34612345678');
    expect(normalizePhone('+447911123456')).toBe('+447911123456');
  });

  it('accepts spaces, dashes, dots and brackets', () => {
    expect(normalizePhone('+1 (415) 555-2671')).toBe('+14155552671');
    expect(normalizePhone('  +34 612-34-56-78 ')).toBe('+34612345678');
    expect(normalizePhone('+44 7911.123.456')).toBe('+447911123456');
  });

  it('reads the digits as international even without the plus', () => {
    expect(normalizePhone('14155552671')).toBe('+14155552671');
  });

  it.each([
    '',
    '   ',
    '+1',
    '123',
    'abc',
    'phone number',
    '+1 555', // too short
    '+1234567890123456', // 16 digits
    '+999 1234567890', // no such country code
    '+1 000 000 0000', // not a valid US number
    `+1 415 555 2671${' '.repeat(30)}x`, // too long as typed
  ])('is null for %j', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

describe('maskPhone', () => {
  it('keeps the country prefix and the last 3 digits', () => {
    expect(maskPhone('+14155552671')).toBe('+1*******671');
    expect(maskPhone('+14155552671')).toHaveLength('+14155552671'.length);
  });

  it('hides short input entirely', () => {
    expect(maskPhone('+123')).toBe('***');
    expect(maskPhone('')).toBe('***');
  });
});

describe('PHONE_ERROR_MIN_LENGTH', () => {
  it('shows the phone error only past 8 characters (accounts §5)', () => {
    expect(PHONE_ERROR_MIN_LENGTH).toBe(9);
  });
});

describe('formatPhone', () => {
  it('writes a stored number by its country’s convention, and leaves what does not parse', () => {
    expect(formatPhone('+12025550101')).toBe('+1 202 555 0101');
    expect(formatPhone('+34612345678')).toBe('+34 612 34 56 78');
    expect(formatPhone('+972501234567')).toBe('+972 50 123 4567');
    expect(formatPhone('not a phone')).toBe('not a phone');
  });
});
