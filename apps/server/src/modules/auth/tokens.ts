import crypto from 'node:crypto';

export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** A one-time code from a CSPRNG, zero-padded to `length` digits. */
export function newCode(length: number): string {
  return crypto.randomInt(0, 10 ** length).toString().padStart(length, '0');
}

export function hashCode(phone: string, code: string): string {
  const salt = crypto.randomBytes(16).toString('hex');
  const hash = crypto.scryptSync(`${phone}:${code}`, salt, 32, { N: 1024 }).toString('hex');
  return `${salt}:${hash}`;
}

export function codeMatches(stored: string, phone: string, code: string): boolean {
  const [salt, hash] = stored.split(':');
  if (!salt || !hash) return false;
  const actual = crypto.scryptSync(`${phone}:${code}`, salt, 32, { N: 1024 });
  const expected = Buffer.from(hash, 'hex');
  return expected.length === actual.length && crypto.timingSafeEqual(actual, expected);
}
