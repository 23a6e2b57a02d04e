import type { AppRouter } from '@reorder/api';
import {
  type ApiResponse,
  DEFAULT_USER_SETTINGS,
  expectFailure,
  expectFieldError,
  expectOk,
  SUPPLIER_DEFAULTS,
  useTestServer,
} from '@reorder/testing';
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';

/**
 * When to order (docs/decisions.md §6.2): delivery days, cut-off time and lead
 * days on suppliers, the computed next delivery and cut-off, the owner's time
 * zone and reminder settings, and the list sorted by cut-off; REST and tRPC.
 * Time is the server's injectable clock, never a real wait.
 */

const t = useTestServer();

/** Freezes the server's clock at an ISO moment. */
const freeze = (iso: string) => {
  const ms = Date.parse(iso);
  t.server.deps.clock = () => ms;
};

const client = (token: string) =>
  createTRPCClient<AppRouter>({ links: [httpLink({ url: `${t.url}/api/trpc`, headers: { authorization: `Bearer ${token}` } })] });

describe('supplier schedule fields', () => {
  it('default to no schedule, are set on create, kept when an update leaves them out, and cleared', async () => {
    const { token } = await t.api.register({ timeZone: 'Europe/Madrid' });
    freeze('2026-11-25T09:00:00Z'); // Wednesday, 10:00 in Madrid
    const plain = await t.api.createSupplier(token);
    expect(plain).toMatchObject(SUPPLIER_DEFAULTS);
    const created = await t.api.post(
      '/api/suppliers',
      { name: 'Verduras Núñez', messageService: 'other', deliveryDays: [5, 2], cutoffTime: '14:00', leadDays: 1 },
      token,
    );
    expectOk(created, {
      id: expect.any(Number),
      name: 'Verduras Núñez',
      contactName: '',
      messageService: 'other',
      contactInfo: '',
      note: '',
      orderId: expect.any(Number),
      deliveryDays: [2, 5],
      cutoffTime: '14:00',
      leadDays: 1,
      nextDelivery: '2026-11-27',
      orderBy: '2026-11-26T14:00:00+01:00',
      askConfirmation: true,
      minimumOrder: null,
      showPrices: false,
      taxId: '',
    });
    const id = created.body.data.id;
    const kept = await t.api.put(`/api/suppliers/${id}`, { name: 'Verduras Núñez SL', messageService: 'other' }, token);
    expect(kept.body.data).toMatchObject({ name: 'Verduras Núñez SL', deliveryDays: [2, 5], cutoffTime: '14:00', leadDays: 1 });
    const noCutoff = await t.api.put(`/api/suppliers/${id}`, { name: 'V', messageService: 'other', cutoffTime: null, leadDays: 0 }, token);
    expect(noCutoff.body.data).toMatchObject({
      deliveryDays: [2, 5],
      cutoffTime: null,
      leadDays: 0,
      nextDelivery: '2026-11-27',
      orderBy: null,
    });
    const cleared = await t.api.put(`/api/suppliers/${id}`, { name: 'V', messageService: 'other', deliveryDays: [] }, token);
    expect(cleared.body.data).toMatchObject({ deliveryDays: [], nextDelivery: null, orderBy: null });
    expectOk(await t.api.get(`/api/suppliers/${id}`, token), cleared.body.data);
  });

  it('take every weekday, lead days 0 to 7 and times 00:00 to 23:59, and refuse past the edges naming the field', async () => {
    const { token } = await t.api.register();
    const ok = await t.api.post(
      '/api/suppliers',
      { name: 'All week', messageService: 'other', deliveryDays: [7, 6, 5, 4, 3, 2, 1], cutoffTime: '00:00', leadDays: 7 },
      token,
    );
    expect(ok.body.data).toMatchObject({ deliveryDays: [1, 2, 3, 4, 5, 6, 7], cutoffTime: '00:00', leadDays: 7 });
    const id = ok.body.data.id;
    expect(
      (await t.api.put(`/api/suppliers/${id}`, { name: 'x', messageService: 'other', cutoffTime: '23:59', leadDays: 0 }, token)).body.data,
    ).toMatchObject({ cutoffTime: '23:59', leadDays: 0 });
    const bad: [string, unknown][] = [
      ['deliveryDays', [0]],
      ['deliveryDays', [8]],
      ['deliveryDays', [1.5]],
      ['deliveryDays', [1, 1]],
      ['deliveryDays', ['1']],
      ['deliveryDays', 3],
      ['deliveryDays', null],
      ['cutoffTime', '24:00'],
      ['cutoffTime', '9:00'],
      ['cutoffTime', '14:60'],
      ['cutoffTime', '14:00:00'],
      ['cutoffTime', ''],
      ['cutoffTime', 1400],
      ['leadDays', -1],
      ['leadDays', 8],
      ['leadDays', 1.5],
      ['leadDays', null],
    ];
    // A bad weekday is named by its place in the list ("deliveryDays.0"), the others by the field.
    const expectRefused = (res: ApiResponse, field: string) => {
      expectFailure(res, 400, 'BAD_REQUEST');
      for (const issue of res.body.error.issues) expect(issue.path).toMatch(new RegExp(`^${field}(\\.\\d+)?$`));
    };
    for (const [field, value] of bad) {
      expectRefused(await t.api.post('/api/suppliers', { name: 'Bad', messageService: 'other', [field]: value }, token), field);
      expectRefused(await t.api.put(`/api/suppliers/${id}`, { name: 'Bad', messageService: 'other', [field]: value }, token), field);
    }
    // Nothing changed by the refusals.
    expect((await t.api.get(`/api/suppliers/${id}`, token)).body.data).toMatchObject({ name: 'x', cutoffTime: '23:59', leadDays: 0 });
    expect((await t.api.get('/api/suppliers', token)).body.data).toHaveLength(1);
  });

  it("computes the next delivery and its cut-off in the owner's time zone, which the profile changes", async () => {
    const { token } = await t.api.register({ timeZone: 'America/New_York' });
    // Tuesday 24 November 2026, 23:30 UTC: 18:30 on Tuesday in New York, 00:30 on Wednesday in Madrid.
    freeze('2026-11-24T23:30:00Z');
    const s = await t.api.createSupplier(token, { deliveryDays: [2], cutoffTime: '20:00', leadDays: 0 });
    expect(s).toMatchObject({ nextDelivery: '2026-11-24', orderBy: '2026-11-24T20:00:00-05:00' });
    expect((await t.api.put('/api/users/me', { timeZone: 'Europe/Madrid' }, token)).body.data.timeZone).toBe('Europe/Madrid');
    expect((await t.api.get(`/api/suppliers/${s.id}`, token)).body.data).toMatchObject({
      nextDelivery: '2026-12-01',
      orderBy: '2026-12-01T20:00:00+01:00',
    });
  });

  it('moves across a daylight saving change: Europe/Madrid and America/New_York', async () => {
    const madrid = await t.api.register({ timeZone: 'Europe/Madrid' });
    freeze('2027-03-27T11:00:00Z'); // Saturday; clocks go forward on Sunday
    const m = await t.api.createSupplier(madrid.token, { deliveryDays: [1], cutoffTime: '14:00' });
    expect(m).toMatchObject({ nextDelivery: '2027-03-29', orderBy: '2027-03-28T14:00:00+02:00' });
    const ny = await t.api.register({ timeZone: 'America/New_York' });
    freeze('2027-11-06T16:00:00Z'); // Saturday; clocks go back on Sunday
    const n = await t.api.createSupplier(ny.token, { deliveryDays: [1], cutoffTime: '09:00' });
    expect(n).toMatchObject({ nextDelivery: '2027-11-08', orderBy: '2027-11-07T09:00:00-05:00' });
  });

  it("are the owner's own: another owner cannot read or change them", async () => {
    const ana = await t.api.register();
    const ben = await t.api.register();
    const s = await t.api.createSupplier(ana.token, { deliveryDays: [1], cutoffTime: '10:00' });
    expect((await t.api.get(`/api/suppliers/${s.id}`, ben.token)).status).toBe(404);
    expect((await t.api.put(`/api/suppliers/${s.id}`, { name: 'x', messageService: 'other', deliveryDays: [] }, ben.token)).status).toBe(
      404,
    );
    expect((await t.api.get(`/api/suppliers/${s.id}`, ana.token)).body.data.deliveryDays).toEqual([1]);
    expect((await t.api.get('/api/suppliers?sort=orderBy', ben.token)).body.data).toEqual([]);
  });
});

describe('GET /api/suppliers?sort=orderBy', () => {
  it('lists the soonest cut-off first, then deliveries without a cut-off, then suppliers without a schedule; by name otherwise', async () => {
    const { token } = await t.api.register({ timeZone: 'Europe/Madrid' });
    freeze('2026-11-25T15:00:00Z'); // Wednesday, 16:00 in Madrid
    const none = await t.api.createSupplier(token, { name: 'Aceites' });
    const daysOnly = await t.api.createSupplier(token, { name: 'Bodega', deliveryDays: [5] });
    const friday = await t.api.createSupplier(token, { name: 'Carnes', deliveryDays: [6], cutoffTime: '12:00' });
    const missed = await t.api.createSupplier(token, { name: 'Dulces', deliveryDays: [4], cutoffTime: '14:00' });
    const tonight = await t.api.createSupplier(token, { name: 'Embutidos', deliveryDays: [4], cutoffTime: '22:00' });
    const sameAsFriday = await t.api.createSupplier(token, { name: 'Frutas', deliveryDays: [6], cutoffTime: '12:00' });
    const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((s) => s.id);
    const byCutoff = await t.api.get('/api/suppliers?sort=orderBy', token);
    expect(byCutoff.status).toBe(200);
    expect(ids(byCutoff)).toEqual([missed.id, tonight.id, friday.id, sameAsFriday.id, daysOnly.id, none.id]);
    expect(byCutoff.body.data[0]).toMatchObject({ nextDelivery: '2026-11-26', orderBy: '2026-11-25T14:00:00+01:00' });
    const byName = [none.id, daysOnly.id, friday.id, missed.id, tonight.id, sameAsFriday.id];
    expect(ids(await t.api.get('/api/suppliers', token))).toEqual(byName);
    expect(ids(await t.api.get('/api/suppliers?sort=name', token))).toEqual(byName);
    expect(ids(await t.api.get('/api/suppliers?sort=orderBy&q=d', token))).toEqual([missed.id, tonight.id, daysOnly.id]);
    expectFieldError(await t.api.get('/api/suppliers?sort=cutoff', token), 'sort');
  });

  it('is the same through tRPC', async () => {
    const { token } = await t.api.register({ timeZone: 'Europe/Madrid' });
    freeze('2026-11-25T15:00:00Z');
    const later = await t.api.createSupplier(token, { name: 'A', deliveryDays: [7], cutoffTime: '12:00' });
    const sooner = await t.api.createSupplier(token, { name: 'B', deliveryDays: [5], cutoffTime: '12:00' });
    const api = client(token);
    expect((await api.suppliers.list.query({ sort: 'orderBy' })).map((s) => s.id)).toEqual([sooner.id, later.id]);
    const created = await api.suppliers.create.mutate({
      name: 'C',
      messageService: 'other',
      contactInfo: '',
      deliveryDays: [3],
      cutoffTime: '23:00',
      leadDays: 0,
    });
    expect(created).toMatchObject({ nextDelivery: '2026-11-25', orderBy: '2026-11-25T23:00:00+01:00' });
    const refused = await api.suppliers.update
      .mutate({ id: created.id, name: 'C', messageService: 'other', contactInfo: '', leadDays: 9 })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCClientError);
    expect((refused as TRPCClientError<AppRouter>).data?.httpStatus).toBe(400);
  });
});

describe('the owner time zone and reminder settings', () => {
  it('default to UTC, reminders on, 120 minutes; the browser zone is taken at sign-up, canonical', async () => {
    const plain = await t.api.register();
    expect(plain.user).toMatchObject(DEFAULT_USER_SETTINGS);
    const madrid = await t.api.register({ timeZone: 'europe/madrid' });
    expect(madrid.user.timeZone).toBe('Europe/Madrid');
    for (const timeZone of ['Mars/Olympus', '+01:00', 'UTC+1', '', 'a'.repeat(65), 'Europe/../Madrid']) {
      const body = {
        businessName: 'B',
        fullName: 'F',
        email: `tz${Math.random()}@example.com`,
        password: 'correct horse battery',
        timeZone,
      };
      expectFieldError(await t.api.post('/api/auth/register', body), 'timeZone');
    }
  });

  it('are changed on the profile, within their limits, on REST and tRPC', async () => {
    const { token } = await t.api.register();
    const changed = await t.api.put('/api/users/me', { timeZone: 'America/New_York', reminders: false, reminderMinutes: 15 }, token);
    expect(changed.body.data).toMatchObject({ timeZone: 'America/New_York', reminders: false, reminderMinutes: 15 });
    expect((await t.api.put('/api/users/me', { reminderMinutes: 1440 }, token)).body.data.reminderMinutes).toBe(1440);
    for (const [field, value] of [
      ['reminderMinutes', 14],
      ['reminderMinutes', 1441],
      ['reminderMinutes', 30.5],
      ['reminderMinutes', 'an hour'],
      ['reminders', 'yes'],
      ['timeZone', 'Nowhere/Land'],
    ] as const) {
      expectFieldError(await t.api.put('/api/users/me', { [field]: value }, token), field);
    }
    expectOk(
      await t.api.get('/api/users/me', token),
      expect.objectContaining({ timeZone: 'America/New_York', reminders: false, reminderMinutes: 1440 }),
    );
    const viaTrpc = await client(token).users.updateMe.mutate({ timeZone: 'Asia/Tokyo', reminders: true });
    expect(viaTrpc).toMatchObject({ timeZone: 'Asia/Tokyo', reminders: true, reminderMinutes: 1440 });
  });
});
