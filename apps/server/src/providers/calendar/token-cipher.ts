import crypto from 'node:crypto';

/**
 * Tokens kept at rest (the google calendar provider's, decision 0043): AES-256-GCM under
 * CALENDAR_TOKEN_KEY, a fresh 96-bit IV per value, and associated data naming what the value is
 * (`google-refresh:<user id>`), so a value copied into another person's row, or another column,
 * does not decrypt. Written as `v1.<iv>.<tag>.<ciphertext>`, each base64url.
 */
export class TokenCipher {
  readonly #key: Buffer;

  constructor(keyBase64: string) {
    const key = Buffer.from(keyBase64, 'base64');
    if (key.length !== 32) throw new Error('CALENDAR_TOKEN_KEY must be 32 bytes in base64');
    this.#key = key;
  }

  encrypt(plain: string, context: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
  }

  /** The plain value; throws when the value was not made with this key for this context. */
  decrypt(stored: string, context: string): string {
    const [version, iv, tag, ciphertext] = stored.split('.');
    if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('not an encrypted token');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}
