import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's recommended minimum (19 MiB, 2 iterations).
// `algorithm: 2` is Argon2id (the package's const enum cannot be imported under isolatedModules).
const OPTIONS = { algorithm: 2 as const, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummy: Promise<string> | undefined;

/** Verifies a password; with no digest it still spends the same time, so unknown e-mails don't show. */
export async function verifyPassword(digestValue: string | null, password: string): Promise<boolean> {
  if (!digestValue) {
    dummy ??= hashPassword('not-a-real-password-but-same-cost');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(digestValue, password).catch(() => false);
}

export const PASSWORD_MIN_LENGTH = 12;
