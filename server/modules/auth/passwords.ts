/** Password hashing with Argon2id (memory-hard), OWASP's minimum parameters. */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** verified against when the account does not exist, so timing does not reveal accounts */
let dummy: Promise<string> | undefined;
export const dummyHash = () => (dummy ??= hashPassword('dummy-password-1'));
