import { runReminders } from '@reorder/api';
import {
  type BrowserKeys,
  decryptPush,
  expectFieldError,
  expectOk,
  newBrowserKeys,
  type RegisteredUser,
  usePushService,
  useTestServer,
  verifyVapid,
} from '@reorder/testing';
import { describe, expect, it } from 'vitest';

/**
 * Reminders before a cut-off (docs/decisions.md §6.3) on the wire: delivered
 * by email and Web Push to a local push-service stand-in (encrypted,
 * VAPID-signed, decrypted here as the browser would), a 410 from the push
 * service, and the push subscription endpoints. Time is the server's
 * injectable clock; rounds run when the test calls them. The rules of when a
 * reminder is due and when it is not sent (a send since the previous
 * cut-off, reminders off, a schedule change, a passed cut-off, a team's
 * members) are packages/api/src/reminders/reminders.test.ts's, in-process.
 */

const gone = new Set<string>();
const push = usePushService((path) => (gone.has(path) ? 410 : 201));
const t = useTestServer({ env: { ALLOW_PRIVATE_ENDPOINTS: '1' } });

const MINUTE = 60_000;
/** Runs a reminder round at `at`; what became of the reminders of `supplierIds` (other tests' rounds may claim theirs too). */
const round = async (at: number, ...supplierIds: number[]) => {
  t.server.deps.clock = () => at;
  const outcomes = await runReminders(t.server.deps);
  return outcomes.filter((o) => supplierIds.includes(o.supplierId)).map((o) => o.outcome);
};

/** A schedule whose cut-off is about `hoursAhead` from now (UTC, same-day delivery), and when its reminder is due. */
function scheduleAhead(hoursAhead: number, reminderMinutes = 120) {
  const cutoff = Math.floor((Date.now() + hoursAhead * 3600_000) / MINUTE) * MINUTE;
  const day = new Date(cutoff);
  const weekday = ((day.getUTCDay() + 6) % 7) + 1;
  const hhmm = day.toISOString().slice(11, 16);
  const due = cutoff - reminderMinutes * MINUTE;
  const weekdayName = (locale: string) => new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(day);
  const sameDay = new Date(due).toISOString().slice(0, 10) === day.toISOString().slice(0, 10);
  return {
    fields: { deliveryDays: [weekday], cutoffTime: hhmm, leadDays: 0 },
    cutoff,
    due,
    hhmm,
    weekday: weekdayName,
    /** The cut-off as the reminder sent at `due` words it: the time alone when it is the same day. */
    when: (locale: 'en' | 'es') =>
      locale === 'en'
        ? sameDay
          ? hhmm
          : `${weekdayName('en')} ${hhmm}`
        : sameDay
          ? `a las ${hhmm}`
          : `el ${weekdayName('es')} a las ${hhmm}`,
  };
}

/** The owners whose address a test has proven already. */
const verified = new Set<number>();

/** Subscribes a browser of `owner`, whose address is proven first (only a proven address subscribes, docs/decisions.md §8.6). */
async function subscribe(owner: RegisteredUser, name: string): Promise<{ keys: BrowserKeys; endpoint: string }> {
  if (!verified.has(owner.user.id)) {
    await t.confirmEmail(owner.email, owner.token);
    verified.add(owner.user.id);
  }
  const keys = newBrowserKeys();
  const endpoint = `${push.origin}/push/${name}`;
  expectOk(await t.api.post('/api/push/subscriptions', { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } }, owner.token), {
    endpoint,
  });
  return { keys, endpoint };
}

const mailsTo = async (email: string) => (await t.outbox()).filter((m) => m.to.includes(email));

describe('a due reminder', () => {
  it('goes out once, at orderBy − reminderMinutes: an email with a link to the order, and a push each browser can decrypt', async () => {
    const owner = await t.api.register({ language: 'en' });
    const phone = await subscribe(owner, `phone-${owner.user.id}`);
    const laptop = await subscribe(owner, `laptop-${owner.user.id}`);
    const when = scheduleAhead(3);
    const supplier = await t.api.createSupplier(owner.token, { name: 'Verduras Núñez', ...when.fields });
    const before = push.deliveries.length;

    expect(await round(when.due - MINUTE, supplier.id)).toEqual([]);
    expect((await mailsTo(owner.email)).filter((m) => m.subject.startsWith('Order from'))).toEqual([]);
    expect(await round(when.due, supplier.id)).toEqual(['sent']);

    const mails = (await mailsTo(owner.email)).filter((m) => m.subject.startsWith('Order from'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Order from Verduras Núñez by ${when.hhmm}`);
    expect(mails[0]?.text).toContain(`Order from Verduras Núñez by ${when.when('en')} for ${when.weekday('en')}'s delivery.`);
    expect(mails[0]?.text).toContain(`http://app.test/orders/${supplier.id}`);

    const mine = push.deliveries.slice(before);
    expect(mine.map((d) => d.path).sort()).toEqual([new URL(laptop.endpoint).pathname, new URL(phone.endpoint).pathname].sort());
    for (const delivery of mine) {
      expect(delivery.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(delivery.headers.ttl)).toBeGreaterThan(0);
      const claims = await verifyVapid(delivery.headers, push.origin);
      expect(claims.sub).toMatch(/^mailto:/);
      expect(claims.publicKey).toBe((await t.api.get('/api/config')).body.data.vapidPublicKey);
      expect(delivery.body.length).toBeLessThan(4096);
      const keys = delivery.path.includes('phone') ? phone.keys : laptop.keys;
      expect(JSON.parse(decryptPush(delivery.body, keys))).toEqual({
        title: 'Verduras Núñez',
        body: `Order by ${when.when('en')} for ${when.weekday('en')}'s delivery`,
        url: `http://app.test/orders/${supplier.id}`,
        tag: `reminder-${supplier.id}`,
      });
    }

    // Later rounds, however many, send nothing more for this cut-off.
    expect(await round(when.due + MINUTE, supplier.id)).toEqual([]);
    expect(await round(when.cutoff - MINUTE, supplier.id)).toEqual([]);
    expect((await mailsTo(owner.email)).filter((m) => m.subject.startsWith('Order from'))).toHaveLength(1);
    expect(push.deliveries.length - before).toBe(2);
  });

  it('drops a browser whose push service says the subscription is gone (410), and still emails', async () => {
    const owner = await t.api.register();
    const old = await subscribe(owner, `old-${owner.user.id}`);
    gone.add(new URL(old.endpoint).pathname);
    const when = scheduleAhead(7);
    const supplier = await t.api.createSupplier(owner.token, { name: 'Gone Browser', ...when.fields });
    expect(await round(when.due, supplier.id)).toEqual(['sent']);
    const rows = await t.server.deps.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', owner.user.id).execute();
    expect(rows).toEqual([]);
    expect((await mailsTo(owner.email)).filter((m) => m.subject.startsWith('Order from'))).toHaveLength(1);
  });
});

describe('"Ready to send"', () => {
  it("pushes to each owner's and manager's browsers, in their language, with a link to the order; not to the one who tapped it", async () => {
    const owner = await t.api.register({ language: 'es', businessName: 'Bar Pino' });
    const ownerPhone = await subscribe(owner, `ready-owner-${owner.user.id}`);
    const invite = async (role: 'manager' | 'staff', fullName: string, language: 'en' | 'es') => {
      const user = await t.joinBusiness(owner, role, { language, fullName });
      verified.add(user.user.id);
      return user;
    };
    const manager = await invite('manager', 'Marco Encargado', 'en');
    const managerPhone = await subscribe(manager, `ready-manager-${manager.user.id}`);
    const staff = await invite('staff', 'Marta Cocina', 'en');
    const staffPhone = await subscribe(staff, `ready-staff-${staff.user.id}`);
    const business = (await t.api.get('/api/businesses', owner.token)).body.data[0].id as number;
    const supplier = await t.api.createSupplier(owner.token, { name: 'Frutas Pino' });
    const before = push.deliveries.length;

    const ready = await t.api.request('POST', `/api/orders/${supplier.orderId}/ready`, {
      token: staff.token,
      headers: { 'x-business-id': String(business) },
      body: {},
    });
    expectOk(ready, { orderId: supplier.orderId, notified: 2 });
    await expect.poll(() => push.deliveries.length - before).toBe(2);
    const mine = push.deliveries.slice(before);
    expect(mine.map((d) => d.path).sort()).toEqual([new URL(ownerPhone.endpoint).pathname, new URL(managerPhone.endpoint).pathname].sort());
    expect(mine.some((d) => d.path === new URL(staffPhone.endpoint).pathname)).toBe(false);
    const url = `http://app.test/orders/${supplier.id}`;
    for (const delivery of mine) {
      const toOwner = delivery.path === new URL(ownerPhone.endpoint).pathname;
      expect(JSON.parse(decryptPush(delivery.body, toOwner ? ownerPhone.keys : managerPhone.keys))).toEqual({
        title: toOwner ? 'Marta Cocina preparó el pedido de Frutas Pino' : 'Marta Cocina prepared the order for Frutas Pino',
        body: 'Bar Pino',
        url,
        tag: `ready-${supplier.orderId}`,
      });
    }
  });
});

describe('POST and DELETE /api/push/subscriptions', () => {
  it('subscribe a browser once (again with new keys), and unsubscribe it; another account cannot (push-subscriptions.test.ts)', async () => {
    const ana = await t.api.register();
    const { endpoint, keys } = await subscribe(ana, `shared-${ana.user.id}`);
    const fresh = newBrowserKeys();
    expectOk(await t.api.post('/api/push/subscriptions', { endpoint, keys: { p256dh: fresh.p256dh, auth: fresh.auth } }, ana.token), {
      endpoint,
    });
    const rows = () =>
      t.server.deps.db.selectFrom('push_subscriptions').select(['user_id', 'p256dh']).where('endpoint', '=', endpoint).execute();
    expect(await rows()).toEqual([{ user_id: ana.user.id, p256dh: fresh.p256dh }]);
    expectOk(await t.api.delete('/api/push/subscriptions', ana.token, { endpoint }), { endpoint });
    expect(await rows()).toEqual([]);
    expect(keys.p256dh).not.toBe(fresh.p256dh);
  });

  it('refuse a bad endpoint or bad keys, naming the field, and need a sign-in', async () => {
    const { token, email } = await t.api.register();
    await t.confirmEmail(email, token);
    const keys = newBrowserKeys();
    // A public address written in the URL: checked, not contacted, and no DNS needed.
    const good = { endpoint: 'https://8.8.8.8/push/abc', keys: { p256dh: keys.p256dh, auth: keys.auth } };
    expectFieldError(await t.api.post('/api/push/subscriptions', { ...good, endpoint: 'ftp://push.example.com/abc' }, token), 'endpoint');
    expectFieldError(await t.api.post('/api/push/subscriptions', { ...good, endpoint: 'not a url' }, token), 'endpoint');
    expectFieldError(
      await t.api.post('/api/push/subscriptions', { ...good, keys: { ...good.keys, p256dh: 'short' } }, token),
      'keys.p256dh',
    );
    expectFieldError(await t.api.post('/api/push/subscriptions', { ...good, keys: { ...good.keys, auth: 'a b' } }, token), 'keys.auth');
    expectFieldError(await t.api.post('/api/push/subscriptions', { endpoint: good.endpoint }, token), 'keys');
    expect((await t.api.post('/api/push/subscriptions', good)).status).toBe(401);
    expectOk(await t.api.post('/api/push/subscriptions', good, token), { endpoint: good.endpoint });
  });
});
