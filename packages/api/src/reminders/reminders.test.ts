import { type Owner, useDomain } from '@reorder/testing';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../mail/mailer.ts';
import type { PushMessage, PushSender, PushTarget } from '../mail/push.ts';
import { runReminders } from './reminders.ts';

/**
 * The rules of reminders (docs/decisions.md §6.3, and §8.2 for a team's
 * members), through the procedures in-process and the reminder round the
 * server runs on an interval (`runReminders`), with time driven by the deps'
 * `clock`: when a reminder is due, what it says in the member's language and
 * time zone, once only, and when it is not sent at all. The cut-offs come
 * from the supplier's schedule (§6.2). Push goes to a PushSender that keeps
 * what it was given (the interface the server's Web Push sender fills).
 * services/server/test/reminders.test.ts keeps the contract: the real email
 * and Web Push on the wire (encrypted, VAPID-signed, a 410 from the push
 * service) and the push subscription endpoints.
 */
const t = useDomain();

const MINUTE = 60_000;
/** The time every call and round sees: the tests move it. */
let now = Date.parse('2027-01-04T08:00:00Z');

/** What the push sender was given, and the endpoints it answers "gone" for. */
const pushed: { endpoint: string; message: PushMessage }[] = [];
const gone = new Set<string>();
const push: PushSender = {
  publicKey: 'test-key',
  async send(target: PushTarget, message: PushMessage) {
    pushed.push({ endpoint: target.endpoint, message });
    return gone.has(target.endpoint) ? 'gone' : 'sent';
  },
};

beforeAll(() => {
  // Callers made from here on (every owner below) read this clock.
  t.domain.deps.clock = () => now;
});

/** Runs a reminder round at `at`: what became of the reminders of `supplierIds` (other tests' reminders may be due too). */
async function round(at: string, supplierIds: number[], deps: Partial<Parameters<typeof runReminders>[0]> = {}, leaseMs?: number) {
  now = Date.parse(at);
  const outcomes = await runReminders({ ...t.domain.deps, push, ...deps }, leaseMs);
  return outcomes.filter((o) => supplierIds.includes(o.supplierId)).map((o) => o.outcome);
}

/** The reminders mailed to `email` (the subject names a supplier), oldest first. */
async function remindersTo(email: string) {
  return (await t.domain.outbox()).filter(
    (m) => m.to.includes(email) && (m.subject.startsWith('Order from') || m.subject.startsWith('Haz el pedido')),
  );
}

/**
 * An owner (UTC unless `timeZone`) with a supplier delivering on Wednesdays,
 * cut-off 14:00 the day before (Tuesday). The clock is set to `at` first.
 */
async function ownerWithSupplier(
  at: string,
  options: { language?: 'en' | 'es'; timeZone?: string; reminderMinutes?: number; name?: string } = {},
) {
  now = Date.parse(at);
  const owner = await t.domain.owner({ language: options.language ?? 'en' });
  if (options.timeZone || options.reminderMinutes) {
    await owner.api.users.updateMe({ timeZone: options.timeZone, reminderMinutes: options.reminderMinutes });
  }
  const supplier = await newSupplier(owner, options.name ?? 'Verduras Núñez');
  return { owner, supplier };
}

const newSupplier = (owner: Owner, name: string, schedule = { deliveryDays: [3], cutoffTime: '14:00', leadDays: 1 }) =>
  owner.api.suppliers.create({ name, contactName: '', messageService: 'other', contactInfo: '', note: '', ...schedule });

/** The reminders table's rows of a supplier: what was planned for whom, and what became of it. */
const rowsOf = async (supplierId: number) =>
  (
    await sql<{ user_id: number; cutoff_at: Date; due_at: Date; outcome: string | null }>`
      SELECT user_id, cutoff_at, due_at, outcome FROM reminders WHERE supplier_id = ${supplierId} ORDER BY id`.execute(t.domain.deps.db)
  ).rows.map((r) => ({ ...r, cutoff_at: new Date(r.cutoff_at).toISOString(), due_at: new Date(r.due_at).toISOString() }));

describe('a reminder', () => {
  it('is due at orderBy − reminderMinutes and goes out once: an email with a link to the order, and a push to each browser', async () => {
    const { owner, supplier } = await ownerWithSupplier('2027-01-04T08:00:00Z');
    // The next cut-off: Tuesday 5 January, 14:00, for Wednesday's delivery; reminded 120 minutes before.
    expect(supplier).toMatchObject({ nextDelivery: '2027-01-06', orderBy: '2027-01-05T14:00:00Z' });
    await t.domain.confirmEmail(owner);
    const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
    for (const device of ['phone', 'laptop']) {
      await owner.api.push.subscribe({ endpoint: `https://8.8.8.8/push/${device}-${owner.user.id}`, keys });
    }

    expect(await round('2027-01-05T11:59:00Z', [supplier.id])).toEqual([]);
    expect(await rowsOf(supplier.id)).toEqual([
      { user_id: owner.user.id, cutoff_at: '2027-01-05T14:00:00.000Z', due_at: '2027-01-05T12:00:00.000Z', outcome: null },
    ]);
    expect(await round('2027-01-05T12:00:00Z', [supplier.id])).toEqual(['sent']);

    const [mail, ...more] = await remindersTo(owner.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Order from Verduras Núñez by 14:00');
    // The cut-off is on the reminder's day: the time alone.
    expect(mail?.text).toContain("Order from Verduras Núñez by 14:00 for Wednesday's delivery.");
    expect(mail?.text).toContain(`http://app.test/orders/${supplier.id}`);
    const mine = pushed.filter((p) => p.endpoint.endsWith(`-${owner.user.id}`));
    expect(mine.map((p) => p.endpoint).sort()).toEqual([
      `https://8.8.8.8/push/laptop-${owner.user.id}`,
      `https://8.8.8.8/push/phone-${owner.user.id}`,
    ]);
    for (const { message } of mine) {
      expect(message).toEqual({
        title: 'Verduras Núñez',
        body: "Order by 14:00 for Wednesday's delivery",
        url: `http://app.test/orders/${supplier.id}`,
        tag: `reminder-${supplier.id}`,
      });
    }

    // Later rounds, however many, send nothing more for this cut-off.
    for (const at of ['2027-01-05T12:00:00Z', '2027-01-05T12:01:00Z', '2027-01-05T13:59:00Z']) {
      expect(await round(at, [supplier.id])).toEqual([]);
    }
    expect(await remindersTo(owner.email)).toHaveLength(1);
    expect(pushed.filter((p) => p.endpoint.endsWith(`-${owner.user.id}`))).toHaveLength(2);
    expect((await rowsOf(supplier.id)).map((r) => r.outcome)).toEqual(['sent']);
  });

  it('names the cut-off day when it is not the day of the reminder, in the owner’s language', async () => {
    // A whole day ahead: reminded on Monday at 14:00 for Tuesday's cut-off.
    const en = await ownerWithSupplier('2027-01-04T08:00:00Z', { reminderMinutes: 1440, name: 'Panadería Sol' });
    const es = await ownerWithSupplier('2027-01-04T08:00:00Z', { reminderMinutes: 1440, language: 'es', name: 'Pescados Ana' });
    expect(await round('2027-01-04T14:00:00Z', [en.supplier.id, es.supplier.id])).toEqual(['sent', 'sent']);
    const [english] = await remindersTo(en.owner.email);
    expect(english?.text).toContain("Order from Panadería Sol by Tuesday 14:00 for Wednesday's delivery.");
    const [spanish] = await remindersTo(es.owner.email);
    expect(spanish?.subject).toBe('Haz el pedido a Pescados Ana antes de las 14:00');
    expect(spanish?.text).toContain('Haz el pedido a Pescados Ana como tarde el martes a las 14:00 para la entrega del miércoles.');
  });

  it("follows the owner's time zone: 14:00 in Madrid is reminded at 12:00 there, 11:00 UTC in winter", async () => {
    const { owner, supplier } = await ownerWithSupplier('2027-01-04T08:00:00Z', { timeZone: 'Europe/Madrid' });
    expect(supplier.orderBy).toBe('2027-01-05T14:00:00+01:00');
    expect(await round('2027-01-05T10:59:00Z', [supplier.id])).toEqual([]);
    expect(await round('2027-01-05T11:00:00Z', [supplier.id])).toEqual(['sent']);
    const [mail] = await remindersTo(owner.email);
    expect(mail?.subject).toBe('Order from Verduras Núñez by 14:00');
    expect(mail?.text).toContain("by 14:00 for Wednesday's delivery.");
  });

  it('is planned once and delivered once, however many rounds run at the same moment', async () => {
    const { owner, supplier } = await ownerWithSupplier('2027-01-04T08:00:00Z');
    now = Date.parse('2027-01-05T12:00:00Z');
    const rounds = await Promise.all([1, 2, 3].map(() => runReminders({ ...t.domain.deps, push })));
    const outcomes = rounds.flat().filter((o) => o.supplierId === supplier.id);
    expect(outcomes.map((o) => o.outcome)).toEqual(['sent']);
    expect(await rowsOf(supplier.id)).toHaveLength(1);
    expect(await remindersTo(owner.email)).toHaveLength(1);
  });

  it('goes out at once when its moment has passed but the cut-off has not (a schedule set an hour before its cut-off)', async () => {
    const { owner, supplier } = await ownerWithSupplier('2027-01-05T13:00:00Z');
    expect(await round('2027-01-05T13:00:00Z', [supplier.id])).toEqual(['sent']);
    expect(await remindersTo(owner.email)).toHaveLength(1);
  });

  it('is closed unsent once its cut-off has passed (a server that was down does not remind late), and the next one is planned', async () => {
    const { owner, supplier } = await ownerWithSupplier('2027-01-04T08:00:00Z');
    expect(await round('2027-01-05T11:00:00Z', [supplier.id])).toEqual([]);
    expect(await round('2027-01-05T14:01:00Z', [supplier.id])).toEqual(['too late']);
    expect(await remindersTo(owner.email)).toEqual([]);
    // The following Tuesday's cut-off is reminded as usual.
    expect((await rowsOf(supplier.id)).map((r) => [r.cutoff_at, r.outcome])).toEqual([
      ['2027-01-05T14:00:00.000Z', 'too late'],
      ['2027-01-12T14:00:00.000Z', null],
    ]);
    expect(await round('2027-01-12T12:00:00Z', [supplier.id])).toEqual(['sent']);
  });
});

describe('a reminder is not sent', () => {
  /** Sends the supplier's order at `at`, a loaf in it. */
  async function sendOrder(owner: Owner, orderId: number, at: string) {
    now = Date.parse(at);
    await owner.api.products.bulk({ orderId, products: [{ name: 'Pan', unit: 'Unit', quantity: 2 }] });
    await owner.api.orders.send({ id: orderId });
  }

  it("when the order went out since the supplier's previous cut-off; a send before that one does not count", async () => {
    // Sent on Monday: after the previous cut-off (Tuesday 29 December), before this one.
    const sent = await ownerWithSupplier('2027-01-04T08:00:00Z');
    await sendOrder(sent.owner, sent.supplier.orderId, '2027-01-04T10:00:00Z');
    // Sent on Tuesday 29 December at 10:00, before that day's 14:00 cut-off: for the previous delivery.
    const earlier = await ownerWithSupplier('2026-12-29T08:00:00Z');
    await sendOrder(earlier.owner, earlier.supplier.orderId, '2026-12-29T10:00:00Z');
    now = Date.parse('2027-01-05T12:00:00Z');
    const outcomes = await runReminders({ ...t.domain.deps, push });
    const of = (supplierId: number) => outcomes.filter((o) => o.supplierId === supplierId).map((o) => o.outcome);
    expect(of(sent.supplier.id)).toEqual(['already sent']);
    expect(of(earlier.supplier.id)).toEqual(['sent']);
    expect(await remindersTo(sent.owner.email)).toEqual([]);
    expect(await remindersTo(earlier.owner.email)).toHaveLength(1);
  });

  it('when reminders are switched off; switched on again, it is planned again', async () => {
    const { owner, supplier } = await ownerWithSupplier('2027-01-04T08:00:00Z');
    expect(await round('2027-01-05T08:00:00Z', [supplier.id])).toEqual([]);
    expect(await rowsOf(supplier.id)).toHaveLength(1);
    await owner.api.users.updateMe({ reminders: false });
    // Switching off forgets the planned one, and none is planned while off.
    expect(await rowsOf(supplier.id)).toEqual([]);
    expect(await round('2027-01-05T12:00:00Z', [supplier.id])).toEqual([]);
    expect(await rowsOf(supplier.id)).toEqual([]);
    await owner.api.users.updateMe({ reminders: true });
    expect(await round('2027-01-05T12:01:00Z', [supplier.id])).toEqual(['sent']);
    expect(await remindersTo(owner.email)).toHaveLength(1);
  });

  it('at the old moment when the minutes, the time zone or the schedule change: it is planned again for the new one', async () => {
    const { owner, supplier } = await ownerWithSupplier('2027-01-04T08:00:00Z');
    const dueAt = async () => (await rowsOf(supplier.id)).map((r) => r.due_at);
    expect(await round('2027-01-05T08:00:00Z', [supplier.id])).toEqual([]);
    expect(await dueAt()).toEqual(['2027-01-05T12:00:00.000Z']);
    await owner.api.users.updateMe({ reminderMinutes: 60 });
    expect(await round('2027-01-05T12:00:00Z', [supplier.id])).toEqual([]);
    expect(await dueAt()).toEqual(['2027-01-05T13:00:00.000Z']);
    // The Canary Islands are on UTC in winter: the same instants, but planned again all the same.
    await owner.api.users.updateMe({ timeZone: 'Atlantic/Canary' });
    expect(await dueAt()).toEqual([]);
    // Deliveries on Thursdays now: the cut-off is Wednesday 14:00.
    await owner.api.suppliers.update({ id: supplier.id, name: supplier.name, messageService: 'other', deliveryDays: [4] });
    expect(await round('2027-01-05T13:00:00Z', [supplier.id])).toEqual([]);
    expect(await rowsOf(supplier.id)).toEqual([
      { user_id: owner.user.id, cutoff_at: '2027-01-06T14:00:00.000Z', due_at: '2027-01-06T13:00:00.000Z', outcome: null },
    ]);
    expect(await round('2027-01-06T13:00:00Z', [supplier.id])).toEqual(['sent']);
    const mails = await remindersTo(owner.email);
    expect(mails.map((m) => /for \w+'s delivery/.exec(m.text)?.[0])).toEqual(["for Thursday's delivery"]);
  });

  it('again for a cut-off already reminded, whatever changes after', async () => {
    const { owner, supplier } = await ownerWithSupplier('2027-01-04T08:00:00Z');
    expect(await round('2027-01-05T12:00:00Z', [supplier.id])).toEqual(['sent']);
    await owner.api.users.updateMe({ reminderMinutes: 30 });
    expect(await round('2027-01-05T13:30:00Z', [supplier.id])).toEqual([]);
    expect(await remindersTo(owner.email)).toHaveLength(1);
  });
});

describe('a delivery that fails', () => {
  it('is tried again once its lease ends, at most 5 times, then closed as failed', async () => {
    const { owner, supplier } = await ownerWithSupplier('2027-01-04T08:00:00Z');
    const failing: Mailer = {
      async send() {
        throw new Error('SMTP server down');
      },
      close() {},
    };
    const lease = 2 * MINUTE;
    const at = (minutes: number) => new Date(Date.parse('2027-01-05T12:00:00Z') + minutes * MINUTE).toISOString();
    expect(await round(at(0), [supplier.id], { mailer: failing }, lease)).toEqual(['failed']);
    // Still claimed: the next rounds within the lease leave it alone.
    expect(await round(at(1), [supplier.id], { mailer: failing }, lease)).toEqual([]);
    for (const minutes of [2, 4, 6, 8]) expect(await round(at(minutes), [supplier.id], { mailer: failing }, lease)).toEqual(['failed']);
    expect((await rowsOf(supplier.id)).map((r) => r.outcome)).toEqual(['failed']);
    // Closed: the mail server is back, but the reminder is not tried a sixth time.
    expect(await round(at(10), [supplier.id], {}, lease)).toEqual([]);
    expect(await remindersTo(owner.email)).toEqual([]);
    const { id } = await t.domain.deps.db
      .selectFrom('reminders')
      .select('id')
      .where('supplier_id', '=', supplier.id)
      .executeTakeFirstOrThrow();
    const failures = t.domain.logs.filter((line) => line.includes('reminder failed') && line.includes(`"reminderId":${id},`));
    expect(failures).toHaveLength(5);
  });

  it('to a browser the push service says is gone removes that browser, and the email still goes', async () => {
    const { owner, supplier } = await ownerWithSupplier('2027-01-04T08:00:00Z');
    await t.domain.confirmEmail(owner);
    const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
    const old = `https://8.8.8.8/push/old-${owner.user.id}`;
    const kept = `https://8.8.8.8/push/kept-${owner.user.id}`;
    for (const endpoint of [old, kept]) await owner.api.push.subscribe({ endpoint, keys });
    gone.add(old);
    expect(await round('2027-01-05T12:00:00Z', [supplier.id])).toEqual(['sent']);
    const left = await t.domain.deps.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', owner.user.id).execute();
    expect(left).toEqual([{ endpoint: kept }]);
    expect(await remindersTo(owner.email)).toHaveLength(1);
  });
});

describe("a team's reminders", () => {
  it('go to every member who has them on, each in their language and time zone; not to one who turned them off or left', async () => {
    now = Date.parse('2027-01-04T08:00:00Z');
    const owner = await t.domain.owner({ language: 'en' });
    const manager = await t.domain.joiner(owner, 'manager', { language: 'es' });
    await manager.api.users.updateMe({ timeZone: 'America/New_York' });
    const staff = await t.domain.joiner(owner, 'staff', { language: 'en' });
    const quiet = await t.domain.joiner(owner, 'staff');
    await quiet.api.users.updateMe({ reminders: false });
    const leaving = await t.domain.joiner(owner, 'staff');
    const supplier = await newSupplier(owner, 'Panadería Sol');

    // Planned for each member who wants them, at 14:00 in each one's time zone.
    expect(await round('2027-01-05T08:00:00Z', [supplier.id])).toEqual([]);
    const planned = await rowsOf(supplier.id);
    expect(planned.map((r) => [r.user_id, r.cutoff_at]).sort()).toEqual(
      [
        [owner.user.id, '2027-01-05T14:00:00.000Z'],
        [manager.user.id, '2027-01-05T19:00:00.000Z'],
        [staff.user.id, '2027-01-05T14:00:00.000Z'],
        [leaving.user.id, '2027-01-05T14:00:00.000Z'],
      ].sort(),
    );
    // One leaves before it is due.
    await leaving.api.businesses.removeMember({ userId: leaving.user.id });
    expect((await round('2027-01-05T12:00:00Z', [supplier.id])).sort()).toEqual(['not a member', 'sent', 'sent']);
    expect(await round('2027-01-05T17:00:00Z', [supplier.id])).toEqual(['sent']);

    const subjects = async (user: Owner) => (await remindersTo(user.email)).map((m) => m.subject);
    expect(await subjects(owner)).toEqual(['Order from Panadería Sol by 14:00']);
    expect(await subjects(staff)).toEqual(['Order from Panadería Sol by 14:00']);
    expect(await subjects(manager)).toEqual(['Haz el pedido a Panadería Sol antes de las 14:00']);
    expect(await subjects(quiet)).toEqual([]);
    expect(await subjects(leaving)).toEqual([]);
    // Later rounds send nothing more to anyone.
    expect(await round('2027-01-05T17:01:00Z', [supplier.id])).toEqual([]);
  });
});
