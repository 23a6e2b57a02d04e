import { PATHS } from '@reorder/schemas/web-paths';
import { generateOpenApiDocument } from 'trpc-to-openapi';
import {
  ALWAYS_POSSIBLE,
  declaredErrors,
  ERROR_STATUS,
  INTERNAL_MESSAGE,
  INVALID_JSON_MESSAGE,
  type TErrorKind,
  TOO_LARGE_MESSAGE,
  UNAVAILABLE_MESSAGE,
} from '../errors.ts';
import { appRouter } from '../root.ts';
import type { Meta } from '../trpc.ts';
import { restRoutes } from './routes.ts';

/** An OpenAPI document is plain JSON, walked by key. */
// biome-ignore lint/suspicious/noExplicitAny: the generated document is walked and patched key by key; its output is checked by the OpenAPI lint test
type Json = any;

const ERROR_DESCRIPTIONS: Record<TErrorKind, string> = {
  BAD_REQUEST: 'Invalid input: `error.issues` lists `{ path, message }` per field',
  UNAUTHORIZED: 'Missing, invalid or expired token, or wrong credentials',
  FORBIDDEN: 'The token may not do this (an API token cannot manage the account), or the account must first confirm its email',
  NOT_FOUND: "No such resource for this user (another user's id answers the same)",
  CONFLICT: 'It clashes with what is stored',
  METHOD_NOT_ALLOWED: 'The path exists, but not with this method; `Allow` lists the methods it takes',
  PAYLOAD_TOO_LARGE: 'The JSON body is over the size limit',
  UNSUPPORTED_MEDIA_TYPE: 'The file sent is not of a type the call takes (by its content, not its name)',
  TOO_MANY_REQUESTS: 'Rate limit reached; `Retry-After` gives the seconds to wait',
  INTERNAL: 'Unexpected failure (a generic message; details are never sent)',
  UNAVAILABLE: 'A service it depends on cannot be reached or refuses connections; `Retry-After` gives the seconds to wait',
};

/** The example message of a kind no meta words for its call. */
const GENERIC_EXAMPLES: Partial<Record<TErrorKind, string>> = {
  BAD_REQUEST: INVALID_JSON_MESSAGE,
  PAYLOAD_TOO_LARGE: TOO_LARGE_MESSAGE,
  INTERNAL: INTERNAL_MESSAGE,
  UNAVAILABLE: UNAVAILABLE_MESSAGE,
};

/** What each group of calls is for, shown as the sections of the reference. */
const TAGS = [
  {
    name: 'auth',
    description:
      'Accounts and sign-in: register, sign in with a password, Google or Facebook, verify the email, reset a forgotten password, and the signed-in devices.',
  },
  {
    name: 'businesses',
    description:
      'The businesses you are a member of and your role in each (owner, manager, staff). Send `X-Business-Id` to act in one; without it, calls act in the first you joined.',
  },
  { name: 'suppliers', description: 'The suppliers of the business, each with how it takes orders and its current order.' },
  { name: 'products', description: "Each supplier's products, and their quantities in the supplier's current order." },
  {
    name: 'catalogue',
    description: 'The whole catalogue (suppliers and their products) as a CSV file: export it, or import one, with a preview first.',
  },
  { name: 'orders', description: 'The current order of each supplier, its text, sending it, its history, and re-ordering.' },
  { name: 'users', description: 'The profile of the signed-in owner.' },
  { name: 'feedback', description: 'Feedback to the team that runs this server.' },
  { name: 'config', description: "The server's public settings, for the web app." },
  { name: 'push', description: 'The browsers where the owner receives reminders as notifications (Web Push).' },
  {
    name: 'confirmations',
    description: "The supplier's side of a sent order: the page at the link in the order text, without an account (docs/decisions.md §6).",
  },
  {
    name: 'spend',
    description:
      "What the business spent, from the prices its orders were sent with: by month, week, supplier or product, and the accountant's CSV of sent lines.",
  },
  {
    name: 'webhooks',
    description:
      'Endpoints of the business that hear of sends, confirmations and price changes as they happen: signed POSTs, retried for 24 hours (owners only).',
  },
  {
    name: 'receipts',
    description:
      'A delivery checked line by line against what was sent or confirmed: counts follow, and what is missing goes into the next order (docs/decisions.md §9.4).',
  },
  {
    name: 'claims',
    description:
      'What a delivery lacked or overcharged, claimed from the supplier, who answers from a link without an account (docs/decisions.md §9.4).',
  },
  {
    name: 'bills',
    description:
      "Suppliers' invoices matched against what was ordered, confirmed and received, with their photo or PDF, approved and exported for the accountant (Xero, Holded, Spain's register of received invoices; docs/decisions.md §9.6).",
  },
  { name: 'health', description: 'Checks for load balancers and uptime monitors.' },
];

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

/** A plausible value of a JSON schema, from its own `example` where it has one. */
function exampleOf(schema: Json, document: Json, depth = 0): Json {
  if (!schema || depth > 12) return null;
  if (schema.example !== undefined) return schema.example;
  if (schema.$ref) return exampleOf(document.components?.schemas?.[String(schema.$ref).split('/').pop() ?? ''], document, depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (schema[key]?.length) return exampleOf(schema[key][0], document, depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries<Json>(schema.properties ?? {}).map(([key, value]) => [key, exampleOf(value, document, depth + 1)]),
      );
    case 'array':
      return [exampleOf(schema.items, document, depth + 1)];
    case 'string':
      return schema.format === 'date-time' ? '2026-11-23T09:30:00.000Z' : schema.format === 'date' ? '2026-11-24' : 'text';
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

/**
 * Request values by field name, where the field's type alone gives no plausible one (a pattern,
 * a format, a rule stated in words): the example a reader copies must be one the server takes.
 */
const REQUEST_EXAMPLES: Record<string, Json> = {
  email: 'ana@cafe-luna.example',
  password: 'plum-kettle-harbour',
  currentPassword: 'plum-kettle-harbour',
  newPassword: 'plum-kettle-harbour',
  name: 'Verduras Núñez',
  businessName: 'Café Luna',
  fullName: 'Ana García',
  contactName: 'Pepe',
  messageService: 'whatsapp',
  channel: 'whatsapp',
  contactInfo: '+34 600 123 456',
  note: 'Deliveries at the back door',
  introduce: 'Hi Pepe, for tomorrow please:',
  text: '2.5 x Kg: Tomatoes',
  unit: 'Kg',
  q: 'tomato',
  timeZone: 'Europe/Madrid',
  cutoffTime: '14:00',
  currency: 'EUR',
  endpoint: 'https://fcm.googleapis.com/fcm/send/dY2x3jZk',
  url: 'https://hooks.example.com/reorder',
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
  token: 'Yq3vX0m2kR8tLw5nB1cZp7sD',
  deviceToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOjF9.c2lnbmF0dXJl',
  googleToken: 'eyJhbGciOiJSUzI1NiJ9.eyJlbWFpbCI6ImFuYUBleGFtcGxlLmNvbSJ9.c2lnbmF0dXJl',
  facebookToken: 'EAAGm0PX4ZCpsBA',
  username: 'ana',
  substitute: 'Cherry tomatoes',
  csv: 'supplier,service,contact,product,unit,par,price,step,note\nVerduras Núñez,whatsapp,+34 600 123 456,Tomatoes,Kg,4,1.85,,\n',
  deliveryDays: [2, 5],
  sentAt: '2026-11-23T09:30:00.000Z',
  from: '2026-11-01',
  to: '2026-11-30',
  deliveryDate: '2026-11-24',
};

/** Whole request bodies where field-by-field values would not make one the server takes. */
const OPERATION_EXAMPLES: Record<string, Json> = {
  // With `lines`, `text` must be what they make; without, the order's own text: the usual script sends just this.
  'post /orders/{id}/send': { channel: 'whatsapp' },
};

/** A request value for `schema`, a field's own example first, then REQUEST_EXAMPLES by its name, then one its type allows. */
function requestExampleOf(schema: Json, document: Json, name?: string, depth = 0): Json {
  if (!schema || depth > 12) return null;
  if (schema.example !== undefined) return schema.example;
  if (schema.$ref)
    return requestExampleOf(document.components?.schemas?.[String(schema.$ref).split('/').pop() ?? ''], document, name, depth + 1);
  if (name && REQUEST_EXAMPLES[name] !== undefined) return REQUEST_EXAMPLES[name];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options: Json[] = schema[key] ?? [];
    const chosen = options.find((option) => option.type !== 'null') ?? options[0];
    if (chosen) return requestExampleOf({ ...schema, [key]: undefined, ...chosen }, document, name, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(
      Object.entries<Json>(schema.properties ?? {}).map(([key, value]) => [key, requestExampleOf(value, document, key, depth + 1)]),
    );
  }
  if (type === 'array') return [requestExampleOf(schema.items, document, name, depth + 1)];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (type === 'integer' || type === 'number') {
    const value = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? 1);
    return type === 'number' && value === 0 ? 2.5 : Math.max(value, Math.min(schema.maximum ?? value, 1));
  }
  if (type === 'boolean') return true;
  if (type === 'string') {
    if (schema.format === 'date-time') return '2026-11-23T09:30:00.000Z';
    if (schema.format === 'date') return '2026-11-24';
    const text = 'Tomatoes';
    return text.padEnd(schema.minLength ?? 0, 's').slice(0, schema.maxLength ?? text.length);
  }
  return null;
}

function errorResponse(kind: TErrorKind, message: string) {
  return {
    description: `${kind}: ${ERROR_DESCRIPTIONS[kind]}`,
    ...(kind === 'TOO_MANY_REQUESTS' || kind === 'UNAVAILABLE'
      ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
      : {}),
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/ErrorEnvelope' },
        example: { code: 0, data: null, message, error: { kind, issues: [] } },
      },
    },
  };
}

/**
 * The failures an operation can answer, each with its example message: what
 * its meta declares, and what every call can (ALWAYS_POSSIBLE), worded by the
 * meta where it says something fitting; a request body may also be too large.
 */
function errorsOf(meta: Meta, hasBody: boolean): [TErrorKind, string][] {
  const declared = declaredErrors(meta);
  const kinds = new Set<TErrorKind>([...(Object.keys(declared) as TErrorKind[]), ...ALWAYS_POSSIBLE]);
  if (!hasBody) kinds.delete('PAYLOAD_TOO_LARGE');
  return [...kinds]
    .sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b])
    .map((kind) => [kind, declared[kind] ?? GENERIC_EXAMPLES[kind] ?? kind]);
}

/** The success message of the envelope, for the example: a function of the call gives its usual wording. */
function messageOf(meta: Meta, output: unknown): string {
  return typeof meta.message === 'function' ? meta.message({ input: {}, output }) : (meta.message ?? 'OK');
}

/**
 * The OpenAPI 3.1 document of the REST surface, from each procedure's meta:
 * trpc-to-openapi describes the paths, parameters, bodies and bare outputs;
 * this wraps every answer in the envelope with an example, lists the
 * failures each call declares with messages that fit it, marks public calls
 * `security: []`, and adds `HEAD /ping`.
 */
export function createOpenApiDocument(options: {
  /** The API's address as clients reach it: `<PUBLIC_URL>/api` when served (issue 33), `/api` where no server is known. */
  baseUrl: string;
  version: string;
}): Json {
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
        description:
          'The `token` of a session (a JWT from login or register), or a personal API token (`rpat_…`, made on the profile screen or with POST /auth/tokens) that reaches suppliers, products and orders but never the account. A bare token without `Bearer` is also accepted.',
      },
    },
    tags: TAGS.map((tag) => tag.name),
  });
  document.tags = TAGS;
  // Using the API is governed by the service's terms: the page the web app serves at /terms.
  const terms = `${options.baseUrl.replace(/\/api\/?$/, '')}${PATHS.terms}`;
  document.info.termsOfService = terms;
  document.info.license = { name: 'Reorder terms of service', url: terms };

  const metaOf = new Map(restRoutes(appRouter).map((route) => [`${route.method.toLowerCase()} ${route.path}`, route.meta]));
  for (const [path, item] of Object.entries<Json>(document.paths ?? {})) {
    for (const [method, operation] of Object.entries<Json>(item)) {
      const meta = metaOf.get(`${method} ${path}`) ?? {};
      for (const parameter of operation.parameters ?? []) {
        // zod-openapi puts `.describe()` on the schema; readers look for it on the parameter.
        if (parameter.schema?.description && !parameter.description) parameter.description = parameter.schema.description;
        if (parameter.in === 'path') parameter.required = true;
      }
      // A DELETE that needs more than its path takes it as a JSON body (see the REST adapter), not the query.
      const query = (operation.parameters ?? []).filter((p: Json) => p.in === 'query');
      if (method === 'delete' && query.length) {
        operation.parameters = operation.parameters.filter((p: Json) => p.in !== 'query');
        operation.requestBody = {
          required: query.some((p: Json) => p.required),
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: Object.fromEntries(
                  query.map((p: Json) => [p.name, { ...p.schema, description: p.description ?? p.schema?.description }]),
                ),
                required: query.filter((p: Json) => p.required).map((p: Json) => p.name),
              },
            },
          },
        };
      }
      // A file's body is the file itself (docs/decisions.md §9.6), not JSON.
      const raw = (meta as Meta).rawBody;
      if (raw) {
        operation.requestBody = {
          required: true,
          description: `The file itself, at most ${raw.maxBytes / 1024 / 1024} MB`,
          content: Object.fromEntries(raw.contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
        };
      }
      // A body whose fields are all optional may be left out (issue 33): `send`, `logout`, `fill`...
      // and a POST or PUT that takes nothing but its path reads a missing body as `{}`, which it accepts.
      if ((method === 'post' || method === 'put') && !operation.requestBody) {
        operation.requestBody = {
          required: false,
          description: 'Nothing is needed beyond the path: send no body, or `{}`.',
          content: { 'application/json': { schema: { type: 'object', properties: {}, maxProperties: 0 } } },
        };
      }
      const body = operation.requestBody?.content?.['application/json'];
      if (body) {
        if (!body.schema?.required?.length) operation.requestBody.required = false;
        body.example = OPERATION_EXAMPLES[`${method} ${path}`] ?? requestExampleOf(body.schema, document);
      }
      for (const parameter of operation.parameters ?? []) {
        parameter.example ??= requestExampleOf(parameter.schema, document, parameter.name);
      }
      // A public call says so, rather than leaving readers to guess.
      operation.security ??= [];
      const ok = operation.responses?.['200'];
      const data = ok?.content?.['application/json']?.schema ?? {};
      const example = exampleOf(data, document);
      const responses: Json = {
        200: {
          description: ok?.description ?? 'Success',
          content: {
            'application/json': {
              schema: envelopeOf(data),
              example: { code: 1, data: example, message: messageOf(meta as Meta, example) },
            },
          },
        },
      };
      const file = (meta as Meta).file;
      if (file?.binary) {
        responses[200] = {
          description: 'The file itself (not the JSON envelope), of the type it was attached as',
          content: Object.fromEntries(
            ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'].map((type) => [
              type,
              { schema: { type: 'string', format: 'binary' } },
            ]),
          ),
          headers: { 'Content-Disposition': { schema: { type: 'string' }, description: 'inline; filename="…"' } },
        };
      } else if (file) {
        responses[200] = {
          description: 'The file itself (not the JSON envelope)',
          content: { [file.contentType.split(';')[0]!]: { schema: { type: 'string' }, example: file.example } },
          headers: { 'Content-Disposition': { schema: { type: 'string' }, description: 'attachment; filename="…"' } },
        };
      }
      for (const [kind, message] of errorsOf(meta as Meta, method !== 'get' && method !== 'delete')) {
        responses[ERROR_STATUS[kind]] = errorResponse(kind, message);
      }
      operation.responses = responses;
    }
  }

  document.paths['/ping'] = {
    head: {
      operationId: 'ping',
      tags: ['health'],
      summary: 'Connectivity check',
      description: 'Answers 200 with no body, without a token. The web app uses it to tell "offline" from "slow".',
      security: [],
      responses: { 200: { description: 'The server is up' } },
    },
  };
  // trpc-to-openapi's own error shapes are replaced by the envelope above.
  const schemas = Object.entries<Json>(document.components?.schemas ?? {}).filter(([name]) => !name.startsWith('error.'));
  document.components = { ...document.components, schemas: { ...Object.fromEntries(schemas), ErrorEnvelope: errorEnvelopeSchema } };
  return document;
}
