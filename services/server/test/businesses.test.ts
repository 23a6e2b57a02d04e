import { expectFailure, expectOk, useTestServer } from '@reorder/testing';
import { describe, expect, it } from 'vitest';

/**
 * docs/decisions.md §8.2: data belongs to a business; registration makes one
 * the user owns; `X-Business-Id` picks the business a call acts in (without
 * it, the first one joined), and a business the caller is not in answers 404
 * like another business's ids.
 */

const t = useTestServer();

const inBusiness = (id: number | string) => ({ 'x-business-id': String(id) });

describe('a new account', () => {
  it('owns one business, named as registered, in euros', async () => {
    const owner = await t.api.register({ businessName: 'Café Luna' });
    const res = await t.api.get('/api/businesses', owner.token);
    expectOk(res, [{ id: expect.any(Number), name: 'Café Luna', role: 'owner', currency: 'EUR', taxId: '', defaultTaxRate: 0 }]);
    const active = await t.api.get('/api/business', owner.token);
    expectOk(active, res.body.data[0]);
  });
});

describe('a second business', () => {
  it('is owned by its maker, starts empty, and X-Business-Id switches between them', async () => {
    const owner = await t.api.register({ businessName: 'Café Luna' });
    const first = (await t.api.get('/api/businesses', owner.token)).body.data[0];
    await t.api.createSupplier(owner.token, { name: 'Frutas Pepe' });

    const created = await t.api.post('/api/businesses', { name: 'Café Sol' }, owner.token);
    expectOk(created, { id: expect.any(Number), name: 'Café Sol', role: 'owner', currency: 'EUR', taxId: '', defaultTaxRate: 0 });
    const second = created.body.data;
    expect(second.id).not.toBe(first.id);

    // The second starts empty; what is made in it stays in it.
    const empty = await t.api.request('GET', '/api/suppliers', { token: owner.token, headers: inBusiness(second.id) });
    expectOk(empty, []);
    const made = await t.api.request('POST', '/api/suppliers', {
      token: owner.token,
      headers: inBusiness(second.id),
      body: { name: 'Lácteos Sol', messageService: 'other', contactInfo: '' },
    });
    expect(made.status, made.text).toBe(200);
    const inFirst = await t.api.get('/api/suppliers', owner.token);
    expect(inFirst.body.data.map((s: { name: string }) => s.name)).toEqual(['Frutas Pepe']);
    const inSecond = await t.api.request('GET', '/api/suppliers', { token: owner.token, headers: inBusiness(second.id) });
    expect(inSecond.body.data.map((s: { name: string }) => s.name)).toEqual(['Lácteos Sol']);
    // The second's supplier is not found from the first.
    expectFailure(await t.api.get(`/api/suppliers/${made.body.data.id}`, owner.token), 404, 'NOT_FOUND');

    // Both listed, first joined first; /business and /users/me follow the header.
    expectOk(await t.api.get('/api/businesses', owner.token), [first, second]);
    expectOk(await t.api.request('GET', '/api/business', { token: owner.token, headers: inBusiness(second.id) }), second);
    const me = await t.api.request('GET', '/api/users/me', { token: owner.token, headers: inBusiness(second.id) });
    expect(me.body.data.businessName).toBe('Café Sol');
    expect((await t.api.get('/api/users/me', owner.token)).body.data.businessName).toBe('Café Luna');
  });

  it('answers 404 for a business the caller is not in, or a malformed id, and changes nothing', async () => {
    const owner = await t.api.register();
    const stranger = await t.api.register();
    const theirs = (await t.api.get('/api/businesses', stranger.token)).body.data[0];
    for (const header of [theirs.id, 2_000_000_000, 'abc', '-1', '1.5']) {
      const res = await t.api.request('GET', '/api/suppliers', { token: owner.token, headers: inBusiness(header) });
      expectFailure(res, 404, 'NOT_FOUND');
      const write = await t.api.request('POST', '/api/suppliers', {
        token: owner.token,
        headers: inBusiness(header),
        body: { name: 'Intruso', messageService: 'other', contactInfo: '' },
      });
      expectFailure(write, 404, 'NOT_FOUND');
    }
    expectOk(await t.api.get('/api/suppliers', stranger.token), []);
  });
});

describe('the active business', () => {
  it('is renamed and given a currency by its owner; a bad currency is refused and changes nothing', async () => {
    const owner = await t.api.register({ businessName: 'Café Luna' });
    const res = await t.api.put('/api/business', { name: 'Café Luna Nueva', currency: 'usd' }, owner.token);
    expectOk(res, { id: expect.any(Number), name: 'Café Luna Nueva', role: 'owner', currency: 'USD', taxId: '', defaultTaxRate: 0 });
    const bad = await t.api.put('/api/business', { name: 'Otra', currency: 'EURO' }, owner.token);
    expectFailure(bad, 400, 'BAD_REQUEST', ['currency']);
    expectOk(await t.api.get('/api/business', owner.token), res.body.data);
    expect((await t.api.get('/api/users/me', owner.token)).body.data.businessName).toBe('Café Luna Nueva');
  });

  it("is renamed through the profile's businessName too, as round-1 scripts do", async () => {
    const owner = await t.api.register({ businessName: 'Café Luna' });
    const res = await t.api.put('/api/users/me', { businessName: 'Bar Luna' }, owner.token);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.businessName).toBe('Bar Luna');
    expect((await t.api.get('/api/businesses', owner.token)).body.data[0].name).toBe('Bar Luna');
  });
});

describe('an API token', () => {
  it('acts in the business it was made in, whatever business it is sent with', async () => {
    const owner = await t.api.register({ businessName: 'Café Luna' });
    await t.confirmEmail(owner.email, owner.token);
    await t.api.createSupplier(owner.token, { name: 'Frutas Pepe' });
    const second = (await t.api.post('/api/businesses', { name: 'Café Sol' }, owner.token)).body.data;
    const made = await t.api.request('POST', '/api/auth/tokens', {
      token: owner.token,
      headers: inBusiness(second.id),
      body: { name: 'Sol script' },
    });
    expect(made.status, made.text).toBe(200);
    const token = made.body.data.token as string;

    expectOk(await t.api.get('/api/suppliers', token), []);
    expectOk(await t.api.get('/api/business', token), second);
    const first = (await t.api.get('/api/businesses', owner.token)).body.data[0];
    expectFailure(await t.api.request('GET', '/api/suppliers', { token, headers: inBusiness(first.id) }), 404, 'NOT_FOUND');
  });
});
