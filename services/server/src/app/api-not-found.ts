import { errorEnvelope, type RestHandler } from '@reorder/api';
import type { RequestHandler } from 'express';
import { setKind } from './request-kind.ts';

/** The last word under /api, after every procedure: 405 for a known path's other methods, else a 404 envelope (never the web page). */
export function createApiNotFound(rest: RestHandler): RequestHandler {
  return (req, res) => {
    // A known path asked with a method it does not take: 405 with the methods it does (issue 33).
    const allowed = rest.allowed(req.path);
    if (allowed.length) {
      setKind(res, 'method_not_allowed');
      res
        .status(405)
        .set('Allow', allowed.join(', '))
        .json(
          errorEnvelope({
            kind: 'METHOD_NOT_ALLOWED',
            message: `${req.method} is not allowed on /api${req.path}; it takes ${allowed.join(', ')}`,
            issues: [],
          }),
        );
      return;
    }
    res.status(404).json(errorEnvelope({ kind: 'NOT_FOUND', message: 'Not found: no such API path', issues: [] }));
  };
}
