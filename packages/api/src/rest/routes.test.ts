import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appRouter } from '../root.ts';
import { publicProcedure, router } from '../trpc.ts';
import { restRoutes } from './routes.ts';

/**
 * restRoutes reads each procedure's input schema through Zod's own definition
 * (`_zod.def`): which fields are numbers (a path or a query is text, and
 * "12" must reach the procedure as 12) and whether a body is expected. Zod
 * keeps that definition internal, so a Zod upgrade that reshapes it shows
 * here first, not as a 400 for every `/suppliers/12`.
 */
const fields = z.object({
  id: z.number().int(),
  limit: z.number().optional(),
  offset: z.number().default(0),
  price: z.number().nullable(),
  count: z.number().pipe(z.number().min(0)),
  quantity: z.number().transform((n) => n * 2),
  name: z.string(),
  tags: z.array(z.number()),
});

const probe = router({
  byId: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/things/{id}' } })
    .input(fields)
    .query(() => null),
  special: publicProcedure
    .meta({ openapi: { method: 'PUT', path: '/things/special' } })
    .input(z.object({ id: z.number().optional() }).prefault({}))
    .mutation(() => null),
  remove: publicProcedure
    .meta({ openapi: { method: 'DELETE', path: '/things/{id}' } })
    .input(z.object({ id: z.number() }))
    .mutation(() => null),
  internal: publicProcedure.input(z.object({ id: z.number() })).query(() => null),
});

const routes = restRoutes(probe as unknown as typeof appRouter);
const route = (method: string, path: string) => {
  const found = routes.find((r) => r.method === method && r.path === path);
  if (!found) throw new Error(`no route ${method} ${path}`);
  return found;
};

describe('restRoutes', () => {
  it('finds the number fields through optional, default, nullable and pipe wrappers', () => {
    expect([...route('GET', '/things/{id}').numberFields].sort()).toEqual(['count', 'id', 'limit', 'offset', 'price', 'quantity']);
  });

  it('reads the shape through prefault, and tells path parameters from body fields', () => {
    expect(route('PUT', '/things/special').numberFields).toEqual(new Set(['id']));
    expect(route('PUT', '/things/special').bodyFields).toBe(true);
    expect(route('DELETE', '/things/{id}').bodyFields).toBe(false);
    expect(route('GET', '/things/{id}')).toMatchObject({ segments: ['things', '{id}'], params: 1, procedure: 'byId' });
  });

  it('leaves out procedures without a REST path, and puts literal paths first', () => {
    expect(routes.map((r) => r.procedure)).not.toContain('internal');
    expect(routes.findIndex((r) => r.path === '/things/special')).toBeLessThan(routes.findIndex((r) => r.path === '/things/{id}'));
  });

  it('reads the real router: ids are numbers, and PUT /products/quantity comes before PUT /products/{id}', () => {
    const real = restRoutes(appRouter);
    const find = (method: string, path: string) => real.findIndex((r) => r.method === method && r.path === path);
    expect(find('PUT', '/products/quantity')).toBeGreaterThanOrEqual(0);
    expect(find('PUT', '/products/quantity')).toBeLessThan(find('PUT', '/products/{id}'));
    expect(real[find('GET', '/suppliers/{id}')]?.numberFields.has('id')).toBe(true);
    expect(real[find('PUT', '/products/quantity')]?.numberFields).toEqual(new Set(['productId', 'orderId', 'quantity']));
  });
});
