import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, describeError, ERROR_STATUS, INTERNAL_MESSAGE, issuesMessage, notFound, type TErrorKind } from './errors.ts';

/** A real ZodError from a failed parse. */
function zodError(schema: z.ZodType, value: unknown): z.ZodError {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected the parse to fail');
  return result.error;
}

describe('describeError', () => {
  it.each([
    ['BAD_REQUEST', 400],
    ['UNAUTHORIZED', 401],
    ['NOT_FOUND', 404],
    ['CONFLICT', 409],
    ['PAYLOAD_TOO_LARGE', 413],
    ['TOO_MANY_REQUESTS', 429],
    ['INTERNAL', 500],
    ['UNAVAILABLE', 503],
  ] as [TErrorKind, number][])('maps AppError %s to %i', (kind, status) => {
    const description = describeError(new AppError(kind, `a ${kind} message`));
    expect(description.kind).toBe(kind);
    expect(description.status).toBe(status);
    expect(description.message).toBe(`a ${kind} message`);
    expect(description.issues).toEqual([]);
  });

  it('covers exactly the kinds of the contract (docs/decisions.md §2, FORBIDDEN of §7, METHOD_NOT_ALLOWED of §8.8)', () => {
    expect(ERROR_STATUS).toEqual({
      BAD_REQUEST: 400,
      UNAUTHORIZED: 401,
      FORBIDDEN: 403,
      NOT_FOUND: 404,
      METHOD_NOT_ALLOWED: 405,
      CONFLICT: 409,
      PAYLOAD_TOO_LARGE: 413,
      // A bill's file that is not an image or a PDF (§9.6).
      UNSUPPORTED_MEDIA_TYPE: 415,
      TOO_MANY_REQUESTS: 429,
      INTERNAL: 500,
      UNAVAILABLE: 503,
    });
  });

  it('keeps the issues and retryAfter of an AppError', () => {
    const issues = [{ path: 'name', message: 'Supplier name is required' }];
    expect(describeError(new AppError('BAD_REQUEST', 'Supplier name is required', { issues }))).toMatchObject({
      kind: 'BAD_REQUEST',
      status: 400,
      issues,
    });
    expect(describeError(new AppError('TOO_MANY_REQUESTS', 'Too many attempts', { retryAfter: 42 })).retryAfter).toBe(42);
  });

  it('describes notFound() as a 404 naming the thing', () => {
    expect(describeError(notFound('Supplier'))).toMatchObject({ kind: 'NOT_FOUND', status: 404, message: 'Supplier not found' });
  });

  it('turns a BAD_REQUEST wrapping a ZodError into per-field issues with dotted paths', () => {
    const schema = z.object({
      supplier: z.object({ name: z.string({ error: 'Name is required' }), tags: z.array(z.string({ error: 'Tag must be text' })) }),
      quantity: z.number({ error: 'Quantity must be a number' }),
    });
    const cause = zodError(schema, { supplier: { name: 1, tags: ['ok', 2] }, quantity: 'x' });
    const description = describeError(new TRPCError({ code: 'BAD_REQUEST', message: 'Input validation failed', cause }));
    expect(description.kind).toBe('BAD_REQUEST');
    expect(description.status).toBe(400);
    expect(description.issues).toEqual([
      { path: 'supplier.name', message: 'Name is required' },
      { path: 'supplier.tags.1', message: 'Tag must be text' },
      { path: 'quantity', message: 'Quantity must be a number' },
    ]);
    expect(description.message).toBe('Name is required; Tag must be text; Quantity must be a number');
  });

  it('joins only the distinct issue messages', () => {
    const schema = z.object({
      a: z.string({ error: 'Must be text' }),
      b: z.string({ error: 'Must be text' }),
      c: z.number({ error: 'Must be a number' }),
    });
    const cause = zodError(schema, {});
    const description = describeError(new TRPCError({ code: 'BAD_REQUEST', cause }));
    expect(description.issues.map((i) => i.path)).toEqual(['a', 'b', 'c']);
    expect(description.message).toBe('Must be text; Must be a number');
  });

  it('gives a root-level issue an empty path', () => {
    const cause = zodError(z.string({ error: 'Send text' }), 5);
    expect(describeError(new TRPCError({ code: 'BAD_REQUEST', cause })).issues).toEqual([{ path: '', message: 'Send text' }]);
  });

  it('hides the message of a plain Error', () => {
    const description = describeError(new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2'));
    expect(description).toEqual({ kind: 'INTERNAL', status: 500, message: INTERNAL_MESSAGE, issues: [] });
    expect(JSON.stringify(description)).not.toContain('hunter2');
  });

  it('hides SQL wrapped in an INTERNAL_SERVER_ERROR', () => {
    const sql = 'duplicate key value violates unique constraint "users_email_key" in INSERT INTO users (email) VALUES ($1)';
    const description = describeError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: new Error(sql) }));
    expect(description.kind).toBe('INTERNAL');
    expect(description.status).toBe(500);
    expect(description.message).toBe(INTERNAL_MESSAGE);
    expect(JSON.stringify(description)).not.toContain('INSERT');
    expect(JSON.stringify(description)).not.toContain('users_email_key');
  });

  it('hides the message of an INTERNAL_SERVER_ERROR that carries it directly', () => {
    const description = describeError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'SELECT * FROM users WHERE id = 1' }));
    expect(description.message).toBe(INTERNAL_MESSAGE);
    expect(JSON.stringify(description)).not.toContain('SELECT');
  });

  it('describes things that are not errors as INTERNAL', () => {
    for (const thrown of ['a string', 42, null, undefined, { message: 'SELECT 1' }]) {
      expect(describeError(thrown)).toEqual({ kind: 'INTERNAL', status: 500, message: INTERNAL_MESSAGE, issues: [] });
    }
  });

  it('maps tRPC codes to kinds', () => {
    expect(describeError(new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in' }))).toMatchObject({ kind: 'UNAUTHORIZED', status: 401 });
    expect(describeError(new TRPCError({ code: 'NOT_FOUND', message: 'No procedure found on path "x"' }))).toMatchObject({
      kind: 'NOT_FOUND',
      status: 404,
      message: 'Not found',
    });
    expect(describeError(new TRPCError({ code: 'PARSE_ERROR', message: 'Unexpected token } in JSON' }))).toMatchObject({
      kind: 'BAD_REQUEST',
      status: 400,
    });
    expect(describeError(new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'db down at 10.0.0.5' }))).toMatchObject({
      kind: 'UNAVAILABLE',
      status: 503,
    });
    expect(describeError(new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'db down at 10.0.0.5' })).message).not.toContain('10.0.0.5');
  });

  it('issuesMessage falls back when there are no issues', () => {
    expect(issuesMessage([])).toBe('Invalid input');
  });
});
