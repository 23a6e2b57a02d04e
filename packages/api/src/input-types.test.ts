import { createTRPCClient, httpLink } from '@trpc/client';
import { describe, expectTypeOf, it } from 'vitest';
import type { AppRouter, RouterInputs } from './root.ts';

/**
 * The input types tRPC infers for every procedure are real types (docs/decisions.md
 * §7): numbers for ids and quantities, strings for texts, never `unknown`.
 * These are checked by the type-check (`tsc`), which fails the build.
 */

/** True when T accepts anything: `unknown` (or `any`). */
type Anything<T> = unknown extends T ? true : false;
/** The input fields of every procedure that accept anything, as "domain.procedure.field". */
type LooseFields = {
  [D in keyof RouterInputs]: {
    [P in keyof RouterInputs[D]]: RouterInputs[D][P] extends object
      ? {
          [F in keyof RouterInputs[D][P]]-?: Anything<RouterInputs[D][P][F]> extends true
            ? `${D & string}.${P & string}.${F & string}`
            : never;
        }[keyof RouterInputs[D][P]]
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
    expectTypeOf<RouterInputs['products']['list']['limit']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<RouterInputs['suppliers']['create']['contactName']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<RouterInputs['orders']['update']['introduce']>().toEqualTypeOf<string | null>();
    expectTypeOf<RouterInputs['users']['updateMe']['password']>().toEqualTypeOf<string | null | undefined>();
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
