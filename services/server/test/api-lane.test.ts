import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { startTestServer, type TestServer } from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../src/app.ts';

// The REST calls and single tRPC queries take a lane beside Express
// (src/api-lane.ts). Here one app is served twice, by its listener (the lane)
// and by Express alone, on one database, and every answer must be the same:
// status, headers, body, and the log line.

let t: TestServer;
let app: App;
let lane: Server;
let plain: Server;
let token: string;
let supplierId: number;
let productId: number;
let orderId: number;

async function listen(handler: Parameters<typeof createServer>[1]): Promise<Server> {
  const server = createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One request with node:http, so the answer is seen as sent (headers as written, gzip not undone). */
function ask(server: Server, method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string): Promise<Raw> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const req = request({ host: '127.0.0.1', port, method, path, headers: { ...length, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const gzipped = res.headers['content-encoding'] === 'gzip';
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (name === 'date' || name === 'x-request-id') continue;
          kept[name] = String(value);
        }
        resolve({ status: res.statusCode ?? 0, headers: kept, body: (gzipped ? gunzipSync(raw) : raw).toString('utf8') });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Asks both ways and expects the same answer; returns it, with the lane's counts before and after. */
async function same(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string) {
  const before = { ...app.listener.counts };
  const viaLane = await ask(lane, method, path, headers, body);
  const after = { ...app.listener.counts };
  const viaExpress = await ask(plain, method, path, headers, body);
  expect(viaLane, `${method} ${path}`).toEqual(viaExpress);
  return { answer: viaLane, answeredByLane: after.answered - before.answered === 1 };
}

const auth = () => ({ authorization: `Bearer ${token}` });
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  t = await startTestServer();
  app = createApp({
    deps: t.server.deps,
    trustProxy: false,
    version: 'test',
    publicUrl: t.config.publicUrl,
    security: { https: false, google: false, facebook: false },
    databaseReady: async () => true,
  });
  lane = await listen(app.listener);
  plain = await listen(app.express);
  ({ token } = await t.api.register());
  for (let i = 0; i < 30; i++) {
    const res = await t.api.request('POST', '/api/suppliers', {
      token,
      body: { name: `Proveedor ${i} con un nombre largo`, messageService: 'email', contactInfo: `p${i}@example.com` },
    });
    supplierId = res.body.data.id;
  }
  const order = await t.api.request('GET', `/api/orders/supplier/${supplierId}`, { token });
  orderId = order.body.data.id;
  const product = await t.api.request('POST', '/api/products', { token, body: { orderId, name: 'Tomates', unit: 'Kg' } });
  productId = product.body.data.id;
});

afterAll(async () => {
  lane?.close();
  plain?.close();
  await t?.close();
});

describe('the REST lane answers as Express does', () => {
  it('a list, plain and gzipped, and the log line is the same', async () => {
    const logsBefore = t.logs.length;
    const { answer, answeredByLane } = await same('GET', '/api/suppliers', auth());
    expect(answeredByLane).toBe(true);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).data).toHaveLength(30);
    const lines = t.logs
      .slice(logsBefore)
      .map((line) => JSON.parse(line))
      .filter((l) => l.msg === 'request');
    expect(lines).toHaveLength(2);
    const strip = ({ requestId, ms, time, ...rest }: Record<string, unknown>) => rest;
    expect(strip(lines[0])).toEqual(strip(lines[1]));

    const gz = await same('GET', '/api/suppliers?q=proveedor', { ...auth(), 'accept-encoding': 'gzip' });
    expect(gz.answeredByLane).toBe(true);
    expect(gz.answer.headers['content-encoding']).toBe('gzip');
  });

  it('failures: a bad query, a missing row, no token', async () => {
    for (const [path, headers, status] of [
      ['/api/products?limit=abc', auth(), 400],
      ['/api/suppliers/999999', auth(), 404],
      ['/api/suppliers', {}, 401],
    ] as const) {
      const { answer, answeredByLane } = await same('GET', path, headers);
      expect(answeredByLane, path).toBe(true);
      expect(answer.status, path).toBe(status);
    }
  });

  it('JSON bodies: a write, a charset, a byte order mark, an empty one, and each way of being unreadable', async () => {
    const body = JSON.stringify({ orderId, productId, quantity: 2 });
    const cases: [string, Record<string, string>, string | Buffer, number][] = [
      ['write', json, body, 200],
      ['charset', { 'content-type': 'application/json; charset=UTF-8' }, body, 200],
      ['bom', json, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body)]), 200],
      ['malformed', json, '{"productId": ', 400],
      ['whitespace only', json, '   ', 400],
      ['a bare number', json, '42', 400],
      ['nested too deep', json, `${'['.repeat(40)}${']'.repeat(40)}`, 400],
    ];
    for (const [label, headers, raw, status] of cases) {
      const { answer, answeredByLane } = await same('PUT', '/api/products/quantity', { ...auth(), ...headers }, raw);
      expect(answeredByLane, label).toBe(true);
      expect(answer.status, `${label}: ${answer.body}`).toBe(status);
    }
    const empty = await same('PUT', '/api/products/quantity', { ...auth(), ...json, 'content-length': '0' }, '');
    expect(empty.answer.status).toBe(400);
    expect(
      JSON.parse(empty.answer.body)
        .error.issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['orderId', 'productId', 'quantity']);
  });

  it('leaves to Express what it does not read: other content types and compressed bodies', async () => {
    const body = JSON.stringify({ orderId, productId, quantity: 3 });
    for (const headers of [{ 'content-type': 'text/plain' }, { ...json, 'content-encoding': 'gzip' }]) {
      const { answeredByLane } = await same('PUT', '/api/products/quantity', { ...auth(), ...headers }, body);
      expect(answeredByLane, JSON.stringify(headers)).toBe(false);
    }
  });
});

describe('the tRPC lane answers single queries as tRPC does', () => {
  const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

  it('a result, plain and gzipped, and a query sent without its input', async () => {
    for (const headers of [auth(), { ...auth(), 'accept-encoding': 'gzip' }]) {
      const { answer, answeredByLane } = await same('GET', `/api/trpc/suppliers.list?input=${input({})}`, headers);
      expect(answeredByLane).toBe(true);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).result.data).toHaveLength(30);
    }
    // Without its input: a query whose input may be empty answers (issue 33); one that needs its
    // input gets tRPC's 400 naming the missing object.
    const noInput = await same('GET', '/api/trpc/config.get', {});
    expect(noInput.answeredByLane).toBe(true);
    expect(noInput.answer.status).toBe(200);
    const missing = await same('GET', '/api/trpc/suppliers.byId', auth());
    expect(missing.answeredByLane).toBe(true);
    expect(missing.answer.status).toBe(400);
  });

  it('errors: not found, no token, invalid input', async () => {
    for (const [path, headers, status] of [
      [`/api/trpc/suppliers.byId?input=${input({ id: 999999 })}`, auth(), 404],
      [`/api/trpc/suppliers.list?input=${input({})}`, {}, 401],
      [`/api/trpc/products.list?input=${input({ limit: -1 })}`, auth(), 400],
    ] as const) {
      const { answer, answeredByLane } = await same('GET', path, headers);
      expect(answeredByLane, path).toBe(true);
      expect(answer.status, path).toBe(status);
      expect(JSON.parse(answer.body).error.data.httpStatus).toBe(status);
    }
  });

  it('leaves batches, mutations, unknown paths and unreadable input to tRPC', async () => {
    for (const [method, path] of [
      ['GET', `/api/trpc/suppliers.list,config.get?batch=1&input=${input({ 0: {} })}`],
      ['GET', '/api/trpc/suppliers.list?input=%7Bnot-json'],
      ['GET', '/api/trpc/nope.nothing'],
      ['GET', `/api/trpc/suppliers.create?input=${input({ name: 'X' })}`],
    ] as const) {
      const { answeredByLane } = await same(method, path, auth());
      expect(answeredByLane, path).toBe(false);
    }
  });
});
