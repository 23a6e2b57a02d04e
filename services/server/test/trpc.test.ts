import type { AppRouter } from '@reorder/api';
import { NEW_LINE, NEW_PRODUCT, useTestServer } from '@reorder/testing';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';

/**
 * The typed client of the web app: the same procedures as the REST surface,
 * called through tRPC at /api/trpc.
 */

const t = useTestServer();

function clientWith(token: string | undefined) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${t.url}/api/trpc`,
        headers: () => (token ? { authorization: `Bearer ${token}` } : {}),
      }),
    ],
  });
}

/** The error a call rejects with; fails the test when it resolves. */
async function rejectionOf(promise: Promise<unknown>): Promise<TRPCClientError<AppRouter>> {
  let value: unknown;
  try {
    value = await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(TRPCClientError);
    return error as TRPCClientError<AppRouter>;
  }
  throw new Error(`expected the call to fail, but it answered ${JSON.stringify(value)}`);
}

/** No stack (or file path) anywhere in what the server sent about an error. */
function expectNoStack(error: TRPCClientError<AppRouter>) {
  const sent = JSON.stringify({ shape: error.shape, data: error.data, message: error.message });
  expect(sent).not.toMatch(/"stack"/);
  expect(sent).not.toContain('    at ');
  expect(sent).not.toMatch(/\.ts:\d+|node_modules|\/work\//);
  expect((error.data as Record<string, unknown> | undefined)?.stack).toBeUndefined();
}

describe('the typed tRPC client', () => {
  it('registers, creates a supplier and a product, sets a quantity and reads the order text', async () => {
    const anonymous = clientWith(undefined);
    const email = `typed.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const session = await anonymous.auth.register.mutate({
      businessName: 'Tapas Tipadas',
      fullName: 'Teresa Tipo',
      email,
      password: 'a long enough password',
    });
    expect(session.token).toEqual(expect.any(String));
    expect(session.user).toMatchObject({ email, businessName: 'Tapas Tipadas', fullName: 'Teresa Tipo', language: 'en' });
    expect(session.user.username).toBe(email.split('@')[0]);

    const api = clientWith(session.token);
    const supplier = await api.suppliers.create.mutate({
      name: 'Huerta Tipada',
      contactName: 'Tomás',
      messageService: 'whatsapp',
      contactInfo: '+34 611 222 333',
      note: '',
    });
    expect(supplier).toMatchObject({
      id: expect.any(Number),
      orderId: expect.any(Number),
      name: 'Huerta Tipada',
      messageService: 'whatsapp',
    });

    const list = await api.suppliers.list.query({});
    expect(list).toEqual([supplier]);

    const tomatoes = await api.products.create.mutate({ name: 'Tomatoes', unit: 'Kg', orderId: supplier.orderId });
    const garlic = await api.products.create.mutate({ name: 'Garlic', unit: 'Head', orderId: supplier.orderId });
    expect(tomatoes).toEqual({
      id: expect.any(Number),
      name: 'Tomatoes',
      unit: 'Kg',
      orderId: supplier.orderId,
      quantity: 0,
      ...NEW_PRODUCT,
    });

    const line = await api.products.setQuantity.mutate({ productId: tomatoes.id, orderId: supplier.orderId, quantity: 2.5 });
    expect(line).toEqual({ productId: tomatoes.id, orderId: supplier.orderId, quantity: 2.5 });
    await api.products.setQuantity.mutate({ productId: garlic.id, orderId: supplier.orderId, quantity: 3 });
    await api.orders.update.mutate({ id: supplier.orderId, introduce: 'Hola Tomás, para mañana:' });

    const order = await api.orders.bySupplier.query({ supplierId: supplier.id });
    expect(order.id).toBe(supplier.orderId);
    expect(order.supplierId).toBe(supplier.id);
    expect(order.products).toEqual([
      { productId: garlic.id, name: 'Garlic', unit: 'Head', quantity: 3, ...NEW_LINE },
      { productId: tomatoes.id, name: 'Tomatoes', unit: 'Kg', quantity: 2.5, ...NEW_LINE },
    ]);
    expect(order.text).toBe('Hola Tomás, para mañana:\n3 x Head: Garlic\n2.5 x Kg: Tomatoes');

    // Batched calls work too (httpBatchLink puts these in one request).
    const [products, again] = await Promise.all([
      api.products.list.query({ orderId: supplier.orderId }),
      api.suppliers.byId.query({ id: supplier.id }),
    ]);
    expect(products.map((p) => [p.name, p.quantity])).toEqual([
      ['Garlic', 3],
      ['Tomatoes', 2.5],
    ]);
    expect(again).toEqual(supplier);
  });

  it('reports a validation error as BAD_REQUEST with httpStatus 400 and the field in issues', async () => {
    const { token } = await t.api.register();
    const api = clientWith(token);
    const error = await rejectionOf(
      api.suppliers.create.mutate({ name: '', contactName: '', messageService: 'other', contactInfo: '', note: '' }),
    );
    expect(error.data?.kind).toBe('BAD_REQUEST');
    expect(error.data?.httpStatus).toBe(400);
    expect(error.data?.code).toBe('BAD_REQUEST');
    expect(error.data?.issues).toEqual([{ path: 'name', message: expect.any(String) }]);
    expect(error.data?.issues[0]?.message).toMatch(/name/i);
    expect(error.message).toBe(error.data?.issues[0]?.message);
    expectNoStack(error);

    const quantity = await rejectionOf(api.products.setQuantity.mutate({ productId: 1, orderId: 1, quantity: 1.2345 }));
    expect(quantity.data?.kind).toBe('BAD_REQUEST');
    expect(quantity.data?.httpStatus).toBe(400);
    expect(quantity.data?.issues.map((i) => i.path)).toEqual(['quantity']);
    expectNoStack(quantity);
  });

  it('reports a call without a token as UNAUTHORIZED (401)', async () => {
    const anonymous = clientWith(undefined);
    const error = await rejectionOf(anonymous.suppliers.list.query({}));
    expect(error.data?.kind).toBe('UNAUTHORIZED');
    expect(error.data?.httpStatus).toBe(401);
    expect(error.data?.issues).toEqual([]);
    expect(error.message).toEqual(expect.any(String));
    expectNoStack(error);

    const forged = await rejectionOf(clientWith('not.a.token').suppliers.list.query({}));
    expect(forged.data?.kind).toBe('UNAUTHORIZED');
    expect(forged.data?.httpStatus).toBe(401);
    expectNoStack(forged);
  });

  it("reports another user's id as NOT_FOUND (404)", async () => {
    const owner = await t.api.register();
    const supplier = await t.api.createSupplier(owner.token);
    const other = await t.api.register();
    const error = await rejectionOf(clientWith(other.token).orders.bySupplier.query({ supplierId: supplier.id }));
    expect(error.data?.kind).toBe('NOT_FOUND');
    expect(error.data?.httpStatus).toBe(404);
    expectNoStack(error);
  });

  it('sends no stack in the raw error shapes either', async () => {
    const res = await fetch(`${t.url}/api/trpc/suppliers.list`);
    expect(res.status).toBe(401);
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body.error.data.kind).toBe('UNAUTHORIZED');
    expect(text).not.toMatch(/"stack"/);
    expect(text).not.toContain('    at ');

    const bad = await fetch(`${t.url}/api/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(bad.status).toBe(400);
    const badText = await bad.text();
    // tRPC reads its own body, so unparsable JSON gets a tRPC error shape (not the REST envelope).
    const badBody = JSON.parse(badText);
    expect(badBody.error.data.kind).toBe('BAD_REQUEST');
    expect(badBody.error.message).toBe('The request body is not a valid JSON object');
    expect(badText).not.toMatch(/"stack"/);
    expect(badText).not.toContain('    at ');
  });
});
