/**
 * How an ID number is kept: never in plain text. Two keys are derived from the server secret
 * (as the verification codes derive theirs):
 *  - an HMAC of the normalised number, which finds the same number on another account without
 *    decrypting anything (the unique index of standing records is on it);
 *  - an AES-256-GCM key: the number itself, for a reviewer or a provider that needs it, stored
 *    as iv.tag.ciphertext (base64url), each with a fresh 96-bit IV.
 * A changed secret (JWT_SECRET) makes the stored numbers unreadable and their HMACs different.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

export class IdCardVault {
  private encKey: Buffer;
  private hashKey: Buffer;

  constructor(secret: string) {
    this.encKey = createHash('sha256').update(`realname-id-card-enc:${secret}`).digest();
    this.hashKey = createHash('sha256').update(`realname-id-card-hash:${secret}`).digest();
  }

  /** the same number (normalised) always gives the same value */
  hash(idCard: string): string {
    return createHmac('sha256', this.hashKey).update(idCard).digest('hex');
  }

  encrypt(idCard: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encKey, iv);
    const data = Buffer.concat([cipher.update(idCard, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
  }

  /** throws when the value was not made with this key or was altered */
  decrypt(stored: string): string {
    const [iv, tag, data] = stored.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !tag || !data) throw new Error('not an encrypted ID number');
    const decipher = createDecipheriv('aes-256-gcm', this.encKey, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  }
}
