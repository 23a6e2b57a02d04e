import { randomBytes } from 'node:crypto';
import { href } from '@reorder/schemas/web-paths';
import type { Context } from '../context.ts';
import { hashSecretToken } from '../platform/secret-tokens.ts';

/**
 * How a confirmation link is made (docs/decisions.md §6.4): each order keeps a
 * random nonce for its next send; the link's token is an HMAC of it under the
 * server's key (`tokens.linkToken`), and a sent order stores the nonce and the
 * token's SHA-256 (what the public page looks the token up by), never the
 * token. So the owner's app can show the exact text before the send, and the
 * history can show it after, while a copy of the database opens no link.
 */
export interface ConfirmLinks {
  /** What every link starts with: `<PUBLIC_URL>/confirm/`. */
  prefix: string;
  /** The link for a nonce: `<PUBLIC_URL>/confirm/<token>`. */
  url(nonce: string): string;
  /** What a sent order stores to find the link's token again. */
  tokenHash(nonce: string): string;
}

export function confirmLinks(ctx: Pick<Context, 'tokens' | 'settings'>): ConfirmLinks {
  return {
    prefix: `${ctx.settings.publicUrl}${href('confirm', { token: '' })}`,
    url: (nonce) => `${ctx.settings.publicUrl}${href('confirm', { token: ctx.tokens.linkToken(nonce) })}`,
    tokenHash: (nonce) => hashSecretToken(ctx.tokens.linkToken(nonce)),
  };
}

/** A nonce for an order's next link: 128 random bits. */
export function newConfirmNonce(): string {
  return randomBytes(16).toString('base64url');
}
