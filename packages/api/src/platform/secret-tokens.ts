import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes: more than any link token needs (docs/decisions.md §4 asks at least 128 bits). */
const TOKEN_BYTES = 32;

/** How a link token is stored: its SHA-256, hex. The token itself is only ever in the link. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new random token (after `prefix`, which is part of it), and the hash to store. */
export function newSecretToken(prefix = ''): { token: string; hash: string } {
  const token = `${prefix}${randomBytes(TOKEN_BYTES).toString('base64url')}`;
  return { token, hash: hashSecretToken(token) };
}
