import { describe, expect, it } from 'vitest';
import { redactPath } from './redact.ts';

describe('redactPath', () => {
  it.each([
    ['/reset-password/abc_DEF-123', '/reset-password/[redacted]'],
    ['/verify-email/abc', '/verify-email/[redacted]'],
    ['/confirm/abc', '/confirm/[redacted]'],
    ['/api/public/confirmations/abc', '/api/public/confirmations/[redacted]'],
    ['/reset-password/abc/extra', '/reset-password/[redacted]/extra'],
  ])('%j -> %j', (path, expected) => {
    expect(redactPath(path)).toBe(expected);
  });

  it.each(['/orders/12', '/api/auth/reset-password', '/api/suppliers', '/reset-password', '/'])('keeps %j', (path) => {
    expect(redactPath(path)).toBe(path);
  });
});
