import { type RegisteredUser, useTestServer } from '@reorder/testing';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * docs/decisions.md §2: an unexpected failure answers 500 INTERNAL with a generic
 * message, never a stack trace or SQL; the log says what failed without a
 * stack or SQL either.
 */

const FEEDBACK = { fullName: 'Ana García', email: 'ana@example.com', note: 'Love the app' };

/** Things that must never reach a client: SQL, table names, stacks, file paths, driver wording. */
const LEAKS: RegExp[] = [
  /\bfeedback\b/i, // the table name
  /\b(insert\s+into|select\b[\s\S]*\bfrom|returning|values\s*\()/i,
  /relation|does not exist|42P01|syntax error/i,
  /\bat\s+\S+\s+\(|^\s+at\s/m, // stack frames
  /\.(ts|js|mjs|cjs):\d+/,
  /\/(work|home|usr|tmp|node_modules)\//,
  /pglite|postgres|kysely|\bpg\b/i,
  /"stack"/,
];

function expectNoLeak(text: string, label: string) {
  for (const pattern of LEAKS) expect(text, `${label} leaks ${pattern}`).not.toMatch(pattern);
}

const t = useTestServer();
let user: RegisteredUser;
beforeAll(async () => {
  user = await t.api.register();
  // The call works before the table goes away, so the failure below is caused by the drop.
  const ok = await t.api.post('/api/feedbacks', FEEDBACK, user.token);
  expect(ok.status).toBe(200);
  await sql`DROP TABLE feedback`.execute(t.server.deps.db);
});

/** The failing call over REST, its request id given, so its log line can be found. */
const failOverRest = (requestId: string) =>
  t.api.request('POST', '/api/feedbacks', { token: user.token, body: FEEDBACK, headers: { 'x-request-id': requestId } });

describe('an unexpected failure', () => {
  it('answers 500 INTERNAL with a generic message over REST', async () => {
    const requestId = 'errors-test-rest-1';
    const res = await failOverRest(requestId);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('x-request-id')).toBe(requestId);
    expect(res.body).toEqual({ code: 0, data: null, message: expect.any(String), error: { kind: 'INTERNAL', issues: [] } });
    expect(res.body.message.length).toBeGreaterThan(5);
    expectNoLeak(res.text, 'REST answer');
  });

  it('answers INTERNAL with the same generic message over tRPC, without details', async () => {
    const rest = await t.api.post('/api/feedbacks', FEEDBACK, user.token);
    const res = await fetch(`${t.url}/api/trpc/feedback.send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}`, 'x-request-id': 'errors-test-trpc-1' },
      body: JSON.stringify(FEEDBACK),
    });
    expect(res.status).toBe(500);
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body.error.data.kind).toBe('INTERNAL');
    expect(body.error.data.httpStatus).toBe(500);
    expect(body.error.data.issues).toEqual([]);
    expect(body.error.message).toBe(rest.body.message);
    // The procedure's own path is fine in a tRPC shape; nothing else may leak.
    expectNoLeak(text.replaceAll('"feedback.send"', '""'), 'tRPC answer');
  });

  it('writes one error log line per failure, without a stack trace or SQL', async () => {
    const requestId = 'errors-test-rest-log';
    const res = await failOverRest(requestId);
    expect(res.status).toBe(500);

    const lines = t.logs.filter((line) => line.includes(requestId));
    const errors = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 'error');
    expect(errors).toHaveLength(1);
    const [entry] = errors;
    expect(entry).toMatchObject({ msg: expect.any(String), requestId, kind: 'INTERNAL' });
    // It says what kind of thing failed (the driver's error class or code), so it is useful.
    expect(entry.errorName ?? entry.errorCode ?? entry.cause).toBeDefined();

    const raw = lines.find((line) => JSON.parse(line).level === 'error')!;
    expect(raw).not.toContain('    at ');
    expect(raw).not.toMatch(/\\n\s+at\s/);
    expect(raw).not.toMatch(/"stack"/);
    expect(raw).not.toMatch(/\b(insert\s+into|select\b.*\bfrom|returning\s+"?id|values\s*\()/i);
    expect(raw).not.toMatch(/relation "?feedback"? does not exist/i);
    expect(raw).not.toMatch(/ana@example\.com|Love the app/); // the request's data stays out too

    // The access log line for the request is there as well, with the status.
    const access = lines.map((line) => JSON.parse(line)).find((e) => e.level === 'info' && e.status === 500);
    expect(access).toBeDefined();
  });

  it('no log line of the whole run holds a stack trace or SQL', () => {
    expect(t.logs.length).toBeGreaterThan(0);
    for (const line of t.logs) {
      expect(line).not.toContain('    at ');
      expect(line).not.toMatch(/\\n\s+at\s/);
      expect(line).not.toMatch(/\b(insert\s+into|select\b.*\bfrom)\b/i);
    }
  });

  it('leaves the rest of the API working', async () => {
    const supplier = await t.api.createSupplier(user.token);
    const res = await t.api.get(`/api/suppliers/${supplier.id}`, user.token);
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(supplier.id);
  });
});
