import { createHmac, webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError, SESSION_EXPIRED } from '../errors.ts';

const ISSUER = 'reorder';
const AUDIENCE = 'reorder-api';

export interface TokenClaims {
  userId: number;
  /** The server-side session the token belongs to; it stops working once that session ends. */
  sessionId: number;
}

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

export interface TokenService {
  /** When a token issued now expires (the session row keeps the same time). */
  expiryFromNow(): Date;
  /** A signed token for the claims, expiring at `expiresAt` (whole seconds; default: the lifetime from now). */
  issue(claims: TokenClaims, expiresAt?: Date): Promise<IssuedToken>;
  /** The claims of a valid token; a 401 AppError otherwise. */
  verify(token: string): Promise<TokenClaims>;
  /**
   * The token of a link made from a stored random `nonce` (a supplier's
   * confirmation link): 144 bits of HMAC-SHA-256 under a key derived from the
   * secret, so the database alone (nonce and token hash) gives no working link.
   */
  linkToken(nonce: string): string;
  /**
   * The account and session of a token this server issued, expired or not
   * (its session may have ended): proof that the device holding it signed in
   * to that account before (OWASP's "device cookie", docs/decisions.md §8.6).
   * Undefined for anything else.
   */
  deviceOf(token: string): Promise<{ userId: number; device: string } | undefined>;
}

/** Tokens whose signature and claims were checked, remembered at most; the oldest go first beyond it. */
const VERIFIED_MAX = 10_000;

/**
 * HS256 JWTs signed with `secret`. Only HS256 is accepted on the way in, so
 * `alg: none` and algorithm swaps fail; issuer, audience and expiry are checked.
 */
export function createTokenService(options: { secret: Uint8Array; ttlSeconds: number; now?: () => number }): TokenService {
  const now = options.now ?? Date.now;
  // A WebCrypto key made once: jose 6 uses a CryptoKey as it is, where a raw secret or a
  // KeyObject is imported again on every sign and every check (a fifth of a read's CPU).
  const key = webcrypto.subtle.importKey('raw', options.secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  // A key of its own for links, so no link token is ever a MAC the JWTs could be made of.
  const linkKey = createHmac('sha256', options.secret).update('reorder link tokens').digest();
  const expiryFromNow = () => new Date((Math.floor(now() / 1000) + options.ttlSeconds) * 1000);
  /**
   * The claims of tokens already checked, by the token's whole text, and when
   * each expires (epoch seconds). The same text always checks the same way
   * but for its expiry, which is checked again on every use as jose does
   * (`exp` at or before now is expired): WebCrypto's HMAC check, a job on
   * libuv's pool, was a fifth of a signed-in read's CPU under load
   * (docs/performance.md). Whether the session is still live is the session
   * check's business, not this one's: it runs on every request.
   */
  const verified = new Map<string, TokenClaims & { exp: number }>();
  const remember = (token: string, claims: TokenClaims, exp: number) => {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(token, { ...claims, exp });
  };
  return {
    expiryFromNow,
    async deviceOf(token) {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          // However long ago it expired: only the signature and the claims matter here.
          currentDate: new Date(0),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(payload.sid)) return undefined;
        return { userId, device: String(payload.sid) };
      } catch {
        return undefined;
      }
    },
    linkToken: (nonce) => createHmac('sha256', linkKey).update(nonce).digest().subarray(0, 18).toString('base64url'),
    async issue({ userId, sessionId }, expiresAt = expiryFromNow()) {
      const issuedAt = Math.floor(now() / 1000);
      const expiresAtSeconds = Math.floor(expiresAt.getTime() / 1000);
      const token = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAtSeconds)
        .sign(await key);
      return { token, expiresAt: new Date(expiresAtSeconds * 1000) };
    },
    async verify(token) {
      const known = verified.get(token);
      if (known !== undefined) {
        if (known.exp > Math.floor(now() / 1000)) return { userId: known.userId, sessionId: known.sessionId };
        verified.delete(token);
        throw new AppError('UNAUTHORIZED', SESSION_EXPIRED);
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: new Date(now()),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const userId = Number(payload.sub);
        const sessionId = payload.sid;
        if (!Number.isSafeInteger(userId) || userId < 1 || !Number.isSafeInteger(sessionId) || (sessionId as number) < 1) {
          throw new AppError('UNAUTHORIZED', 'Invalid token. Please sign in again.');
        }
        const claims = { userId, sessionId: sessionId as number };
        remember(token, claims, payload.exp as number);
        return claims;
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof errors.JWTExpired) throw new AppError('UNAUTHORIZED', SESSION_EXPIRED);
        throw new AppError('UNAUTHORIZED', 'Invalid token. Please sign in again.');
      }
    },
  };
}

/** The token from an Authorization header: `Bearer <token>`, or the bare token. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim();
  const match = /^Bearer\s+(.+)$/i.exec(value);
  const token = (match ? match[1] : value)?.trim();
  return token ? token : undefined;
}
