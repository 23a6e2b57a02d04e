/** Paths whose last part is a secret: reset, verification and confirmation links, and the API calls that take them. */
const SECRET_PATH = /^(.*\/(?:reset-password|verify-email|confirm|confirmations))\/[^/?#]+/;

/**
 * A request path fit for a log line: the token of a reset, verification or
 * confirmation link replaced by `[redacted]` (docs/decisions.md §4: no token of any
 * kind in a log line).
 */
export function redactPath(path: string): string {
  return path.replace(SECRET_PATH, '$1/[redacted]');
}
