import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../errors.ts';

const ISSUER = 'reorder';
const AUDIENCE = 'reorder-api';

export interface TokenClaims {
  userId: number;
  /** The user's token version when the token was made. */
  version: number;
}

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

export interface TokenService {
  issue(claims: TokenClaims): Promise<IssuedToken>;
  /** The claims of a valid token; a 401 AppError otherwise. */
  verify(token: string): Promise<TokenClaims>;
}

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/**
 * HS256 JWTs signed with `secret`. Only HS256 is accepted on the way in, so
 * `alg: none` and algorithm swaps fail; issuer, audience and expiry are checked.
 */
export function createTokenService(options: { secret: Uint8Array; ttlSeconds: number; now?: () => number }): TokenService {
  const now = options.now ?? Date.now;
  return {
    async issue({ userId, version }) {
      const issuedAt = Math.floor(now() / 1000);
      const expiresAtSeconds = issuedAt + options.ttlSeconds;
      const token = await new SignJWT({ ver: version })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAtSeconds)
        .sign(options.secret);
      return { token, expiresAt: new Date(expiresAtSeconds * 1000) };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, options.secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: new Date(now()),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const userId = Number(payload.sub);
        const version = payload.ver;
        if (!Number.isSafeInteger(userId) || userId < 1 || typeof version !== 'number') {
          throw new AppError('UNAUTHORIZED', 'Invalid token. Please sign in again.');
        }
        return { userId, version };
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
