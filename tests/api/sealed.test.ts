/** Sealing at rest (server/core/sealed.ts): round trip, one key per purpose, and the ID numbers sealed before it existed. */
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { Sealer } from '../../server/core/sealed';
import { IdCardVault } from '../../server/modules/realname/id-card';

describe('Sealer', () => {
  it('opens what it sealed, with a fresh IV each time, and nothing sealed for another purpose or secret', () => {
    const keys = new Sealer('server-secret', 'ai-model-api-key');
    const a = keys.seal('sk-live-abc');
    expect(a).not.toBe(keys.seal('sk-live-abc'));
    expect(a).not.toContain('sk-live-abc');
    expect(keys.unseal(a)).toBe('sk-live-abc');
    expect(() => new Sealer('server-secret', 'realname-id-card-enc').unseal(a)).toThrow();
    expect(() => new Sealer('other-secret', 'ai-model-api-key').unseal(a)).toThrow();
    expect(() => keys.unseal('not.sealed')).toThrow();
  });

  it('still opens an ID number sealed the way the real-name module did before sealing moved to core', () => {
    // the former IdCardVault.encrypt: AES-256-GCM under sha256("realname-id-card-enc:" + secret)
    const secret = 'deployment-secret-of-an-existing-install';
    const key = createHash('sha256').update(`realname-id-card-enc:${secret}`).digest();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([cipher.update('110101199003074514', 'utf8'), cipher.final()]);
    const stored = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
    expect(new IdCardVault(secret).decrypt(stored)).toBe('110101199003074514');
  });
});
