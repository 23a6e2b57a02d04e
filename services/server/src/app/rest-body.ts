import type { RestHandler } from '@reorder/api';
import { LIMITS } from '@reorder/schemas';
import express, { type RequestHandler } from 'express';
import { nestingDepth } from '../api-lane.ts';
import { BODY_ERRORS } from './request-errors.ts';

/**
 * The REST surface's body reader (mounted at /api): the catalogue import's
 * larger limit on its path, a file's raw bytes on a call that takes one
 * (`meta.rawBody`: an invoice's photo or PDF, docs/decisions.md §9.6), the
 * usual JSON everywhere else. tRPC reads its own body (same limits) and
 * answers in its own shape.
 */
export function createRestBodyReader(rest: Pick<RestHandler, 'find'>): RequestHandler {
  const readBody = readJsonBody(LIMITS.bodyBytes);
  const readImportBody = readJsonBody(LIMITS.catalogueImportBodyBytes);
  const rawReaders = new Map<number, RequestHandler>();
  return (req, res, next) => {
    if (req.path === '/catalogue/import') return readImportBody(req, res, next);
    const raw = rest.find(req.method, req.path)?.route.meta.rawBody;
    if (!raw) return readBody(req, res, next);
    let reader = rawReaders.get(raw.maxBytes);
    if (!reader) {
      reader = readRawBody(raw.maxBytes);
      rawReaders.set(raw.maxBytes, reader);
    }
    reader(req, res, next);
  };
}

/** A file's bytes, whatever its Content-Type (what it is, its content says); over the limit, the call's own 413. */
function readRawBody(limit: number): RequestHandler {
  const parse = express.raw({ limit, type: () => true });
  return (req, res, next) =>
    parse(req, res, (error?: unknown) => {
      if (error) {
        const typed = error as { type?: string };
        typed.type =
          typed.type === 'entity.too.large' ? 'file.too.large' : typed.type && typed.type in BODY_ERRORS ? typed.type : 'body.unreadable';
        return next(error);
      }
      next();
    });
}

/**
 * The REST body reader: express.json with the body limit, a bound on how deep
 * the JSON nests (a body nested thousands of levels deep would exhaust the
 * stack of the code that walks it), and every failure of reading (a corrupt
 * gzip or brotli body) marked as the client's, so it answers 400, not 500.
 */
function readJsonBody(limit: number): RequestHandler {
  const parse = express.json({ limit });
  return (req, res, next) =>
    parse(req, res, (error?: unknown) => {
      if (error) {
        const typed = error as { type?: string };
        if (!(typed.type && typed.type in BODY_ERRORS)) typed.type = 'body.unreadable';
        return next(error);
      }
      if (nestingDepth(req.body) > LIMITS.jsonDepth)
        return next(Object.assign(new Error('JSON nested too deeply'), { type: 'entity.too.deep' }));
      next();
    });
}
