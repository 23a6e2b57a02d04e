/**
 * A link's secret segment after one of these names: reset, verification,
 * confirmation and invitation links, and the API calls that take them.
 * Matched in any case and after any run of slashes or backslashes, which
 * browsers and proxies read as one.
 */
const SECRET_PATH = /([/\\](?:reset-password|verify-email|confirm|confirmations|invitations))[/\\]+[^/\\?#]+/gi;

/** Percent-decoding, as bytes, repeated (a double-encoded `%252F` too); a broken `%` stays as it is. */
function decodePercents(path: string): string {
  let decoded = path;
  for (let i = 0; i < 3 && decoded.includes('%'); i++) {
    const next = decoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (next === decoded) break;
    decoded = next;
  }
  return decoded;
}

/**
 * A request path fit for a log line: the token of a reset, verification,
 * confirmation or invitation link replaced by `[redacted]` (docs/decisions.md
 * §4: no token of any kind in a log line), however the path spells the link
 * (`/Reset-Password//<t>`, `/confirm%2F<t>`: docs/decisions.md §8.6). A path
 * holding such a link is logged percent-decoded, the way it was matched.
 */
export function redactPath(path: string): string {
  const decoded = decodePercents(path);
  SECRET_PATH.lastIndex = 0;
  if (!SECRET_PATH.test(decoded)) return path;
  return decoded.replace(SECRET_PATH, '$1/[redacted]');
}
