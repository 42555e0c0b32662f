import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TokenCipher } from './token-cipher.ts';

const key = crypto.randomBytes(32).toString('base64');

describe('TokenCipher', () => {
  it('reads back what it wrote, and never writes the plain value or the same text twice', () => {
    const cipher = new TokenCipher(key);
    const one = cipher.encrypt('1//refresh-token', 'google-refresh:7');
    const two = cipher.encrypt('1//refresh-token', 'google-refresh:7');
    expect(one).not.toContain('refresh-token');
    expect(one).not.toBe(two);
    expect(cipher.decrypt(one, 'google-refresh:7')).toBe('1//refresh-token');
  });

  it('refuses another context, another key and a changed value', () => {
    const cipher = new TokenCipher(key);
    const stored = cipher.encrypt('secret', 'google-refresh:7');
    expect(() => cipher.decrypt(stored, 'google-refresh:8')).toThrow();
    expect(() => new TokenCipher(crypto.randomBytes(32).toString('base64')).decrypt(stored, 'google-refresh:7')).toThrow();
    const parts = stored.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => cipher.decrypt([...parts.slice(0, 3), flipped.toString('base64url')].join('.'), 'google-refresh:7')).toThrow();
    expect(() => new TokenCipher(crypto.randomBytes(16).toString('base64'))).toThrow();
  });
});
