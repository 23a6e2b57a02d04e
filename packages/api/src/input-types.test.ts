import { createTRPCClient, httpLink } from '@trpc/client';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type AppRouter, appRouter, type RouterInputs } from './root.ts';

/**
 * The input types tRPC infers for every procedure are real types (docs/decisions.md
 * §7): numbers for ids and quantities, strings for texts, never `unknown`.
 * These are checked by the type-check (`tsc`), which fails the build.
 */

/** True when T accepts anything: `unknown` (or `any`). */
type Anything<T> = unknown extends T ? true : false;
/** An input that may be left out (`suppliers.list.query()`), as the object it is when given. */
type Given<T> = Extract<T, object>;
/** The input fields of every procedure that accept anything, as "domain.procedure.field". */
type LooseFields = {
  [D in keyof RouterInputs]: {
    [P in keyof RouterInputs[D]]: Given<RouterInputs[D][P]> extends object
      ? {
          [F in keyof Given<RouterInputs[D][P]>]-?: Anything<Given<RouterInputs[D][P]>[F]> extends true
            ? `${D & string}.${P & string}.${F & string}`
            : never;
        }[keyof Given<RouterInputs[D][P]>]
      : Anything<RouterInputs[D][P]> extends true
        ? `${D & string}.${P & string}`
        : never;
  }[keyof RouterInputs[D]];
}[keyof RouterInputs];

describe('procedure input types', () => {
  it('have no field typed `unknown`', () => {
    expectTypeOf<LooseFields>().toEqualTypeOf<never>();
  });

  it('type ids and quantities as numbers and texts as strings', () => {
    expectTypeOf<RouterInputs['products']['setQuantity']>().toEqualTypeOf<{ productId: number; orderId: number; quantity: number }>();
    expectTypeOf<RouterInputs['suppliers']['byId']['id']>().toEqualTypeOf<number>();
    expectTypeOf<Given<RouterInputs['products']['list']>['limit']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<RouterInputs['suppliers']['create']['contactName']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<RouterInputs['orders']['update']['introduce']>().toEqualTypeOf<string | null>();
    expectTypeOf<Given<RouterInputs['users']['updateMe']>['password']>().toEqualTypeOf<string | null | undefined>();
  });

  it('refuse what the integrator tried at compile time', () => {
    const api = createTRPCClient<AppRouter>({ links: [httpLink({ url: 'http://127.0.0.1:9/api/trpc' })] });
    // Never called: the lines below only have to fail to type-check.
    const never = () => {
      // @ts-expect-error an id is a number, not "seven"
      void api.products.setQuantity.mutate({ productId: 'seven', orderId: 1, quantity: 1 });
      // @ts-expect-error a quantity is a number, not an object
      void api.products.setQuantity.mutate({ productId: 1, orderId: 1, quantity: { lots: true } });
      // @ts-expect-error orderId cannot be null
      void api.products.setQuantity.mutate({ productId: 1, orderId: null, quantity: 1 });
      // @ts-expect-error a note is text
      void api.suppliers.create.mutate({ name: 'A', messageService: 'other', note: 42 });
    };
    expectTypeOf(never).toBeFunction();
  });
});

describe('inputs that may be empty (issue 33)', () => {
  it('may be left out altogether wherever `{}` would do: `suppliers.list.query()`', () => {
    const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { inputs?: unknown[] } }>);
    const mustSendEmpty = procedures
      .filter(([, procedure]) => {
        const input = procedure._def.inputs?.[0] as { safeParse(value: unknown): { success: boolean } } | undefined;
        return input?.safeParse({}).success === true && !input.safeParse(undefined).success;
      })
      .map(([name]) => name);
    expect(mustSendEmpty).toEqual([]);
    expectTypeOf<undefined>().toExtend<RouterInputs['suppliers']['list']>();
    expectTypeOf<Given<RouterInputs['suppliers']['list']>>().toEqualTypeOf<{
      q?: string | undefined;
      sort?: 'name' | 'orderBy' | undefined;
    }>();
  });
});
