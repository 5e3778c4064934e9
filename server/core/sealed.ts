/**
 * Sealing small secrets at rest (ID numbers, provider API keys): AES-256-GCM under a key derived
 * from the server secret and a purpose label, stored as iv.tag.ciphertext (base64url) with a fresh
 * 96-bit IV each time. A changed server secret (JWT_SECRET) makes what was sealed unreadable.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** sha256 of `<purpose>:<secret>`: one key per purpose, so a value sealed for one never opens as another */
export function deriveKey(secret: string, purpose: string): Buffer {
  return createHash('sha256').update(`${purpose}:${secret}`).digest();
}

export class Sealer {
  private key: Buffer;

  constructor(secret: string, purpose: string) {
    this.key = deriveKey(secret, purpose);
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
  }

  /** throws when the value was not sealed with this key and purpose, or was altered */
  unseal(stored: string): string {
    const [iv, tag, data] = stored.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !tag || !data) throw new Error('not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  }
}
