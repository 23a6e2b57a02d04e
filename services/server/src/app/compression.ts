import { constants } from 'node:zlib';
import compression from 'compression';
import type { RequestHandler } from 'express';

/**
 * gzip (or brotli) for the app's code and the API's JSON: what a phone on a slow network waits for.
 * The app's files at zlib's default level; the API's JSON, made anew for every answer, at gzip's
 * fastest, which packs a long list in half the time for a few more bytes (brotli, which browsers
 * ask for, keeps its level). The figures: docs/performance.md.
 * `compress` is the API's, which api-lane.ts uses too; `middleware` picks one by path.
 */
export function createCompression(): { compress: RequestHandler; middleware: RequestHandler } {
  const compressFiles = compression();
  const compress = compression({ level: constants.Z_BEST_SPEED });
  const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');
  return { compress, middleware: (req, res, next) => (isApiAnswer(req.url) ? compress : compressFiles)(req, res, next) };
}
