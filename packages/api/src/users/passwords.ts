import argon2 from 'argon2';

/** argon2id at OWASP's minimum: 19 MiB of memory, 2 passes, 1 lane. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

/** A real hash of a random password, checked when no user matches so both paths take as long. */
let decoyHash: Promise<string> | undefined;

/**
 * True when `password` matches `hash`. With no hash (no such user, or a user
 * without a password) it still spends the time of one verification, so timing
 * does not tell whether an email is registered.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    decoyHash ??= hashPassword(crypto.randomUUID());
    await argon2.verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
