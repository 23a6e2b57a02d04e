import { startTestServer, type TestServer } from '@reorder/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Two server processes on one PostgreSQL database, as behind a load balancer
// (docs/decisions.md §1): nothing that matters lives in one process's memory.
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  a = await startTestServer();
  b = await startTestServer({ databaseUrl: a.config.databaseUrl });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('two servers on one database', () => {
  it('share rate-limit counters: failed logins spread over both are counted together', async () => {
    const user = await a.api.register();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const server = i % 2 === 0 ? a : b;
      const res = await server.api.post('/api/auth/login', { email: user.email, password: 'wrong password!' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('accept each other’s tokens and see the same data', async () => {
    const user = await a.api.register();
    const supplier = await a.api.createSupplier(user.token, { name: 'Shared Supplier' });
    const res = await b.api.get(`/api/suppliers/${supplier.id}`, user.token);
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Shared Supplier');
  });

  it('share password resets: a token made through one server works on the other, once', async () => {
    const user = await a.api.register();
    await a.api.post('/api/auth/forgot-password', { email: user.email });
    const token = await a.linkToken(user.email, '/reset-password');
    const first = await b.api.post('/api/auth/reset-password', { token, password: 'a brand new password' });
    expect(first.status).toBe(200);
    const again = await a.api.post('/api/auth/reset-password', { token, password: 'another new password' });
    expect(again.status).toBe(400);
    const login = await a.api.post('/api/auth/login', { email: user.email, password: 'a brand new password' });
    expect(login.status).toBe(200);
  });

  it('end the other sessions on both after a password change on one', async () => {
    const user = await a.api.register();
    const other = await b.api.post('/api/auth/login', { email: user.email, password: user.password });
    expect(other.status).toBe(200);
    const change = await a.api.put('/api/users/me', { password: 'changed password 1', currentPassword: user.password }, user.token);
    expect(change.status).toBe(200);
    expect((await b.api.get('/api/suppliers', other.body.data.token)).status).toBe(401);
    expect((await b.api.get('/api/suppliers', user.token)).status).toBe(200);
  });

  it('end a session on both at once: signed out through one, refused by the other', async () => {
    const user = await a.api.register();
    expect((await b.api.get('/api/suppliers', user.token)).status).toBe(200);
    expect((await a.api.post('/api/auth/logout', {}, user.token)).status).toBe(200);
    expect((await b.api.get('/api/suppliers', user.token)).status).toBe(401);
    expect((await a.api.get('/api/suppliers', user.token)).status).toBe(401);
  });
});
