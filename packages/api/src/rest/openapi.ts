import { generateOpenApiDocument } from 'trpc-to-openapi';
import { ERROR_STATUS, type TErrorKind } from '../errors.ts';
import { appRouter } from '../root.ts';

/** An OpenAPI document is plain JSON, walked by key. */
type Json = any;

const ERROR_DESCRIPTIONS: Record<TErrorKind, string> = {
  BAD_REQUEST: 'Invalid input: `error.issues` lists `{ path, message }` per field',
  UNAUTHORIZED: 'Missing, invalid or expired token (or wrong email and password)',
  NOT_FOUND: "No such resource for this user (another user's id answers the same)",
  CONFLICT: 'The email is already registered',
  PAYLOAD_TOO_LARGE: 'The JSON body is over 1 MB',
  TOO_MANY_REQUESTS: 'Rate limit reached; `Retry-After` gives the seconds to wait',
  INTERNAL: 'Unexpected failure (a generic message; details are never sent)',
  UNAVAILABLE: 'The database cannot be reached; try again shortly',
};

const ERROR_EXAMPLES: Record<TErrorKind, string> = {
  BAD_REQUEST: 'Supplier name is required',
  UNAUTHORIZED: 'Your session has expired. Please sign in again.',
  NOT_FOUND: 'Supplier not found',
  CONFLICT: 'An account with this email already exists. Sign in or reset your password.',
  PAYLOAD_TOO_LARGE: 'The request body is too large (the limit is 1 MB)',
  TOO_MANY_REQUESTS: 'Too many attempts. Please try again in 15 minutes.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
  UNAVAILABLE: 'The service is temporarily unavailable. Please try again in a moment.',
};

const errorEnvelopeSchema = {
  type: 'object',
  description: 'Every failed answer.',
  required: ['code', 'data', 'message', 'error'],
  properties: {
    code: { type: 'integer', const: 0, description: 'Anything but 1 means failure' },
    data: { type: 'null' },
    message: { type: 'string', description: 'What went wrong, for people' },
    error: {
      type: 'object',
      required: ['kind', 'issues'],
      properties: {
        kind: { type: 'string', enum: Object.keys(ERROR_STATUS), description: 'The kind of failure; it fixes the HTTP status' },
        issues: {
          type: 'array',
          description: 'Per-field problems (validation errors); empty otherwise',
          items: {
            type: 'object',
            required: ['path', 'message'],
            properties: {
              path: { type: 'string', description: 'The field, dotted for nested ones ("" for the whole body)' },
              message: { type: 'string' },
            },
          },
        },
      },
    },
  },
};

function envelopeOf(data: Json) {
  return {
    type: 'object',
    required: ['code', 'data', 'message'],
    properties: {
      code: { type: 'integer', const: 1, description: '1 means success' },
      data,
      message: { type: 'string', description: 'A short human text, e.g. "Success! Supplier updated!"' },
    },
  };
}

function errorResponse(kind: TErrorKind) {
  return {
    description: `${kind}: ${ERROR_DESCRIPTIONS[kind]}`,
    ...(kind === 'TOO_MANY_REQUESTS'
      ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
      : {}),
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/ErrorEnvelope' },
        example: {
          code: 0,
          data: null,
          message: ERROR_EXAMPLES[kind],
          error: { kind, issues: kind === 'BAD_REQUEST' ? [{ path: 'name', message: ERROR_EXAMPLES[kind] }] : [] },
        },
      },
    },
  };
}

/** Which failures each operation can answer with, besides the ones every call can. */
function errorKindsOf(path: string, method: string, operation: Json): TErrorKind[] {
  const kinds: TErrorKind[] = ['BAD_REQUEST'];
  if (operation.security?.length) kinds.push('UNAUTHORIZED');
  if (path.startsWith('/auth/')) {
    if (['/auth/login', '/auth/google', '/auth/facebook'].includes(path)) kinds.push('UNAUTHORIZED');
    if (['/auth/register', '/auth/google', '/auth/facebook'].includes(path)) kinds.push('CONFLICT');
    kinds.push('TOO_MANY_REQUESTS');
  } else if (path.includes('{') || path === '/products' || path === '/products/clear' || (method === 'put' && path !== '/users/me')) {
    kinds.push('NOT_FOUND');
  }
  if (path === '/users/me') kinds.push('CONFLICT');
  if (method !== 'get' && method !== 'delete') kinds.push('PAYLOAD_TOO_LARGE');
  kinds.push('INTERNAL', 'UNAVAILABLE');
  return [...new Set(kinds)];
}

/**
 * The OpenAPI 3.1 document of the REST surface. trpc-to-openapi describes each
 * procedure's bare output; this wraps every answer in the envelope, lists the
 * error kinds each call can give, and adds `HEAD /ping`.
 */
export function createOpenApiDocument(options: { baseUrl: string; version: string }): Json {
  const document: Json = generateOpenApiDocument(appRouter, {
    title: 'Reorder API',
    version: options.version,
    baseUrl: options.baseUrl,
    description: [
      'Suppliers, their products and a current order per supplier, for small businesses.',
      '',
      'Every JSON answer is an envelope: `{"code": 1, "data": ..., "message": "..."}` on success (HTTP 200), and',
      '`{"code": 0, "data": null, "message": "...", "error": {"kind": "...", "issues": [...]}}` on failure, with the HTTP status of the kind.',
      '',
      'Sign in with `POST /auth/login` (or register) and send `data.token` as `Authorization: Bearer <token>` on every other call.',
      "Every supplier, order and product belongs to the signed-in user: another user's id answers 404, like a missing one.",
      'The same procedures are also served to the typed tRPC client at `/api/trpc`.',
    ].join('\n'),
    securitySchemes: {
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'The `token` of a session. A bare token without `Bearer` is also accepted.',
      },
    },
    tags: ['auth', 'suppliers', 'products', 'orders', 'users', 'feedback', 'config', 'health'],
  });

  for (const [path, item] of Object.entries<Json>(document.paths ?? {})) {
    for (const [method, operation] of Object.entries<Json>(item)) {
      for (const parameter of operation.parameters ?? []) {
        // zod-openapi puts `.describe()` on the schema; readers look for it on the parameter.
        if (parameter.schema?.description && !parameter.description) parameter.description = parameter.schema.description;
      }
      const ok = operation.responses?.['200'];
      const data = ok?.content?.['application/json']?.schema ?? {};
      const responses: Json = {
        200: { description: ok?.description ?? 'Success', content: { 'application/json': { schema: envelopeOf(data) } } },
      };
      for (const kind of errorKindsOf(path, method, operation)) responses[ERROR_STATUS[kind]] = errorResponse(kind);
      operation.responses = responses;
    }
  }

  document.paths['/ping'] = {
    head: {
      operationId: 'ping',
      tags: ['health'],
      summary: 'Connectivity check',
      description: 'Answers 200 with no body, without a token. The web app uses it to tell "offline" from "slow".',
      responses: { 200: { description: 'The server is up' } },
    },
  };
  // trpc-to-openapi's own error shapes are replaced by the envelope above.
  const schemas = Object.entries<Json>(document.components?.schemas ?? {}).filter(([name]) => !name.startsWith('error.'));
  document.components = { ...document.components, schemas: { ...Object.fromEntries(schemas), ErrorEnvelope: errorEnvelopeSchema } };
  return document;
}
