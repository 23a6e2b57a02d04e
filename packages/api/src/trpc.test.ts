import { TRPCError } from '@trpc/server';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Context } from './context.ts';
import { createCallerFactory, publicProcedure, router } from './trpc.ts';

/** What the base middleware reads of a context on these calls: a logger for failures. */
const ctx = { logger: { error: vi.fn(), warn: vi.fn(), info: vi.fn() } } as unknown as Context;

describe('procedure schemas', () => {
  it('validate input and output synchronously, with the same answers and errors', async () => {
    const input = z.object({ name: z.string().min(1), count: z.number().int() });
    const output = z.array(z.object({ name: z.string(), count: z.number().int() }));
    const parseInput = vi.spyOn(input, 'parse');
    const parseOutput = vi.spyOn(output, 'parse');
    const app = router({
      echo: publicProcedure
        .input(input)
        .output(output)
        .query(({ input: { name, count } }) => (count < 0 ? [{ name, count: 0.5 }] : [{ name, count }])),
    });
    const call = createCallerFactory(app)(ctx);

    expect(await call.echo({ name: 'Pan', count: 2 })).toEqual([{ name: 'Pan', count: 2 }]);
    // tRPC asks for parseAsync; Zod's compiled parsers run only on the synchronous parse.
    expect(parseInput).toHaveBeenCalledTimes(1);
    expect(parseOutput).toHaveBeenCalledTimes(1);

    const refused = await call.echo({ name: '', count: 1.5 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).code).toBe('BAD_REQUEST');
    expect(((refused as TRPCError).cause as z.ZodError).issues.map((issue) => issue.path.join('.'))).toEqual(['name', 'count']);

    const wrongOutput = await call.echo({ name: 'Pan', count: -1 }).catch((error: unknown) => error);
    expect((wrongOutput as TRPCError).code).toBe('INTERNAL_SERVER_ERROR');
  });

  it('still parse asynchronously when a schema needs it (an async refinement)', async () => {
    const taken = new Set(['pan']);
    const input = z.object({ name: z.string() }).refine(async ({ name }) => !taken.has(name), { message: 'Taken', path: ['name'] });
    const app = router({ add: publicProcedure.input(input).mutation(({ input: { name } }) => name.toUpperCase()) });
    const call = createCallerFactory(app)(ctx);

    expect(await call.add({ name: 'leche' })).toBe('LECHE');
    const refused = await call.add({ name: 'pan' }).catch((error: unknown) => error);
    expect((refused as TRPCError).code).toBe('BAD_REQUEST');
    expect(((refused as TRPCError).cause as z.ZodError).issues[0]?.message).toBe('Taken');
  });
});
