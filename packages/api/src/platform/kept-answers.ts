import type { IncomingMessage } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';

/** negotiator 1's `encoding` (its types on the registry describe 0.6's, without the preference). */
type EncodingNegotiator = { encoding(available: string[], options: { preferred: string[] }): string | undefined };

/**
 * How the API's answers are compressed: by the compression middleware
 * (services/server app/compression.ts), and here for a kept answer, alike.
 * gzip at its fastest (a long list packed in half the time for a few more
 * bytes), brotli at the middleware's own quality, nothing under 1 KB.
 */
export const API_COMPRESSION = { gzipLevel: constants.Z_BEST_SPEED, brotliQuality: 4, threshold: 1024 } as const;

/**
 * Answers a procedure gives again unchanged (docs/decisions.md §9.8): a
 * kept page of the product list is the same frozen array every time it
 * still holds. Its output check, its JSON and its compressed bytes are then
 * the same too, so they are done once and kept beside it:
 *
 * - `keptAnswer(value)` freezes a value and marks it as one that may come
 *   again;
 * - the output check (trpc.ts) gives the answer it made for it before
 *   (`checkedAnswer`), and keeps the one it makes (`rememberChecked`);
 * - the REST adapter writes a success envelope around it from the kept JSON
 *   text (`keptEnvelope`), compressed once per encoding as the compression
 *   middleware would compress it.
 *
 * Everything is held weakly by the value: it goes when the page goes.
 */
const keptValues = new WeakSet<object>();
const checked = new WeakMap<object, { schema: object; answer: object }>();
const written = new WeakMap<object, { message: string; json: Buffer; gzip?: Buffer; br?: Buffer }>();

/** Freezes `value` (a JSON-like answer, to `KEPT_DEPTH` levels) and marks it as one that may be given again as it is. */
export function keptAnswer<T extends object>(value: T): T {
  deepFreeze(value, KEPT_DEPTH);
  keptValues.add(value);
  return value;
}

/** Whether `value` was marked by `keptAnswer` (or is the checked answer of one). */
export function isKeptAnswer(value: unknown): value is object {
  return value !== null && typeof value === 'object' && keptValues.has(value);
}

/** What `schema` made of the kept answer `value` when it checked it before. */
export function checkedAnswer(value: object, schema: object): object | undefined {
  const before = checked.get(value);
  return before?.schema === schema ? before.answer : undefined;
}

/** Keeps what `schema` made of the kept answer `value` (frozen, and itself kept), for `checkedAnswer`. */
export function rememberChecked(value: object, schema: object, answer: unknown): void {
  if (answer === null || typeof answer !== 'object') return;
  checked.set(value, { schema, answer: keptAnswer(answer) });
}

/** How deep a kept answer is frozen: a list, its items, their objects (a product's `countedBy`), and one more. */
const KEPT_DEPTH = 4;

/** Freezes a JSON-like value to `depth` levels. */
function deepFreeze(value: object, depth: number): void {
  if (depth > 1) for (const item of Object.values(value)) if (item !== null && typeof item === 'object') deepFreeze(item, depth - 1);
  Object.freeze(value);
}

/**
 * The bytes of `{"code":1,"data":…,"message":…}` (envelope.ts) when `data`
 * is a kept answer, as `JSON.stringify` writes the envelope, and encoded as
 * the compression middleware would encode them for `req` (`API_COMPRESSION`,
 * by the client's Accept-Encoding and the middleware's preference of brotli;
 * nothing for a HEAD, or when the client takes neither), once per encoding. Undefined for any other
 * body.
 */
export function keptEnvelope(body: unknown, req: IncomingMessage | undefined): { bytes: Buffer; encoding?: 'br' | 'gzip' } | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const { code, data, message, ...rest } = body as { code?: unknown; data?: unknown; message?: unknown };
  if (code !== 1 || typeof message !== 'string' || Object.keys(rest).length > 0) return undefined;
  if (data === null || typeof data !== 'object' || !keptValues.has(data)) return undefined;
  let kept = written.get(data);
  if (kept?.message !== message) {
    kept = { message, json: Buffer.from(`{"code":1,"data":${JSON.stringify(data)},"message":${JSON.stringify(message)}}`) };
    written.set(data, kept);
  }
  const encoding =
    kept.json.length < API_COMPRESSION.threshold || req === undefined || req.method === 'HEAD'
      ? undefined
      : (new Negotiator(req) as EncodingNegotiator).encoding(['br', 'gzip', 'identity'], { preferred: ['br', 'gzip'] });
  if (encoding === 'br') {
    kept.br ??= brotliCompressSync(kept.json, { params: { [constants.BROTLI_PARAM_QUALITY]: API_COMPRESSION.brotliQuality } });
    return { bytes: kept.br, encoding };
  }
  if (encoding === 'gzip') {
    kept.gzip ??= gzipSync(kept.json, { level: API_COMPRESSION.gzipLevel });
    return { bytes: kept.gzip, encoding };
  }
  return { bytes: kept.json };
}
