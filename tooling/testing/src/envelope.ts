import { expect } from 'vitest';
import type { ApiResponse } from './harness.ts';

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
