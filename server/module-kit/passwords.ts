/**
 * Password hashing with argon2id (memory-hard). Parameters follow OWASP's argon2id baseline
 * (19 MiB, 2 passes, 1 lane); a stored hash carries its own parameters, so raising them later
 * only affects new hashes.
 */
import argon2 from 'argon2';

const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

let dummyHash: Promise<string> | undefined;

/** Verifies a password; with no stored hash it still spends the same work, so timing says nothing. */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('kaksha-timing-equaliser');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
