import { generateVapidKeys } from '@reorder/api';
import { connectDatabase } from '@reorder/db';
import { cleanUp, createTestDatabase, startServerProcess, startSmtpServer, TEST_JWT_SECRET, until } from '@reorder/testing';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Exactly one reminder per supplier and cut-off (docs/decisions.md §6.3), with
 * real server processes (`src/main.ts`) on one PostgreSQL database, each
 * running the reminder schedule every 200 ms. The first process is killed
 * while it is in the middle of delivering (the SMTP server holds its message
 * unanswered); a restarted process and a second one take over once the
 * claim's lease (2 s) ends, and every reminder arrives once, the interrupted
 * one included.
 */

const database = await createTestDatabase();
// A slow SMTP server (150 ms a message), so the two survivors' rounds overlap.
const smtp = await startSmtpServer({ stall: { count: 1, match: (mail) => mail.subject.startsWith('Order from') }, answerDelayMs: 150 });
afterAll(async () => {
  cleanUp();
  await smtp.close();
  await database.drop();
});

const vapid = generateVapidKeys();
const sharedEnv = {
  DATABASE_URL: database.url as string,
  PUBLIC_URL: 'http://app.test',
  JWT_SECRET: TEST_JWT_SECRET,
  SMTP_URL: smtp.url,
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  REMINDER_INTERVAL_MS: '200',
  REMINDER_LEASE_MS: '2000',
};
const startProcess = () => startServerProcess(sharedEnv, 60_000);

describe.runIf(database.url)('reminders with several server processes', () => {
  it('go out exactly once each, though a process dies mid-delivery and another restarts', { timeout: 120_000 }, async () => {
    const first = await startProcess();
    // Cut-offs ten minutes from now (same-day delivery, UTC) and reminders 15 minutes before: due at once.
    const cutoff = new Date(Math.floor((Date.now() + 10 * 60_000) / 60_000) * 60_000);
    const schedule = {
      deliveryDays: [((cutoff.getUTCDay() + 6) % 7) + 1],
      cutoffTime: cutoff.toISOString().slice(11, 16),
      leadDays: 0,
    };
    const names: string[] = [];
    for (let owner = 0; owner < 3; owner++) {
      const { token } = await first.api.register({ timeZone: 'UTC' });
      expect((await first.api.put('/api/users/me', { reminderMinutes: 15 }, token)).status).toBe(200);
      for (let s = 0; s < 4; s++) {
        const name = `Supplier ${owner}-${s}`;
        names.push(name);
        await first.api.createSupplier(token, { name, ...schedule });
      }
    }

    // The first process claims the due reminders and hangs on its first delivery: kill it there.
    await until(() => smtp.stalled.length === 1, 20_000, 'the first reminder to reach the SMTP server');
    first.running.child.kill('SIGKILL');
    await first.running.exited;
    const interrupted = smtp.stalled[0]?.subject;

    // A restart of it and a second process share the work once the claim's lease has ended.
    const [restarted, second] = await Promise.all([startProcess(), startProcess()]);
    const reminders = () => smtp.messages.filter((m) => m.subject.startsWith('Order from'));
    await until(() => reminders().length >= names.length, 30_000, `${names.length} reminders`);
    // Several more rounds on both processes: nothing is sent twice.
    await new Promise((r) => setTimeout(r, 3000));

    const subjects = reminders().map((m) => m.subject);
    expect(subjects).toHaveLength(names.length);
    expect(new Set(subjects).size).toBe(names.length);
    expect(subjects).toContain(interrupted);
    const check = await connectDatabase({ databaseUrl: database.url });
    try {
      const rows = await check.db.selectFrom('reminders').select(['outcome', 'attempts', 'done_at']).execute();
      expect(rows).toHaveLength(names.length);
      expect(rows.every((row) => row.outcome === 'sent' && row.done_at !== null)).toBe(true);
      // The interrupted one (at least) was claimed twice: by the killed process, then by a survivor.
      expect(Math.max(...rows.map((row) => Number(row.attempts)))).toBeGreaterThanOrEqual(2);
    } finally {
      await check.close();
    }
    restarted.running.child.kill('SIGTERM');
    second.running.child.kill('SIGTERM');
    await Promise.all([restarted.running.exited, second.running.exited]);
  });
});
