import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { rawRequest, startTestServer, useTestServer } from '@reorder/testing';
import { describe, expect, it } from 'vitest';

const t = useTestServer();

describe('the HTTP surface', () => {
  it('answers HEAD /api/ping with 200 and no body, without a token', async () => {
    const res = await fetch(`${t.url}/api/ping`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('answers HEAD wherever GET is answered: the same status and headers, no body', async () => {
    const user = await t.api.register();
    await t.api.createSupplier(user.token);
    const headers = { authorization: `Bearer ${user.token}`, 'accept-encoding': 'identity' };
    const get = await fetch(`${t.url}/api/suppliers`, { headers });
    const head = await fetch(`${t.url}/api/suppliers`, { method: 'HEAD', headers });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(head.headers.get('content-length')).toBe(String((await get.arrayBuffer()).byteLength));
    // Without a token, as GET: 401, no body. On a path GET does not take: 405, as any other method.
    expect((await fetch(`${t.url}/api/suppliers`, { method: 'HEAD' })).status).toBe(401);
    const login = await fetch(`${t.url}/api/auth/login`, { method: 'HEAD' });
    expect(login.status).toBe(405);
    expect(login.headers.get('allow')).toBe('POST');
  });

  it('answers unknown /api paths with a 404 envelope, never the web page', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['POST', '/api/suppliers/1/nope'],
      ['GET', '/api/'],
    ] as const) {
      const res = await t.api.request(method, path, { body: method === 'GET' ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.body).toEqual({ code: 0, data: null, message: expect.any(String), error: { kind: 'NOT_FOUND', issues: [] } });
    }
  });

  it('answers a method a known path does not take with 405, `Allow` listing those it does (issue 33)', async () => {
    const user = await t.api.register();
    for (const [method, path, allow] of [
      ['PATCH', '/api/suppliers/1', 'GET, PUT, DELETE'],
      ['DELETE', '/api/suppliers', 'GET, POST'],
      ['GET', '/api/auth/login', 'POST'],
      ['POST', '/api/orders/supplier/7', 'GET'],
    ] as const) {
      const res = await t.api.request(method, path, { body: method === 'GET' ? undefined : {}, token: user.token });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow')?.split(', ').sort(), `${method} ${path}`).toEqual(allow.split(', ').sort());
      expect(res.body).toEqual({
        code: 0,
        data: null,
        message: expect.stringContaining(method),
        error: { kind: 'METHOD_NOT_ALLOWED', issues: [] },
      });
    }
  });

  it('refuses a number sent as text in a JSON body (400 naming the field), while paths and queries still convert (issue 33)', async () => {
    const user = await t.api.register();
    const supplier = await t.api.createSupplier(user.token);
    for (const body of [{ leadDays: '2' }, { minimumOrder: '80' }]) {
      const res = await t.api.put(`/api/suppliers/${supplier.id}`, { ...body, name: supplier.name, messageService: 'other' }, user.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.issues.map((issue: { path: string }) => issue.path)).toEqual(Object.keys(body));
    }
    expect((await t.api.get(`/api/suppliers/${supplier.id}`, user.token)).body.data).toMatchObject({ leadDays: 1, minimumOrder: null });
    // The id in the path and orderId in the query are text by nature: they are read as numbers.
    expect((await t.api.get(`/api/suppliers/${supplier.id}`, user.token)).status).toBe(200);
    expect((await t.api.get(`/api/products?orderId=${supplier.orderId}`, user.token)).status).toBe(200);
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await t.api.request('POST', '/api/auth/login', { rawBody: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(0);
    expect(res.body.error.kind).toBe('BAD_REQUEST');
    expect(res.body.message).toBe('The request body is not a valid JSON object');
  });

  it('answers a body over 1 MB with a 413 envelope', async () => {
    const { token } = await t.api.register();
    const res = await t.api.request('POST', '/api/feedbacks', {
      token,
      rawBody: JSON.stringify({ fullName: 'A', email: 'a@example.com', note: 'x'.repeat(1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 0, data: null, error: { kind: 'PAYLOAD_TOO_LARGE' } });
  });

  it('reads JSON sent with a charset in the content type', async () => {
    const { token } = await t.api.register();
    const res = await t.api.request('POST', '/api/suppliers', {
      token,
      rawBody: JSON.stringify({ name: 'Panadería Ñandú', messageService: 'other' }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Panadería Ñandú');
  });

  it('reads a POST without a body as empty and names the missing fields', async () => {
    const { token } = await t.api.register();
    const res = await t.api.request('POST', '/api/products/clear', { token });
    expect(res.status).toBe(400);
    expect(res.body.error.issues).toEqual([{ path: 'orderId', message: expect.any(String) }]);
  });

  it('answers a JSON body that is not an object with a 400 envelope', async () => {
    const res = await t.api.request('POST', '/api/auth/login', { rawBody: '"a string"', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 0,
      data: null,
      message: 'The request body is not a valid JSON object',
      error: { kind: 'BAD_REQUEST' },
    });
  });

  it('refuses a body that is not JSON with a 400 envelope', async () => {
    const res = await t.api.request('POST', '/api/auth/login', { rawBody: 'email=a@b.c', headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(400);
    expect(res.body.error.kind).toBe('BAD_REQUEST');
  });

  it('serves the web app (or its placeholder) for every other path', async () => {
    const res = await fetch(`${t.url}/orders/12/products/new`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('never lets API answers be cached', async () => {
    const { token } = await t.api.register();
    const res = await t.api.get('/api/suppliers', token);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe("the web app's files", () => {
  it('sends the packed copy the browser takes (brotli, else gzip), else the file; a file never packed, packed on the way', async () => {
    const webDir = mkdtempSync(path.join(tmpdir(), 'reorder-web-'));
    const code = Buffer.from(`export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row ${i}`))};\n`);
    // What the build writes (services/web/vite.config.ts): the file, and beside it its .br and .gz.
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(webDir, 'assets', 'app-1.js'), code);
    writeFileSync(path.join(webDir, 'assets', 'app-1.js.br'), brotliCompressSync(code));
    writeFileSync(path.join(webDir, 'assets', 'app-1.js.gz'), gzipSync(code, { level: 9 }));
    writeFileSync(path.join(webDir, 'assets', 'plain-1.js'), code);
    const web = await startTestServer({ webDir });
    try {
      const url = `${web.url}/assets/app-1.js`;
      const chromium = await rawRequest(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(chromium.status).toBe(200);
      expect(chromium.headers['content-encoding']).toBe('br');
      expect(chromium.headers['content-type']).toMatch(/^text\/javascript/);
      expect(chromium.headers['content-length']).toBe(String(chromium.body.length));
      expect(chromium.headers.vary).toMatch(/Accept-Encoding/);
      expect(chromium.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(chromium.body)).toEqual(code);

      for (const accepted of ['gzip', 'br;q=0, gzip']) {
        const gzip = await rawRequest(url, { 'accept-encoding': accepted });
        expect(gzip.headers['content-encoding'], accepted).toBe('gzip');
        expect(gunzipSync(gzip.body)).toEqual(code);
      }
      for (const accepted of ['identity', 'gzip;q=0, br;q=0']) {
        const plain = await rawRequest(url, { 'accept-encoding': accepted });
        expect(plain.headers['content-encoding'], accepted).toBeUndefined();
        expect(plain.body).toEqual(code);
      }
      const head = await rawRequest(url, { 'accept-encoding': 'br' }, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.headers['content-length']).toBe(String(chromium.body.length));
      expect(head.body.length).toBe(0);

      // A file the build did not pack is packed as it is sent; one that is not there is a 404.
      const plain = await rawRequest(`${web.url}/assets/plain-1.js`, { 'accept-encoding': 'gzip' });
      expect(plain.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(plain.body)).toEqual(code);
      expect((await rawRequest(`${web.url}/assets/gone-1.js`, { 'accept-encoding': 'br' })).status).toBe(404);
    } finally {
      await web.close();
      rmSync(webDir, { recursive: true, force: true });
    }
  });
});
