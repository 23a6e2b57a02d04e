import { LIMITS } from '@reorder/schemas';
import express, { type RequestHandler } from 'express';
import { nestingDepth } from '../api-lane.ts';
import { BODY_ERRORS } from './request-errors.ts';

/**
 * The REST surface's body reader (mounted at /api): the catalogue import's
 * larger limit on its path, the usual one everywhere else. tRPC reads its own
 * body (same limits) and answers in its own shape.
 */
export function createRestBodyReader(): RequestHandler {
  const readBody = readJsonBody(LIMITS.bodyBytes);
  const readImportBody = readJsonBody(LIMITS.catalogueImportBodyBytes);
  return (req, res, next) => (req.path === '/catalogue/import' ? readImportBody : readBody)(req, res, next);
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
