import { startTestServer, type TestServer } from '@reorder/testing';
import pg from 'pg';
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

  describe('the product list pages each keeps (docs/decisions.md §9.8)', () => {
    /** The quantities of the whole-business list `on` answers for "e", by product name. */
    async function quantities(on: TestServer, token: string) {
      const res = await on.api.get('/api/products?q=e', token);
      expect(res.status).toBe(200);
      return Object.fromEntries((res.body.data as { name: string; quantity: number }[]).map((p) => [p.name, p.quantity]));
    }

    it('shows a quantity written through the other server at once (20 writes in a row)', async () => {
      const user = await a.api.register();
      const { supplier, products } = await a.api.seedOrder(user.token, {}, [
        { name: 'Leche', unit: 'l' },
        { name: 'Queso', unit: 'kg' },
      ]);
      for (let i = 1; i <= 20; i++) {
        // b keeps the page now.
        for (let k = 0; k < 2; k++) expect(await quantities(b, user.token)).toEqual({ Leche: i - 1, Queso: 0 });
        await a.api.setQuantity(user.token, supplier.orderId, products[0]!.id, i);
        expect(await quantities(b, user.token)).toEqual({ Leche: i, Queso: 0 });
        await a.api.setQuantity(user.token, supplier.orderId, products[0]!.id, i);
      }
    });

    it('shows a write by SQL from another connection once it commits, not before', async () => {
      const user = await a.api.register();
      const { products } = await a.api.seedOrder(user.token, {}, [{ name: 'Leche', unit: 'l', quantity: 1 }]);
      expect(await quantities(b, user.token)).toEqual({ Leche: 1 });
      const operator = new pg.Client({ connectionString: a.config.databaseUrl });
      await operator.connect();
      try {
        await operator.query('BEGIN');
        await operator.query('UPDATE order_quantities SET quantity = 7 WHERE product_id = $1', [products[0]!.id]);
        // Not committed: no server shows it, and a page read now is not kept past the commit.
        expect(await quantities(b, user.token)).toEqual({ Leche: 1 });
        expect(await quantities(a, user.token)).toEqual({ Leche: 1 });
        await operator.query('COMMIT');
        expect(await quantities(b, user.token)).toEqual({ Leche: 7 });
        expect(await quantities(a, user.token)).toEqual({ Leche: 7 });
        await operator.query('UPDATE products SET name = $2 WHERE id = $1', [products[0]!.id, 'Leche entera']);
        expect(await quantities(b, user.token)).toEqual({ 'Leche entera': 7 });
      } finally {
        await operator.end();
      }
    });
  });

  describe('the sign-in check each keeps in memory (invalidated through PostgreSQL)', () => {
    /** A second device of the owner: its token and its session id, as the sessions list names it. */
    async function secondDevice(on: TestServer, user: { email: string; password: string; token: string }) {
      const login = await on.api.post('/api/auth/login', { email: user.email, password: user.password });
      expect(login.status).toBe(200);
      const token = login.body.data.token as string;
      const list = await on.api.get('/api/auth/sessions', token);
      const id = (list.body.data as { id: number; current: boolean }[]).find((s) => s.current)?.id as number;
      return { token, id };
    }

    /** Runs `use` on a connection of its own to the servers' database, as an operator's psql session would; closed after. */
    async function asOperator(use: (sql: pg.Client) => Promise<unknown>): Promise<void> {
      const client = new pg.Client({ connectionString: a.config.databaseUrl });
      await client.connect();
      try {
        await use(client);
      } finally {
        await client.end();
      }
    }

    it('refuses a device ended on the other server at once, every time (20 devices in a row)', async () => {
      const user = await a.api.register();
      expect(b.server.deps.sessions.listening).toBe(true);
      for (let i = 0; i < 20; i++) {
        const device = await secondDevice(b, user);
        // b has the check in memory now.
        for (let k = 0; k < 3; k++) expect((await b.api.get('/api/suppliers', device.token)).status).toBe(200);
        expect((await a.api.delete(`/api/auth/sessions/${device.id}`, user.token)).status).toBe(200);
        expect((await b.api.get('/api/suppliers', device.token)).status).toBe(401);
      }
    });

    it('answers an account change only once every listening process has applied it (a slow one is waited for)', async () => {
      const user = await a.api.register();
      // A third process that hears the channel but takes 400 ms to apply what it hears.
      const slow = new pg.Client({ connectionString: a.config.databaseUrl, application_name: 'listen:reorder_auth' });
      await slow.connect();
      const answered: number[] = [];
      let closed = false;
      slow.on('notification', (message) => {
        const payload = message.payload ?? '';
        if (!payload.startsWith('settle:')) return;
        setTimeout(() => {
          if (closed) return;
          answered.push(Date.now());
          void slow.query('SELECT pg_notify($1, $2)', ['reorder_auth', `heard:${payload}`]);
        }, 400);
      });
      await slow.query('LISTEN reorder_auth');
      try {
        const device = await secondDevice(b, user);
        const started = Date.now();
        expect((await a.api.delete(`/api/auth/sessions/${device.id}`, user.token)).status).toBe(200);
        const took = Date.now() - started;
        expect(answered.length).toBeGreaterThan(0);
        expect(took).toBeGreaterThanOrEqual(400);
        expect(took).toBeLessThan(1000);
        expect((await b.api.get('/api/suppliers', device.token)).status).toBe(401);
      } finally {
        closed = true;
        await slow.end();
      }
    });

    it('shows a profile changed through one server on the other at once, and refuses a deleted account at once', async () => {
      const user = await a.api.register();
      expect((await b.api.get('/api/users/me', user.token)).body.data.fullName).not.toBe('Renamed Owner');
      expect((await a.api.put('/api/users/me', { fullName: 'Renamed Owner' }, user.token)).status).toBe(200);
      expect((await b.api.get('/api/users/me', user.token)).body.data.fullName).toBe('Renamed Owner');

      expect((await b.api.get('/api/suppliers', user.token)).status).toBe(200);
      expect((await a.api.request('DELETE', '/api/users/me', { token: user.token, body: { currentPassword: user.password } })).status).toBe(
        200,
      );
      expect((await b.api.get('/api/suppliers', user.token)).status).toBe(401);
    });

    it('hears a change made in the database by anyone (an operator ending a session with SQL)', async () => {
      const user = await a.api.register();
      const device = await secondDevice(a, user);
      expect((await b.api.get('/api/suppliers', device.token)).status).toBe(200);
      await asOperator((sql) => sql.query('UPDATE sessions SET ended_at = now() WHERE id = $1', [device.id]));
      await expect.poll(async () => (await b.api.get('/api/suppliers', device.token)).status, { timeout: 2000, interval: 20 }).toBe(401);
    });

    it('keeps nothing while its LISTEN connection is down, so a change it cannot hear is still refused; and listens again', async () => {
      const user = await a.api.register();
      const device = await secondDevice(a, user);
      expect((await b.api.get('/api/suppliers', device.token)).status).toBe(200);
      await asOperator(async (sql) => {
        // Cut every LISTEN connection (both servers'), then end the session where no one hears it.
        await sql.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'listen:reorder_auth'`,
        );
        await expect.poll(() => b.server.deps.sessions.listening, { timeout: 2000, interval: 10 }).toBe(false);
        await sql.query('UPDATE sessions SET ended_at = now() WHERE id = $1', [device.id]);
        expect((await b.api.get('/api/suppliers', device.token)).status).toBe(401);
      });
      await expect.poll(() => b.server.deps.sessions.listening, { timeout: 5000 }).toBe(true);
      expect((await b.api.get('/api/suppliers', user.token)).status).toBe(200);
    });
  });
});
