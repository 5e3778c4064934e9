/**
 * How an ID number is kept: never in plain text. Two keys are derived from the server secret
 * (as the verification codes derive theirs):
 *  - an HMAC of the normalised number, which finds the same number on another account without
 *    decrypting anything (the unique index of standing records is on it);
 *  - the number itself sealed (core/sealed.ts, purpose realname-id-card-enc), for a reviewer or a
 *    provider that needs it.
 * A changed secret (JWT_SECRET) makes the stored numbers unreadable and their HMACs different.
 */
import { createHmac } from 'node:crypto';
import { deriveKey, Sealer } from '../../core/sealed';

export class IdCardVault {
  private sealer: Sealer;
  private hashKey: Buffer;

  constructor(secret: string) {
    this.sealer = new Sealer(secret, 'realname-id-card-enc');
    this.hashKey = deriveKey(secret, 'realname-id-card-hash');
  }

  /** the same number (normalised) always gives the same value */
  hash(idCard: string): string {
    return createHmac('sha256', this.hashKey).update(idCard).digest('hex');
  }

  encrypt(idCard: string): string {
    return this.sealer.seal(idCard);
  }

  /** throws when the value was not made with this key or was altered */
  decrypt(stored: string): string {
    return this.sealer.unseal(stored);
  }
}
