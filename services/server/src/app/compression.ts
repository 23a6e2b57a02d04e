import { constants } from 'node:zlib';
import { API_COMPRESSION } from '@reorder/api';
import compression from 'compression';
import type { RequestHandler } from 'express';

/**
 * gzip (or brotli) for the app's code and the API's JSON: what a phone on a slow network waits for.
 * The app's files at zlib's default level; the API's JSON, made anew for every answer, as
 * `API_COMPRESSION` says (a kept answer is compressed alike, once: kept-answers.ts). The figures:
 * docs/performance.md.
 * `compress` is the API's, which api-lane.ts uses too; `middleware` picks one by path.
 */
export function createCompression(): { compress: RequestHandler; middleware: RequestHandler } {
  const compressFiles = compression();
  const compress = compression({
    level: API_COMPRESSION.gzipLevel,
    threshold: API_COMPRESSION.threshold,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: API_COMPRESSION.brotliQuality } },
  });
  const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');
  return { compress, middleware: (req, res, next) => (isApiAnswer(req.url) ? compress : compressFiles)(req, res, next) };
}
