import argon2 from 'argon2';

/** argon2id's cost: memory in KiB, passes and lanes. */
export interface PasswordHashing {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** argon2id at OWASP's minimum: 19 MiB of memory, 2 passes, 1 lane. What every server hashes with. */
export const PASSWORD_HASHING: PasswordHashing = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Hashes with argon2id at `hashing`'s cost. Only tests pass a cheaper one
 * (ApiDeps.passwordHashing): a hash carries its own cost, so verifying it
 * takes the same code path at any cost.
 */
export function hashPassword(password: string, hashing: PasswordHashing = PASSWORD_HASHING): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...hashing });
}

/** A real hash of a random password per cost, checked when no user matches so both paths take as long. */
const decoyHashes = new Map<string, Promise<string>>();

/**
 * True when `password` matches `hash`. With no hash (no such user, or a user
 * without a password) it still spends the time of one verification at
 * `hashing`'s cost, so timing does not tell whether an email is registered.
 */
export async function verifyPassword(
  hash: string | null | undefined,
  password: string,
  hashing: PasswordHashing = PASSWORD_HASHING,
): Promise<boolean> {
  if (!hash) {
    const key = `${hashing.memoryCost}/${hashing.timeCost}/${hashing.parallelism}`;
    const decoy = decoyHashes.get(key) ?? hashPassword(crypto.randomUUID(), hashing);
    decoyHashes.set(key, decoy);
    await argon2.verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
