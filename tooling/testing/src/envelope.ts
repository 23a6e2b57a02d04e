import { expect } from 'vitest';
import { DEFAULT_USER_SETTINGS } from './fixtures.ts';
import type { ApiClient, ApiResponse, RegisteredUser } from './harness.ts';

/** A successful envelope around exactly `data` (docs/decisions.md §2); `message`, when given, is the exact success message. */
export function expectOk(res: ApiResponse, data: unknown, message?: string): void {
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.body).toEqual({ code: 1, data, message: message ?? expect.any(String) });
  expect(res.body.message.length).toBeGreaterThan(0);
}

/**
 * A failure envelope of `kind` with HTTP `status`. Every issue is `{ path, message }`;
 * when `fields` is given, the issues name exactly those fields; NOT_FOUND has none.
 */
export function expectFailure(res: ApiResponse, status: number, kind: string, fields?: string[]): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.body).toEqual({ code: 0, data: null, message: expect.any(String), error: { kind, issues: expect.any(Array) } });
  expect(res.body.message.length).toBeGreaterThan(0);
  for (const issue of res.body.error.issues) expect(issue).toEqual({ path: expect.any(String), message: expect.any(String) });
  if (fields) expect([...new Set(res.body.error.issues.map((i: { path: string }) => i.path))].sort()).toEqual([...fields].sort());
  if (kind === 'NOT_FOUND') expect(res.body.error.issues).toEqual([]);
}

/** A 400 whose issues all name `field` (and at least one does), each with a message. */
export function expectFieldError(res: ApiResponse, field: string): void {
  expectFailure(res, 400, 'BAD_REQUEST', [field]);
  for (const issue of res.body.error.issues as { path: string; message: string }[]) expect(issue.message.length).toBeGreaterThan(0);
}

/** The answer for another user's id is the NOT_FOUND envelope, identical to the one for a missing id. */
export function expectSameNotFound(foreign: ApiResponse, missing: ApiResponse, label: string): void {
  expect(missing.status, `${label} (missing id): ${missing.text}`).toBe(404);
  expect(missing.body, `${label} (missing id)`).toEqual({
    code: 0,
    data: null,
    message: expect.any(String),
    error: { kind: 'NOT_FOUND', issues: [] },
  });
  expect(foreign.status, `${label} (foreign id): ${foreign.text}`).toBe(404);
  expect(foreign.body, `${label} (foreign id)`).toEqual(missing.body);
  expect(foreign.headers.get('content-type'), label).toBe(missing.headers.get('content-type'));
}

/** A part of a JWT (the header or the claims), decoded. */
export const decodeTokenPart = (part: string | undefined) => JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));

export type Session = { token: string; expiresAt: string; user: RegisteredUser['user'] };

/**
 * A Session envelope (docs/decisions.md §2) for `user` (a field left out may
 * hold anything of its type), whose token is ours and works: an HS256 JWT
 * for that user that expires when `expiresAt` says (an ISO 8601 time ahead),
 * with which GET /users/me answers the same user. Answers the session.
 */
export async function expectSession(api: ApiClient, res: ApiResponse, user: Partial<Session['user']> = {}): Promise<Session> {
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.body).toEqual({
    code: 1,
    data: {
      token: expect.any(String),
      expiresAt: expect.any(String),
      user: {
        id: expect.any(Number),
        username: expect.any(String),
        businessName: expect.any(String),
        fullName: expect.any(String),
        email: expect.any(String),
        language: expect.stringMatching(/^(en|es)$/),
        emailVerified: expect.any(Boolean),
        ...DEFAULT_USER_SETTINGS,
        ...user,
      },
    },
    message: expect.any(String),
  });
  expect(res.body.message.length).toBeGreaterThan(0);
  const session = res.body.data as Session;
  expect(Number.isInteger(session.user.id) && session.user.id > 0).toBe(true);
  expect(new Date(session.expiresAt).toISOString()).toBe(session.expiresAt);
  expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.now());
  const [header, payload] = session.token.split('.');
  expect(decodeTokenPart(header)).toMatchObject({ alg: 'HS256' });
  expect(decodeTokenPart(payload)).toMatchObject({
    sub: String(session.user.id),
    iss: 'reorder',
    aud: 'reorder-api',
    sid: expect.any(Number),
  });
  expect(decodeTokenPart(payload).exp * 1000).toBe(Date.parse(session.expiresAt));
  const me = await api.get('/api/users/me', session.token);
  expect(me.status, me.text).toBe(200);
  expect(me.body.data).toEqual(session.user);
  return session;
}
