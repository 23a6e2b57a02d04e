import type { RequestHandler } from 'express';

/** Mounted at /api after the health routes and the docs, before every procedure. */
export const noStore: RequestHandler = (_req, res, next) => {
  // Answers hold personal data: no shared or browser caching.
  res.setHeader('Cache-Control', 'no-store');
  next();
};
