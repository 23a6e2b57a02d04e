import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createOpenApiDocument } from '@reorder/api';
import { VERSION } from '@reorder/server';
import { type JsonBody, startTestServer, type TestServer } from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 33, "the document is the contract": an integrator's whole flow goes
 * through Prism's validating proxy (@stoplight/prism-cli, `--errors`) in
 * front of the real server, with the OpenAPI document the server serves.
 * Prism answers 422 for a request the document refuses and 500 (with
 * `sl-violations`) for an answer it does not describe, so any drift between
 * the document and the server fails here. Then the cases of the issue: what
 * the document refuses, Prism refuses, and the server refuses with a 400
 * naming the same field, changing nothing.
 *
 * One Prism process for the file, started beside the server (it takes
 * about 7 s on a busy 2-core machine); it runs only in the PGlite suite,
 * since it tests the document, not the database.
 */
const prismCli = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');

let t: TestServer;
let prism: ChildProcess;
let prismUrl: string;
let folder: string;
/** Everything Prism said, for the failure message. */
let prismLog = '';

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  // Prism takes seconds to start: it starts beside the server, on the document the server will
  // serve (made the same way; compared with the served one below), pointed at the server's port.
  const [serverPort, port] = [await freePort(), await freePort()];
  const expected = createOpenApiDocument({ baseUrl: 'http://app.test/api', version: VERSION });
  folder = mkdtempSync(path.join(tmpdir(), 'reorder-prism-'));
  const file = path.join(folder, 'openapi.json');
  writeFileSync(file, JSON.stringify(expected));
  prismUrl = `http://127.0.0.1:${port}`;
  const upstream = `http://127.0.0.1:${serverPort}/api`;
  prism = spawn(process.execPath, [prismCli, 'proxy', file, upstream, '--errors', '--host', '127.0.0.1', '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const listening = new Promise<void>((resolve, reject) => {
    const listen = (chunk: Buffer) => {
      prismLog += chunk.toString();
      if (prismLog.includes('Prism is listening')) resolve();
    };
    prism.stdout?.on('data', listen);
    prism.stderr?.on('data', listen);
    prism.once('exit', (code) => reject(new Error(`Prism exited (${code}) before listening:\n${prismLog}`)));
  });
  [t] = await Promise.all([startTestServer({ env: { PORT: String(serverPort) } }), listening]);
  // What Prism checks against is what the server serves, `servers` absolute from PUBLIC_URL included.
  const served: JsonBody = await (await fetch(`${t.url}/api/openapi.json`)).json();
  expect(served.servers).toEqual([{ url: 'http://app.test/api' }]);
  expect(served).toEqual(JSON.parse(JSON.stringify(expected)));
}, 60_000);

afterAll(async () => {
  if (prism && prism.exitCode === null) {
    prism.kill();
    await new Promise((resolve) => prism.once('exit', resolve));
  }
  if (folder) rmSync(folder, { recursive: true, force: true });
  await t?.close();
});

interface Sent {
  status: number;
  body: JsonBody;
}

/** A request as a script sends it, through Prism or straight to the server; a JSON body only when given. */
async function send(base: string, method: string, apiPath: string, options: { token?: string; body?: unknown } = {}): Promise<Sent> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${apiPath}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const violations = res.headers.get('sl-violations');
  const text = await res.text();
  expect(violations, `${method} ${apiPath}: Prism found violations`).toBeNull();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Through Prism: it must find nothing wrong with the request or the answer, and the call must succeed. */
async function call(method: string, apiPath: string, options: { token?: string; body?: unknown } = {}): Promise<JsonBody> {
  const res = await send(prismUrl, method, apiPath, options);
  expect(res, `${method} ${apiPath}`).toMatchObject({ status: 200, body: { code: 1 } });
  return res.body.data;
}

/** What the document refuses: Prism answers 422 naming `field`, the server 400 naming it too. */
async function refused(method: string, apiPath: string, token: string, body: Record<string, unknown>, field: string) {
  const viaPrism = await send(prismUrl, method, apiPath, { token, body });
  expect(viaPrism.status, `Prism let ${JSON.stringify(body)} through`).toBe(422);
  expect(viaPrism.body.validation.map((v: { location: string[] }) => v.location.join('.'))).toContain(`body.${field}`);
  const direct = await send(`${t.url}/api`, method, apiPath, { token, body });
  expect(direct.status, `the server took ${JSON.stringify(body)}`).toBe(400);
  expect(direct.body.error.issues.map((issue: { path: string }) => issue.path)).toContain(field);
}

describe("an integrator's flow through Prism's validating proxy", () => {
  it('signs up, makes a token, builds and sends an order: no violation either way', async () => {
    const email = `prism.${Date.now()}@example.com`;
    const session = await call('POST', '/auth/register', {
      body: { email, password: 'plum-kettle-harbour', businessName: 'Café Luna', fullName: 'Ana García', timeZone: 'Europe/Madrid' },
    });
    await call('POST', '/auth/verify-email', { body: { token: await t.linkToken(email, '/verify-email') }, token: session.token });
    const token = (await call('POST', '/auth/tokens', { token: session.token, body: { name: 'Stock script' } })).token as string;
    expect(token).toMatch(/^rpat_/);

    // Nullable fields sent as null, a schedule, and the lists with and without their optional query.
    const supplier = await call('POST', '/suppliers', {
      token,
      body: {
        name: 'Verduras Núñez',
        contactName: null,
        messageService: 'whatsapp',
        contactInfo: '+34 600 123 456',
        note: null,
        deliveryDays: [2, 5],
        cutoffTime: '14:00',
      },
    });
    expect(await call('GET', '/suppliers', { token })).toHaveLength(1);
    expect(await call('GET', '/suppliers?q=nunez&sort=orderBy', { token })).toHaveLength(1);
    const product = await call('POST', '/products', { token, body: { name: 'Tomatoes', unit: 'Kg', orderId: supplier.orderId, par: 4 } });
    await call('PUT', '/products/quantity', { token, body: { productId: product.id, orderId: supplier.orderId, quantity: 2.5 } });
    await call('PUT', '/products/stock', { token, body: { productId: product.id, orderId: supplier.orderId, onHand: 1.25 } });
    // Bodies that may be empty: none at all.
    const filled = await call('POST', `/orders/${supplier.orderId}/fill`, { token });
    expect(filled.order.products[0]).toMatchObject({ productId: product.id, quantity: 2.75 });
    await call('PUT', `/orders/${supplier.orderId}`, { token, body: { introduce: 'Hi Pepe, for Friday please:' } });
    const order = await call('GET', `/orders/supplier/${supplier.id}`, { token });
    expect(order.text).toBe('Hi Pepe, for Friday please:\n2.75 x Kg: Tomatoes');
    const sent = await call('POST', `/orders/${supplier.orderId}/send`, { token });
    expect(sent.text).toMatch(/^Hi Pepe, for Friday please:\n2\.75 x Kg: Tomatoes\n\n.+\/confirm\//);
    expect(await call('GET', `/orders/${supplier.orderId}/history`, { token })).toHaveLength(1);
    await call('GET', `/products?orderId=${supplier.orderId}`, { token });

    await call('PUT', '/users/me', { token: session.token, body: { timeZone: 'America/New_York', password: '' } });
    await call('POST', '/auth/resend-verification', { token: session.token });
    await call('POST', '/auth/logout', { token: session.token });
    const after = await send(prismUrl, 'GET', '/auth/sessions', { token: session.token });
    expect(after.status).toBe(401);
  });

  it("refuses, in Prism and in the server alike, what the document refuses: the issue's cases", async () => {
    const owner = await t.api.register();
    await t.confirmEmail(owner.email, owner.token);
    const supplier = await t.api.createSupplier(owner.token);
    const product = await t.api.createProduct(owner.token, supplier.orderId);
    await call('PUT', '/products/quantity', {
      token: owner.token,
      body: { productId: product.id, orderId: supplier.orderId, quantity: 2 },
    });
    const base = { name: 'Frutas Ruiz', messageService: 'other' };

    await refused('POST', '/suppliers', owner.token, { ...base, contactName: 'x'.repeat(101) }, 'contactName');
    await refused('POST', '/suppliers', owner.token, { ...base, note: 'x'.repeat(301) }, 'note');
    await refused('PUT', `/orders/${supplier.orderId}`, owner.token, { introduce: 'x'.repeat(301) }, 'introduce');
    await refused('PUT', '/users/me', owner.token, { password: 'short', currentPassword: 'correct horse battery' }, 'password');
    const line = { productId: product.id, orderId: supplier.orderId };
    await refused('PUT', '/products/quantity', owner.token, { ...line, quantity: 2.0005 }, 'quantity');
    await refused('PUT', '/products/quantity', owner.token, { ...line, quantity: '3' }, 'quantity');
    await refused('PUT', '/products/par', owner.token, { ...line, par: 1.0001 }, 'par');
    await refused('PUT', '/products/stock', owner.token, { ...line, onHand: 0.0001 }, 'onHand');
    await refused('PUT', '/users/me', owner.token, { timeZone: '+01:00' }, 'timeZone');
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    await refused('POST', '/push/subscriptions', owner.token, { endpoint: 'http://push.example.com/x', keys }, 'endpoint');

    // None of it changed anything.
    expect((await t.api.get(`/api/products/${product.id}`, owner.token)).body.data).toMatchObject({ quantity: 2, par: null, onHand: null });
    expect((await t.api.get('/api/suppliers', owner.token)).body.data).toHaveLength(1);
    expect((await t.api.get('/api/users/me', owner.token)).body.data.timeZone).toBe('UTC');
  });
});
