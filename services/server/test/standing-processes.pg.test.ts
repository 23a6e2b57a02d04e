import { connectDatabase } from '@reorder/db';
import { cleanUp, createTestDatabase, startServerProcess, startSmtpServer, TEST_JWT_SECRET, until } from '@reorder/testing';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Exactly once per delivery (docs/decisions.md §9.5), with real server
 * processes (`src/main.ts`) on one PostgreSQL database, each running the
 * reminders' schedule, and the standing orders with it, every 200 ms. Every
 * standing order is due to be prepared and, its supplier taking email with
 * autoSend on, to be sent at once. The first process is killed while it
 * tells the first owner (the SMTP server holds that message unanswered); a
 * restarted process and a second one take over once the claim's lease (2 s)
 * ends. Each order is prepared once, each owner told once per supplier (the
 * interrupted message included), each supplier sent one order, once.
 */

const database = await createTestDatabase();
const PREPARED = /order prepared$/;
const smtp = await startSmtpServer({ stall: { count: 1, match: (mail) => PREPARED.test(mail.subject) }, answerDelayMs: 150 });
afterAll(async () => {
  cleanUp();
  await smtp.close();
  await database.drop();
});

const sharedEnv = {
  DATABASE_URL: database.url as string,
  PUBLIC_URL: 'http://app.test',
  JWT_SECRET: TEST_JWT_SECRET,
  SMTP_URL: smtp.url,
  REMINDER_INTERVAL_MS: '200',
  REMINDER_LEASE_MS: '2000',
};
const startProcess = () => startServerProcess(sharedEnv, 60_000);

describe.runIf(database.url)('standing orders with several server processes', () => {
  it('are prepared, told and sent once each, though a process dies mid-message', { timeout: 120_000 }, async () => {
    const first = await startProcess();
    // Cut-offs twenty minutes from now (same-day delivery, UTC): prepared (12 h before) and sent (30 min before) at once.
    const cutoff = new Date(Math.floor((Date.now() + 20 * 60_000) / 60_000) * 60_000);
    const schedule = { deliveryDays: [((cutoff.getUTCDay() + 6) % 7) + 1], cutoffTime: cutoff.toISOString().slice(11, 16), leadDays: 0 };
    const day = (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const)[(schedule.deliveryDays[0] as number) - 1] as string;
    const suppliers: { id: number; email: string; owner: string }[] = [];
    for (let owner = 0; owner < 3; owner++) {
      const { token, email } = await first.api.register({ timeZone: 'UTC', language: 'en' });
      for (let s = 0; s < 2; s++) {
        const address = `supplier-${owner}-${s}@supplier.test`;
        const created = await first.api.post(
          '/api/suppliers',
          { name: `Supplier ${owner}-${s}`, contactName: '', messageService: 'email', contactInfo: address, note: '', ...schedule },
          token,
        );
        expect(created.status, created.text).toBe(200);
        const product = await first.api.post('/api/products', { name: 'Bread', unit: 'Loaf', orderId: created.body.data.orderId }, token);
        expect(product.status, product.text).toBe(200);
        const put = await first.api.put(
          `/api/suppliers/${created.body.data.id}/standing`,
          { enabled: true, autoSend: true, lines: [{ productId: product.body.data.id, quantities: { [day]: 7 } }] },
          token,
        );
        expect(put.status, put.text).toBe(200);
        suppliers.push({ id: created.body.data.id, email: address, owner: email });
      }
    }

    // The first process prepares a delivery and hangs telling its owner: kill it there.
    await until(() => smtp.stalled.length === 1, 20_000, 'the first message to reach the SMTP server');
    first.running.child.kill('SIGKILL');
    await first.running.exited;
    const interrupted = smtp.stalled[0]?.to;

    const [restarted, second] = await Promise.all([startProcess(), startProcess()]);
    const toSuppliers = () => smtp.messages.filter((m) => m.subject.startsWith('Order for delivery on'));
    const told = () => smtp.messages.filter((m) => PREPARED.test(m.subject));
    await until(() => toSuppliers().length >= suppliers.length && told().length >= suppliers.length, 40_000, 'every order sent');
    // Several more rounds on both processes: nothing happens twice.
    await new Promise((r) => setTimeout(r, 3000));

    for (const supplier of suppliers) {
      expect(toSuppliers().filter((m) => m.to.includes(supplier.email))).toHaveLength(1);
    }
    expect(told()).toHaveLength(suppliers.length);
    for (const owner of new Set(suppliers.map((s) => s.owner))) {
      expect(told().filter((m) => m.to.includes(owner))).toHaveLength(2);
    }
    expect(told().some((m) => interrupted?.every((to) => m.to.includes(to)))).toBe(true);
    const check = await connectDatabase({ databaseUrl: database.url });
    try {
      const runs = await check.db.selectFrom('standing_runs').select(['supplier_id', 'outcome', 'done_at', 'attempts']).execute();
      expect(runs).toHaveLength(suppliers.length);
      expect(runs.every((run) => run.outcome === 'sent' && run.done_at !== null)).toBe(true);
      expect(Math.max(...runs.map((run) => Number(run.attempts)))).toBeGreaterThanOrEqual(2);
      const sent = await sql<{ supplier_id: number; n: number; quantity: string }>`
        SELECT supplier_id, count(*)::int AS n, max(lines->0->>'quantity') AS quantity
        FROM sent_orders WHERE by_standing_order GROUP BY supplier_id`.execute(check.db);
      expect(sent.rows).toHaveLength(suppliers.length);
      expect(sent.rows.every((row) => Number(row.n) === 1 && Number(row.quantity) === 7)).toBe(true);
    } finally {
      await check.close();
    }
    restarted.running.child.kill('SIGTERM');
    second.running.child.kill('SIGTERM');
    await Promise.all([restarted.running.exited, second.running.exited]);
  });
});
