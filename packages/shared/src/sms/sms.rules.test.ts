import { describe, expect, it } from 'vitest';
import { smsLength } from './sms.rules.ts';

describe('smsLength', () => {
  it('counts GSM-7 text in septets: 160 in one segment, then 153 a segment', () => {
    expect(smsLength('')).toEqual({ encoding: 'gsm7', units: 0, segments: 0 });
    expect(smsLength('a'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(smsLength('a'.repeat(161))).toEqual({ encoding: 'gsm7', units: 161, segments: 2 });
    expect(smsLength('a'.repeat(306))).toEqual({ encoding: 'gsm7', units: 306, segments: 2 });
    expect(smsLength('a'.repeat(307))).toEqual({ encoding: 'gsm7', units: 307, segments: 3 });
  });

  it('counts the extension table (€, braces, brackets) as two septets', () => {
    expect(smsLength('€5 [x]')).toEqual({ encoding: 'gsm7', units: 9, segments: 1 });
    expect(smsLength('€'.repeat(80)).segments).toBe(1);
    expect(smsLength('€'.repeat(81)).segments).toBe(2);
  });

  it('sends anything outside the GSM alphabet as UCS-2: 70 code units in one segment, then 67', () => {
    expect(smsLength('שלום')).toEqual({ encoding: 'ucs2', units: 4, segments: 1 });
    expect(smsLength('こ'.repeat(70)).segments).toBe(1);
    expect(smsLength('こ'.repeat(71)).segments).toBe(2);
    expect(smsLength('a'.repeat(100) + 'ж')).toEqual({ encoding: 'ucs2', units: 101, segments: 2 });
    // An emoji is two UTF-16 code units.
    expect(smsLength('🎉')).toEqual({ encoding: 'ucs2', units: 2, segments: 1 });
  });
});
