import { base64url, decodeJwt, decodeProtectedHeader, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AppError, SESSION_EXPIRED } from '../errors.ts';
import { createTokenService, tokenFromHeader } from './tokens.ts';

const secret = new TextEncoder().encode('a-test-secret-that-is-long-enough-for-hs256!');
const otherSecret = new TextEncoder().encode('another-secret-that-is-also-long-enough-0123');
const DAY = 86_400;

/** The AppError `promise` rejects with (fails the test when it resolves or rejects with something else). */
async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function expectUnauthorized(token: string, service = createTokenService({ secret, ttlSeconds: 7 * DAY })) {
  const error = await rejection(service.verify(token));
  expect(error.kind).toBe('UNAUTHORIZED');
  expect(error.code).toBe('UNAUTHORIZED');
  return error;
}

describe('createTokenService', () => {
  it('names the account and session of any token it issued as a device proof, expired too; nothing else', async () => {
    let now = Date.UTC(2030, 0, 15, 12, 0, 0);
    const service = createTokenService({ secret, ttlSeconds: 60, now: () => now });
    const { token } = await service.issue({ userId: 42, sessionId: 9 });
    now += 365 * DAY * 1000;
    await expectUnauthorized(token, service);
    await expect(service.deviceOf(token)).resolves.toEqual({ userId: 42, device: '9' });
    const foreign = await createTokenService({ secret: otherSecret, ttlSeconds: 60 }).issue({ userId: 42, sessionId: 9 });
    await expect(service.deviceOf(foreign.token)).resolves.toBeUndefined();
    await expect(service.deviceOf(`${token.slice(0, -4)}AAAA`)).resolves.toBeUndefined();
    await expect(service.deviceOf(new UnsecuredJWT({ sid: 9 }).setSubject('42').encode())).resolves.toBeUndefined();
    await expect(service.deviceOf('not a token')).resolves.toBeUndefined();
  });

  it('verifies what it issues (userId and sessionId)', async () => {
    const service = createTokenService({ secret, ttlSeconds: 7 * DAY });
    const { token } = await service.issue({ userId: 42, sessionId: 3 });
    expect(token.split('.')).toHaveLength(3);
    await expect(service.verify(token)).resolves.toEqual({ userId: 42, sessionId: 3 });
  });

  it('checks a token again the same way once it has checked it: its expiry at every use, its signature kept', async () => {
    let now = Date.UTC(2030, 0, 15, 12, 0, 0);
    const service = createTokenService({ secret, ttlSeconds: 60, now: () => now });
    const { token } = await service.issue({ userId: 42, sessionId: 3 });
    await expect(service.verify(token)).resolves.toEqual({ userId: 42, sessionId: 3 });
    await expect(service.verify(token)).resolves.toEqual({ userId: 42, sessionId: 3 });
    // Another signature on the same claims is another text: checked, and refused.
    await expectUnauthorized(`${token.slice(0, -4)}AAAA`, service);
    // One second before `exp` it works; at `exp` it is expired, as jose says of a token it has not seen.
    now += 59_000;
    await expect(service.verify(token)).resolves.toEqual({ userId: 42, sessionId: 3 });
    now += 1_000;
    expect((await expectUnauthorized(token, service)).message).toBe(SESSION_EXPIRED);
    expect((await expectUnauthorized(token, service)).message).toBe(SESSION_EXPIRED);
    const fresh = createTokenService({ secret, ttlSeconds: 60, now: () => now });
    expect((await expectUnauthorized(token, fresh)).message).toBe(SESSION_EXPIRED);
  });

  it('carries the session id as the `sid` claim, and expires when it is told to', async () => {
    const now = Date.UTC(2030, 0, 15, 12, 0, 0);
    const service = createTokenService({ secret, ttlSeconds: 60, now: () => now });
    const { token, expiresAt } = await service.issue({ userId: 1, sessionId: 77 }, new Date(now + 30_000));
    expect(decodeJwt(token).sid).toBe(77);
    expect(expiresAt.getTime()).toBe(now + 30_000);
    expect(service.expiryFromNow().getTime()).toBe(now + 60_000);
  });

  it('signs HS256 with sub, iss, aud, iat and exp', async () => {
    const service = createTokenService({ secret, ttlSeconds: 3600 });
    const { token } = await service.issue({ userId: 7, sessionId: 1 });
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    const claims = decodeJwt(token);
    expect(claims.sub).toBe('7');
    expect(claims.iss).toBeTruthy();
    expect(claims.aud).toBeTruthy();
    expect(typeof claims.iat).toBe('number');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
  });

  it('sets expiresAt to now + ttl', async () => {
    const now = Date.UTC(2030, 0, 15, 12, 0, 0);
    const service = createTokenService({ secret, ttlSeconds: 7 * DAY, now: () => now });
    const { token, expiresAt } = await service.issue({ userId: 1, sessionId: 1 });
    expect(expiresAt).toBeInstanceOf(Date);
    expect(expiresAt.getTime()).toBe(now + 7 * DAY * 1000);
    expect(decodeJwt(token).exp).toBe(now / 1000 + 7 * DAY);
  });

  it('rejects an expired token with a message about expiry', async () => {
    const past = createTokenService({ secret, ttlSeconds: 7 * DAY, now: () => Date.now() - 8 * DAY * 1000 });
    const { token, expiresAt } = await past.issue({ userId: 5, sessionId: 1 });
    expect(expiresAt.getTime()).toBeLessThan(Date.now());
    const error = await expectUnauthorized(token);
    expect(error.message).toBe(SESSION_EXPIRED);
    expect(error.message).toMatch(/expired/i);
  });

  it('accepts a token until it expires and rejects it after', async () => {
    let clock = Date.UTC(2030, 0, 1);
    const service = createTokenService({ secret, ttlSeconds: 60, now: () => clock });
    const { token } = await service.issue({ userId: 9, sessionId: 2 });
    clock += 59_000;
    await expect(service.verify(token)).resolves.toEqual({ userId: 9, sessionId: 2 });
    clock += 2_000;
    expect((await expectUnauthorized(token, service)).message).toMatch(/expired/i);
  });

  it('rejects a tampered payload', async () => {
    const service = createTokenService({ secret, ttlSeconds: 7 * DAY });
    const { token } = await service.issue({ userId: 1, sessionId: 1 });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload))) as Record<string, unknown>;
    const forged = base64url.encode(JSON.stringify({ ...claims, sub: '2' }));
    const error = await expectUnauthorized(`${header}.${forged}.${signature}`, service);
    expect(error.message).not.toMatch(/expired/i);
  });

  it('rejects a tampered signature', async () => {
    const service = createTokenService({ secret, ttlSeconds: 7 * DAY });
    const { token } = await service.issue({ userId: 1, sessionId: 1 });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    // Change a character in the middle: every bit of it is significant.
    const i = 10;
    const swapped = signature[i] === 'A' ? 'B' : 'A';
    const forged = `${signature.slice(0, i)}${swapped}${signature.slice(i + 1)}`;
    expect(forged).not.toBe(signature);
    await expectUnauthorized(`${header}.${payload}.${forged}`, service);
  });

  it('rejects an `alg: none` token', async () => {
    const unsigned = new UnsecuredJWT({ sid: 1 })
      .setSubject('1')
      .setIssuer(decodeJwt((await createTokenService({ secret, ttlSeconds: 60 }).issue({ userId: 1, sessionId: 1 })).token).iss ?? '')
      .setAudience('reorder-api')
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    expect(decodeProtectedHeader(unsigned).alg).toBe('none');
    await expectUnauthorized(unsigned);
  });

  it('rejects a token signed with another secret', async () => {
    const other = createTokenService({ secret: otherSecret, ttlSeconds: 7 * DAY });
    const { token } = await other.issue({ userId: 1, sessionId: 1 });
    const error = await expectUnauthorized(token);
    expect(error.message).not.toMatch(/expired/i);
  });

  it('rejects another HMAC algorithm with the same secret', async () => {
    const token = await new SignJWT({ sid: 1 })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('1')
      .setIssuer('reorder')
      .setAudience('reorder-api')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(secret);
    await expectUnauthorized(token);
  });

  /** A token made with jose directly, the right secret and algorithm, and the given changes. */
  async function signed(options: { issuer?: string; audience?: string; sub?: string; sid?: unknown; exp?: boolean }) {
    const jwt = new SignJWT(options.sid === undefined ? { sid: 1 } : { sid: options.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(options.sub ?? '1')
      .setIssuer(options.issuer ?? 'reorder')
      .setAudience(options.audience ?? 'reorder-api')
      .setIssuedAt();
    if (options.exp !== false) jwt.setExpirationTime('1h');
    return jwt.sign(secret);
  }

  it('accepts a well-formed token made directly with jose (control for the cases below)', async () => {
    const service = createTokenService({ secret, ttlSeconds: 60 });
    await expect(service.verify(await signed({}))).resolves.toEqual({ userId: 1, sessionId: 1 });
  });

  it('rejects a wrong issuer', async () => {
    await expectUnauthorized(await signed({ issuer: 'someone-else' }));
  });

  it('rejects a wrong audience', async () => {
    await expectUnauthorized(await signed({ audience: 'another-api' }));
  });

  it('rejects a token without expiry', async () => {
    await expectUnauthorized(await signed({ exp: false }));
  });

  it('rejects a bad subject or session id', async () => {
    await expectUnauthorized(await signed({ sub: 'abc' }));
    await expectUnauthorized(await signed({ sub: '0' }));
    await expectUnauthorized(await signed({ sid: '1' }));
    await expectUnauthorized(await signed({ sid: 0 }));
    await expectUnauthorized(await signed({ sid: 1.5 }));
  });

  it('rejects garbage', async () => {
    await expectUnauthorized('not-a-token');
    await expectUnauthorized('');
    await expectUnauthorized('a.b.c');
  });
});

describe('tokenFromHeader', () => {
  it.each([
    ['Bearer x', 'x'],
    ['bearer   x ', 'x'],
    ['BEARER x', 'x'],
    ['x', 'x'],
    ['  x  ', 'x'],
    ['Bearer eyJ.abc.def', 'eyJ.abc.def'],
  ])('%j -> %j', (header, expected) => {
    expect(tokenFromHeader(header)).toBe(expected);
  });

  it.each([undefined, '', '   '])('%j -> undefined', (header) => {
    expect(tokenFromHeader(header)).toBeUndefined();
  });
});
