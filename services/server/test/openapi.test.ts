import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString, loadConfig } from '@redocly/openapi-core';
import { startTestServer, type TestServer } from '@reorder/testing';
import { PRODUCT_KEYS } from '@reorder/testing/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The OpenAPI document at /api/openapi.json and the reference page at
 * /api/docs (docs/decisions.md §2): every REST call of the contract, the envelope,
 * the bearer scheme, described fields, and a page that needs no other host.
 */

// biome-ignore lint/suspicious/noExplicitAny: the served document is plain JSON that these tests walk and assert on
type Json = any;

/**
 * Every REST call of docs/decisions.md §2, paths relative to the document's server
 * (`/api`), GET /config, which tells the web app which sign-in providers
 * are configured (issue 4), the send / history / re-order calls (issue 5),
 * and the email verification and session calls of §4.
 */
const CONTRACT: ReadonlyArray<readonly [method: string, path: string]> = [
  ['post', '/auth/login'],
  ['post', '/auth/register'],
  ['post', '/auth/forgot-password'],
  ['post', '/auth/reset-password'],
  ['post', '/auth/google'],
  ['post', '/auth/facebook'],
  ['post', '/auth/verify-email'],
  ['post', '/auth/resend-verification'],
  ['post', '/auth/logout'],
  ['post', '/auth/logout-all'],
  ['get', '/auth/sessions'],
  ['delete', '/auth/sessions/{id}'],
  ['get', '/auth/tokens'],
  ['post', '/auth/tokens'],
  ['delete', '/auth/tokens/{id}'],
  ['get', '/config'],
  // docs/decisions.md §8.2: businesses, members and roles.
  ['get', '/businesses'],
  ['post', '/businesses'],
  ['get', '/business'],
  ['put', '/business'],
  ['get', '/business/members'],
  ['put', '/business/members/{userId}'],
  ['delete', '/business/members/{userId}'],
  ['post', '/business/invitations'],
  ['get', '/business/invitations'],
  ['delete', '/business/invitations/{id}'],
  ['get', '/invitations/{token}'],
  ['post', '/invitations/{token}/accept'],
  ['post', '/orders/{id}/ready'],
  ['get', '/suppliers'],
  ['post', '/suppliers'],
  ['get', '/suppliers/{id}'],
  ['put', '/suppliers/{id}'],
  ['delete', '/suppliers/{id}'],
  ['get', '/products'],
  ['post', '/products'],
  ['post', '/products/bulk'],
  ['get', '/products/{id}/prices'],
  ['get', '/catalogue.csv'],
  ['post', '/catalogue/import'],
  ['get', '/spend'],
  ['get', '/sent-orders.csv'],
  ['get', '/products/{id}'],
  ['put', '/products/{id}'],
  ['delete', '/products/{id}'],
  ['put', '/products/quantity'],
  // docs/decisions.md §6.1: stock counts and fill to par.
  ['put', '/products/stock'],
  // docs/decisions.md §8.1: a par typed while counting, through the one save path.
  ['put', '/products/par'],
  ['post', '/orders/{id}/fill'],
  // docs/decisions.md §6.3: the browsers that receive reminders.
  ['post', '/push/subscriptions'],
  ['delete', '/push/subscriptions'],
  // docs/decisions.md §9.7: they are the account's devices, listed and removed one by one.
  ['get', '/push/subscriptions'],
  ['delete', '/push/subscriptions/{id}'],
  // docs/decisions.md §6.4: the supplier's confirmation page.
  ['get', '/public/confirmations/{token}'],
  ['post', '/public/confirmations/{token}'],
  ['post', '/products/clear'],
  ['post', '/feedbacks'],
  ['get', '/orders'],
  ['get', '/orders/supplier/{supplierId}'],
  ['put', '/orders/{id}'],
  ['post', '/orders/{id}/send'],
  ['get', '/orders/{id}/history'],
  ['get', '/orders/{id}/history/{sentOrderId}'],
  ['post', '/orders/{id}/reorder'],
  // docs/decisions.md §8.1: the whole order at once (Undo after a re-order).
  ['post', '/orders/{id}/restore'],
  ['get', '/users/{username}'],
  ['put', '/users/me'],
  ['get', '/users/me/export'],
  ['delete', '/users/me'],
  // docs/decisions.md §8.5 (shared DECISIONS §8.5): webhooks.
  ['get', '/webhooks'],
  ['post', '/webhooks'],
  ['delete', '/webhooks/{id}'],
  ['post', '/webhooks/{id}/test'],
  ['get', '/webhooks/{id}/deliveries'],
  // docs/decisions.md §9.4 (shared DECISIONS §9.4): receiving a delivery, and the claim.
  ['post', '/sent-orders/{id}/receipt'],
  ['get', '/receipts'],
  ['get', '/receipts/{id}'],
  ['put', '/receipts/{id}/lines/{productId}'],
  ['post', '/receipts/{id}/all-good'],
  ['post', '/receipts/{id}/done'],
  ['post', '/receipts/{id}/reopen'],
  ['post', '/receipts/{id}/bring-next-time'],
  ['post', '/receipts/{id}/claim'],
  ['get', '/claims'],
  ['get', '/claims/{id}'],
  ['post', '/claims/{id}/close'],
  ['get', '/public/claims/{token}'],
  ['post', '/public/claims/{token}'],
  // The bill and the accountant (docs/decisions.md §9.6).
  ['post', '/bills'],
  ['get', '/bills'],
  ['get', '/bills/{id}'],
  ['put', '/bills/{id}'],
  ['post', '/bills/{id}/approve'],
  ['put', '/bills/{id}/file'],
  ['get', '/bills/{id}/file'],
  ['get', '/bills.csv'],
  ['get', '/business/accounting'],
  ['put', '/business/accounting'],
  ['head', '/ping'],
];

/** Calls that need no token. */
const PUBLIC = new Set([
  'get /public/confirmations/{token}',
  'post /public/confirmations/{token}',
  'get /public/claims/{token}',
  'post /public/claims/{token}',
  'post /auth/login',
  'post /auth/register',
  'post /auth/forgot-password',
  'post /auth/reset-password',
  'post /auth/google',
  'post /auth/facebook',
  'post /auth/verify-email',
  'get /config',
  'head /ping',
  'get /invitations/{token}',
]);

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

let t: TestServer;
let doc: Json;
beforeAll(async () => {
  t = await startTestServer();
  const res = await fetch(`${t.url}/api/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  doc = await res.json();
});
afterAll(() => t?.close());

function operations(): Array<{ method: string; path: string; operation: Json }> {
  const out: Array<{ method: string; path: string; operation: Json }> = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, operation] of Object.entries<Json>(item)) {
      if (HTTP_METHODS.includes(method)) out.push({ method, path, operation });
    }
  }
  return out;
}

/** The component a `$ref` points at (only local component refs are expected). */
function resolveRef(ref: string): Json {
  const match = /^#\/components\/schemas\/(.+)$/.exec(ref);
  expect(match, `unexpected $ref ${ref}`).not.toBeNull();
  const target = doc.components?.schemas?.[decodeURIComponent(match![1]!)];
  expect(target, `$ref ${ref} does not resolve`).toBeDefined();
  return target;
}

function resolve(schema: Json): Json {
  let current = schema;
  for (let hops = 0; current?.$ref && hops < 20; hops++) current = resolveRef(current.$ref);
  return current;
}

/** True when the property says what it is: on itself, or on the schema it references. */
function isDescribed(property: Json): boolean {
  if (typeof property?.description === 'string' && property.description.trim()) return true;
  if (property?.$ref) return isDescribed(resolveRef(property.$ref));
  return false;
}

/** Every property (dotted location) in `schema` and below that has no description. */
function undescribedProperties(schema: Json, where: string, seen = new Set<Json>()): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const node = resolve(schema);
  if (!node || typeof node !== 'object' || seen.has(node)) return [];
  seen.add(node);
  const missing: string[] = [];
  for (const [name, property] of Object.entries<Json>(node.properties ?? {})) {
    if (!isDescribed(property)) missing.push(`${where}.${name}`);
    missing.push(...undescribedProperties(property, `${where}.${name}`, seen));
  }
  if (node.items) missing.push(...undescribedProperties(node.items, `${where}[]`, seen));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const [i, part] of (node[key] ?? []).entries()) missing.push(...undescribedProperties(part, `${where}<${key}${i}>`, seen));
  }
  if (node.additionalProperties && typeof node.additionalProperties === 'object') {
    missing.push(...undescribedProperties(node.additionalProperties, `${where}{}`, seen));
  }
  return missing;
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3 document for the /api base path', () => {
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    // Absolute, from PUBLIC_URL: tools that resolve it (Prism's proxy) skip a relative one (issue 33).
    expect(doc.servers?.map((s: Json) => s.url)).toEqual([`${t.config.publicUrl}/api`]);
    expect(typeof doc.paths).toBe('object');
  });

  it('has every REST call of the contract with its method', () => {
    const missing = CONTRACT.filter(([method, path]) => !doc.paths?.[path]?.[method]).map(([m, p]) => `${m.toUpperCase()} ${p}`);
    expect(missing).toEqual([]);
  });

  it('has no operation outside the contract (no tRPC-only or stray routes)', () => {
    const listed = new Set(CONTRACT.map(([m, p]) => `${m} ${p}`));
    // Social sign-in is part of the contract even though it is not implemented yet.
    listed.add('post /auth/google').add('post /auth/facebook');
    const extra = operations()
      .map(({ method, path }) => `${method} ${path}`)
      .filter((key) => !listed.has(key));
    expect(extra).toEqual([]);
  });

  it('wraps every 200 answer of the JSON calls in the envelope (code, data, message)', () => {
    for (const { method, path, operation } of operations()) {
      const label = `${method.toUpperCase()} ${path}`;
      const ok = operation.responses?.['200'];
      expect(ok, label).toBeDefined();
      if (method === 'head') {
        expect(ok.content, `${label} has no body`).toBeUndefined();
        continue;
      }
      // A file is answered as itself (the CSV export), its type named.
      if (path.endsWith('.csv')) {
        expect(Object.keys(ok.content), label).toEqual(['text/csv']);
        continue;
      }
      // So is an invoice's photo or PDF (docs/decisions.md §9.6).
      if (method === 'get' && path === '/bills/{id}/file') {
        expect(Object.keys(ok.content), label).toEqual(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);
        continue;
      }
      const schema = resolve(ok.content?.['application/json']?.schema);
      expect(schema?.type, label).toBe('object');
      expect(Object.keys(schema.properties ?? {}).sort(), label).toEqual(['code', 'data', 'message']);
      expect(schema.required, label).toEqual(expect.arrayContaining(['code', 'data', 'message']));
      expect(schema.properties.code, label).toMatchObject({ type: 'integer', const: 1 });
      expect(schema.properties.message, label).toMatchObject({ type: 'string' });
      // data is the procedure's own output, not something empty.
      const data = schema.properties.data;
      expect(data && Object.keys(data).length > 0, `${label} data schema is empty`).toBe(true);
    }
  });

  it('describes the data of each call by its shape', () => {
    const dataOf = (method: string, path: string) =>
      doc.paths[path][method].responses['200'].content['application/json'].schema.properties.data;
    expect(dataOf('get', '/suppliers/{id}')).toEqual({ $ref: '#/components/schemas/Supplier' });
    expect(resolve(dataOf('get', '/suppliers')).items).toEqual({ $ref: '#/components/schemas/Supplier' });
    expect(resolve(dataOf('get', '/products')).items).toEqual({ $ref: '#/components/schemas/Product' });
    expect(resolve(dataOf('get', '/orders/supplier/{supplierId}'))).toBe(resolveRef('#/components/schemas/Order'));
    expect(resolve(dataOf('post', '/auth/login'))).toBe(resolveRef('#/components/schemas/Session'));
    expect(Object.keys(resolveRef('#/components/schemas/Session').properties).sort()).toEqual(['expiresAt', 'token', 'user']);
    expect(Object.keys(resolveRef('#/components/schemas/Supplier').properties).sort()).toEqual([
      'askConfirmation',
      'contactInfo',
      'contactName',
      'cutoffTime',
      'deliveryDays',
      'id',
      'leadDays',
      'messageService',
      'minimumOrder',
      'name',
      'nextDelivery',
      'note',
      'orderBy',
      'orderId',
      'showPrices',
      'taxId',
    ]);
    expect(Object.keys(resolveRef('#/components/schemas/Product').properties).sort()).toEqual(PRODUCT_KEYS);
  });

  it('lists error answers that all reference the ErrorEnvelope schema', () => {
    const envelope = doc.components?.schemas?.ErrorEnvelope;
    expect(envelope).toBeDefined();
    expect(envelope.type).toBe('object');
    expect(envelope.required).toEqual(expect.arrayContaining(['code', 'data', 'message', 'error']));
    expect(Object.keys(envelope.properties).sort()).toEqual(['code', 'data', 'error', 'message']);
    expect(Object.keys(envelope.properties.error.properties).sort()).toEqual(['issues', 'kind']);
    expect(envelope.properties.error.properties.kind.enum).toEqual(
      expect.arrayContaining([
        'BAD_REQUEST',
        'UNAUTHORIZED',
        'NOT_FOUND',
        'CONFLICT',
        'PAYLOAD_TOO_LARGE',
        'TOO_MANY_REQUESTS',
        'INTERNAL',
        'UNAVAILABLE',
      ]),
    );

    for (const { method, path, operation } of operations()) {
      if (method === 'head') continue;
      const label = `${method.toUpperCase()} ${path}`;
      const errors = Object.entries<Json>(operation.responses).filter(([status]) => status !== '200');
      expect(errors.length, `${label} lists no error answers`).toBeGreaterThan(0);
      for (const [status, response] of errors) {
        expect(Number(status), `${label} ${status}`).toBeGreaterThanOrEqual(400);
        expect(response.description, `${label} ${status}`).toEqual(expect.any(String));
        expect(response.content?.['application/json']?.schema, `${label} ${status}`).toEqual({
          $ref: '#/components/schemas/ErrorEnvelope',
        });
      }
      for (const status of ['400', '500', '503']) expect(operation.responses[status], `${label} ${status}`).toBeDefined();
      if (!PUBLIC.has(`${method} ${path}`)) expect(operation.responses['401'], `${label} 401`).toBeDefined();
      if (path.includes('{')) expect(operation.responses['404'], `${label} 404`).toBeDefined();
    }
    expect(doc.paths['/auth/login'].post.responses['429']).toBeDefined();
    expect(doc.paths['/auth/register'].post.responses['409']).toBeDefined();
  });

  it('has a bearer security scheme that every call but auth and ping requires', () => {
    const schemes = Object.entries<Json>(doc.components?.securitySchemes ?? {});
    const bearer = schemes.filter(([, s]) => s.type === 'http' && String(s.scheme).toLowerCase() === 'bearer');
    expect(bearer).toHaveLength(1);
    const [name] = bearer[0]!;
    // No document-wide requirement that would make the public calls look protected.
    expect(doc.security ?? []).toEqual([]);

    for (const { method, path, operation } of operations()) {
      const label = `${method.toUpperCase()} ${path}`;
      const security: Json[] = operation.security ?? [];
      if (PUBLIC.has(`${method} ${path}`)) {
        // Either absent or an explicit "no requirement".
        expect(
          security.every((req) => Object.keys(req).length === 0),
          `${label} must not require a token`,
        ).toBe(true);
      } else {
        expect(security.length, `${label} must require the bearer token`).toBeGreaterThan(0);
        expect(
          security.every((req) => Object.keys(req).includes(name)),
          `${label} security ${JSON.stringify(security)}`,
        ).toBe(true);
      }
    }
  });

  it('describes every property of every request body and response data', () => {
    const missing: string[] = [];
    let walked = 0;
    for (const { method, path, operation } of operations()) {
      const label = `${method.toUpperCase()} ${path}`;
      const body = operation.requestBody?.content?.['application/json']?.schema;
      if (body) {
        walked++;
        missing.push(...undescribedProperties(body, `${label} body`));
      }
      const data = operation.responses?.['200']?.content?.['application/json']?.schema?.properties?.data;
      if (data) {
        walked++;
        missing.push(...undescribedProperties(data, `${label} data`));
      }
    }
    expect(walked).toBeGreaterThan(25);
    expect(missing).toEqual([]);
  });

  it('describes every query and path parameter', () => {
    const missing: string[] = [];
    for (const { method, path, operation } of operations()) {
      for (const parameter of operation.parameters ?? []) {
        if (!(typeof parameter.description === 'string' && parameter.description.trim()))
          missing.push(`${method.toUpperCase()} ${path} ${parameter.in} ${parameter.name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('the document is valid', () => {
  it('passes swagger-parser', async () => {
    // It mutates what it validates: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeDefined();
  });

  it("passes Redocly's recommended rules with no error and no warning, under the config that explains its waivers", async () => {
    const config = await loadConfig({ configPath: path.resolve(import.meta.dirname, '../redocly.yaml') });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const describe = (p: (typeof problems)[number]) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`;
    expect(problems.map(describe)).toEqual([]);
    // The waivers cover only what the config says: the contract's six ambiguous pairs, and HEAD /ping.
    const recommended = await createConfig({ extends: ['recommended'] });
    const waived = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config: recommended });
    expect(waived.map((p) => `${p.ruleId} ${p.location[0]?.pointer}`).sort()).toEqual(
      [
        ...['fill', 'history', 'ready', 'reorder', 'restore', 'send'].map(
          (action) => `no-ambiguous-paths #/paths/~1orders~1{id}~1${action}`,
        ),
        'operation-4xx-response #/paths/~1ping/head/responses',
      ].sort(),
    );
  });

  it('marks every path parameter required, public calls `security: []`, and times `format: date-time`', () => {
    for (const { method, path, operation } of operations()) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path') expect(parameter.required, `${method} ${path} ${parameter.name}`).toBe(true);
      }
      if (PUBLIC.has(`${method} ${path}`)) expect(operation.security, `${method} ${path}`).toEqual([]);
    }
    const schemas = doc.components.schemas;
    expect(schemas.SentOrder.properties.sentAt).toMatchObject({ type: 'string', format: 'date-time' });
    expect(schemas.Session.properties.expiresAt).toMatchObject({ type: 'string', format: 'date-time' });
    expect(schemas.SessionInfo.properties.lastSeenAt).toMatchObject({ type: 'string', format: 'date-time' });
  });

  it('has a success example for every operation, and a description for every tag', () => {
    for (const { method, path, operation } of operations()) {
      if (method === 'head') continue;
      if (path.endsWith('.csv')) {
        expect(operation.responses['200'].content['text/csv'].example, path).toMatch(/^(supplier|date|fecha_expedicion),/);
        continue;
      }
      // An invoice's photo or PDF is answered as itself (docs/decisions.md §9.6).
      if (operation.responses['200'].content['application/pdf']) {
        expect(Object.keys(operation.responses['200'].content), path).toEqual(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);
        continue;
      }
      const example = operation.responses['200'].content['application/json'].example;
      expect(example, `${method} ${path}`).toMatchObject({ code: 1, message: expect.any(String) });
      expect(example.message.length, `${method} ${path}`).toBeGreaterThan(0);
      expect('data' in example, `${method} ${path}`).toBe(true);
    }
    expect(doc.paths['/suppliers/{id}'].get.responses['200'].content['application/json'].example.data).toMatchObject({
      name: 'Verduras Núñez',
    });
    const tagged = new Set(operations().flatMap(({ operation }) => operation.tags ?? []));
    for (const tag of tagged) {
      const described = doc.tags.find((t: Json) => t.name === tag);
      expect(described?.description, `tag ${tag}`).toEqual(expect.any(String));
    }
  });

  it('gives each error an example that fits its call', () => {
    const exampleMessage = (method: string, path: string, status: number) =>
      doc.paths[path][method].responses[String(status)].content['application/json'].example.message as string;
    expect(exampleMessage('put', '/products/quantity', 404)).toMatch(/Product/);
    expect(exampleMessage('get', '/suppliers/{id}', 404)).toBe('Supplier not found');
    expect(exampleMessage('post', '/auth/login', 401)).toBe('Incorrect email or password.');
    expect(exampleMessage('post', '/auth/login', 401)).not.toMatch(/session/i);
    expect(exampleMessage('get', '/suppliers', 401)).toMatch(/session has expired/);
    expect(exampleMessage('post', '/orders/{id}/send', 409)).toMatch(/changed/);
    expect(exampleMessage('post', '/auth/register', 409)).toMatch(/already exists/);
    // A call lists only the failures it can give: no 404 on sign-in, no 409 on a product.
    expect(doc.paths['/auth/login'].post.responses['404']).toBeUndefined();
    expect(doc.paths['/products/{id}'].get.responses['409']).toBeUndefined();
    expect(doc.paths['/suppliers'].get.responses['413']).toBeUndefined();
  });
});

/** The request side of each operation: its body's schema (when it has one) and its parameters. */
function requests(): Array<{ label: string; body?: Json; required?: boolean; example?: Json; parameters: Json[] }> {
  return operations().map(({ method, path, operation }) => {
    const body = operation.requestBody?.content?.['application/json'];
    return {
      label: `${method.toUpperCase()} ${path}`,
      ...(body ? { body: body.schema, required: operation.requestBody.required, example: body.example } : {}),
      parameters: operation.parameters ?? [],
    };
  });
}

/** Every leaf schema below `schema` with its dotted place; a nullable field's `anyOf` keeps the field's own keywords. */
function leaves(schema: Json, where: string, out: Array<[string, Json]> = []): Array<[string, Json]> {
  const node = resolve(schema);
  if (!node || typeof node !== 'object') return out;
  if (node.properties) for (const [name, property] of Object.entries<Json>(node.properties)) leaves(property, `${where}.${name}`, out);
  else if (node.items) leaves(node.items, `${where}[]`, out);
  else if (node.anyOf) for (const part of node.anyOf) leaves({ ...node, anyOf: undefined, ...part }, where, out);
  else out.push([where, node]);
  return out;
}
const typesOf = (schema: Json): string[] => [schema.type].flat();

/** A body field's schema, a nullable one as its non-null part with `nullable: true`. */
function field(path: string, method: string, name: string): Json {
  const schema = resolve(doc.paths[path][method].requestBody.content['application/json'].schema).properties[name];
  if (!schema.anyOf) return schema;
  const [value, ...rest] = schema.anyOf.filter((part: Json) => part.type !== 'null');
  expect(rest).toEqual([]);
  return { ...schema, anyOf: undefined, ...value, nullable: schema.anyOf.some((part: Json) => part.type === 'null') };
}

describe('requests: the document is the contract (issue 33)', () => {
  it('bounds every text a request sends, nullable ones included, and steps every number', () => {
    const unbounded: string[] = [];
    const unstepped: string[] = [];
    for (const { label, body, parameters } of requests()) {
      const fields = [
        ...(body ? leaves(body, `${label} body`) : []),
        ...parameters.flatMap((p: Json) => leaves(p.schema, `${label} ${p.name}`)),
      ];
      for (const [where, schema] of fields) {
        const bounded = schema.maxLength !== undefined || schema.enum || schema.const !== undefined || schema.format || schema.pattern;
        // The CSV import is bounded by the body's size limit (413), as its description says.
        if (typesOf(schema).includes('string') && !bounded && !where.endsWith('body.csv')) unbounded.push(where);
        if (typesOf(schema).includes('number') && schema.multipleOf === undefined) unstepped.push(where);
      }
    }
    expect(unbounded).toEqual([]);
    expect(unstepped).toEqual([]);

    const nullable = { nullable: true, type: 'string' };
    expect(field('/suppliers', 'post', 'contactName')).toMatchObject({ ...nullable, maxLength: 100 });
    expect(field('/suppliers', 'post', 'note')).toMatchObject({ ...nullable, maxLength: 300 });
    expect(field('/suppliers', 'post', 'contactInfo')).toMatchObject({ ...nullable, maxLength: 254 });
    expect(field('/orders/{id}', 'put', 'introduce')).toMatchObject({ ...nullable, maxLength: 300 });
    const password = field('/users/me', 'put', 'password');
    expect(password).toMatchObject({ ...nullable, maxLength: 128 });
    // "" keeps the current password; otherwise at least 8 characters.
    const pattern = new RegExp(password.pattern, 'u');
    expect(['', '12345678', 'x'.repeat(128)].every((p) => pattern.test(p))).toBe(true);
    expect(['1', '1234567'].some((p) => pattern.test(p))).toBe(false);
  });

  it('says 3 decimals on quantities, par and counts, a pattern for time zones and https for push endpoints', () => {
    expect(field('/products/quantity', 'put', 'quantity')).toMatchObject({ type: 'number', minimum: 0, maximum: 99999, multipleOf: 0.001 });
    expect(field('/products/stock', 'put', 'onHand')).toMatchObject({ type: 'number', multipleOf: 0.001 });
    expect(field('/products/par', 'put', 'par')).toMatchObject({ type: 'number', multipleOf: 0.001 });
    expect(field('/products', 'post', 'par')).toMatchObject({ type: 'number', multipleOf: 0.001 });
    expect(field('/products', 'post', 'price')).toMatchObject({ type: 'number', multipleOf: 0.0001 });
    const timeZone = new RegExp(field('/users/me', 'put', 'timeZone').pattern, 'u');
    expect(['Europe/Madrid', 'UTC', 'America/Argentina/Buenos_Aires', 'Etc/GMT+1'].every((zone) => timeZone.test(zone))).toBe(true);
    expect(['+01:00', 'Europe Madrid', '../etc', ''].some((zone) => timeZone.test(zone))).toBe(false);
    const endpoint = new RegExp(field('/push/subscriptions', 'post', 'endpoint').pattern, 'u');
    expect(endpoint.test('https://fcm.googleapis.com/fcm/send/x')).toBe(true);
    expect(endpoint.test('http://fcm.googleapis.com/fcm/send/x')).toBe(false);
    // contactInfo's rule depends on messageService: the description says it per service.
    const contactInfo = field('/suppliers', 'post', 'contactInfo').description as string;
    for (const words of [
      /whatsapp, telegram, sms and phone: a phone number \(5 to 20 digits/,
      /email: an email address/,
      /other: free text/,
    ]) {
      expect(contactInfo).toMatch(words);
    }
  });

  it('marks a body optional when it may be empty, and required when it holds a required field', () => {
    const optional = [
      'POST /orders/{id}/send',
      'POST /auth/logout',
      'POST /auth/logout-all',
      'POST /auth/resend-verification',
      'POST /orders/{id}/fill',
    ];
    const byLabel = new Map(requests().map((r) => [r.label, r]));
    for (const label of optional) {
      expect(byLabel.get(label)?.body, label).toBeDefined();
      expect(byLabel.get(label)?.required, label).toBe(false);
    }
    for (const request of requests()) {
      if (!request.body) continue;
      const required = (resolve(request.body).required ?? []).length > 0;
      expect(request.required, request.label).toBe(required);
    }
    expect(byLabel.get('POST /suppliers')?.required).toBe(true);
  });

  it('gives every operation a request example: its body and each parameter (Redocly checks each against its schema)', () => {
    const missing: string[] = [];
    for (const { label, body, example, parameters } of requests()) {
      if (body && example === undefined) missing.push(`${label} body`);
      for (const parameter of parameters) if (parameter.example === undefined) missing.push(`${label} ${parameter.name}`);
    }
    expect(missing).toEqual([]);
    expect(doc.paths['/suppliers'].post.requestBody.content['application/json'].example).toMatchObject({
      name: 'Verduras Núñez',
      messageService: 'whatsapp',
      contactInfo: '+34 600 123 456',
    });
  });
});

describe('GET /api/docs', () => {
  it('is an HTML page whose scripts and stylesheets all come from this server', async () => {
    const res = await fetch(`${t.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<html/i);

    const scripts = [...html.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1]!);
    const styles = [...html.matchAll(/<link\b[^>]*>/gi)]
      .map((m) => m[0])
      .filter((tag) => /\brel\s*=\s*["']?[^"'>]*stylesheet/i.test(tag))
      .map((tag) => /\bhref\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1])
      .filter((href): href is string => Boolean(href));
    expect(scripts.length).toBeGreaterThan(0);
    expect(styles.length).toBeGreaterThan(0);
    // Nothing imported from elsewhere by CSS @import or a module either.
    expect(html).not.toMatch(/@import\s+url\(\s*["']?(https?:)?\/\//i);

    const base = new URL('/api/docs', t.url);
    for (const ref of [...scripts, ...styles]) {
      const url = new URL(ref, base);
      expect(url.host, `${ref} points to another host`).toBe(base.host);
      expect(ref, `${ref} is protocol-relative or absolute to another host`).not.toMatch(/^(https?:)?\/\//i);
      const asset = await fetch(url);
      expect(asset.status, ref).toBe(200);
      const type = asset.headers.get('content-type') ?? '';
      if (scripts.includes(ref)) expect(type, ref).toMatch(/javascript/);
      else expect(type, ref).toMatch(/text\/css/);
      expect((await asset.text()).length, ref).toBeGreaterThan(0);
    }
  });

  it("points Swagger UI at this server's document and at no validator", async () => {
    const html = await (await fetch(`${t.url}/api/docs`)).text();
    const scripts = [...html.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1]!);
    const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]!);
    const own = await Promise.all(
      scripts.filter((s) => !/swagger-ui-bundle/.test(s)).map(async (s) => (await fetch(new URL(s, new URL('/api/docs', t.url)))).text()),
    );
    const init = [...inline, ...own].join('\n');
    expect(init).toMatch(/\/api\/openapi\.json/);
    expect(init).toMatch(/validatorUrl\s*:\s*null/);
    expect(init).not.toMatch(/https?:\/\//);
  });
});
