import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endJsonInTurns, estimateValues, isLargeJson, parseInTurns } from './json-turns.ts';

/**
 * docs/decisions.md §9.7: a very large answer is checked and written in turns
 * of the event loop, and comes out exactly as `schema.parse` and
 * `JSON.stringify` would make it.
 */

const Line = z.object({
  name: z.string().min(1),
  quantity: z.number(),
  unit: z.string(),
  price: z.number().nullable(),
  note: z.string().optional(),
  kind: z.enum(['product', 'extra']).default('product'),
});
const Sent = z.object({
  id: z.number().int(),
  sentAt: z.string(),
  text: z.string().refine((text) => !text.includes('\u202e'), 'no bidi'),
  lines: z.array(Line).max(50),
  confirmation: z.object({ at: z.string(), note: z.string() }).nullable(),
});
const Export = z.object({
  exportedAt: z.string(),
  profile: z.object({ name: z.string() }),
  suppliers: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      history: z.array(Sent),
      extra: z.string().optional(),
    }),
  ),
  tokens: z.array(z.string()).max(100),
});

/** Ten suppliers of `orders` sent orders of 8 lines, with every kind of field, and keys the schema strips. */
function bigExport(orders = 1_500) {
  return {
    exportedAt: '2026-11-28T10:00:00.000Z',
    stray: 'stripped',
    profile: { name: 'Café Luna', secret: 'stripped' },
    suppliers: Array.from({ length: 10 }, (_, s) => ({
      id: s + 1,
      name: `Proveedor ${s} "comillas" \\ ñ`,
      ...(s % 2 ? { extra: 'x' } : {}),
      history: Array.from({ length: orders }, (_, o) => ({
        id: s * orders + o,
        sentAt: new Date(Date.UTC(2026, 0, 1) + o * 3_600_000).toISOString(),
        text: `Hola, ${o}\n- línea\t😀`,
        lines: Array.from({ length: 8 }, (_, l) => ({
          name: `Producto ${l}`,
          quantity: l + 0.5,
          unit: 'kg',
          price: l % 3 ? l * 1.1 : null,
          ...(l % 4 ? {} : { note: 'Nota' }),
          ...(l % 5 ? { kind: 'extra' } : {}),
          ignored: undefined,
        })),
        confirmation: o % 2 ? { at: '2026-01-02T00:00:00.000Z', note: '' } : null,
      })),
    })),
    tokens: ['a', 'b'],
  };
}

/** Counts the turns the event loop took while `work` ran. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  const value = await work();
  running = false;
  return { value, turns };
}

describe('parseInTurns', () => {
  it('gives the same value as schema.parse, in many turns of the event loop', async () => {
    const data = bigExport();
    expect(isLargeJson(data)).toBe(true);
    const { value, turns } = await turnsDuring(() => parseInTurns(Export, data));
    expect(value).toEqual(Export.parse(data));
    expect(JSON.stringify(value)).toBe(JSON.stringify(Export.parse(data)));
    expect(turns).toBeGreaterThan(5);
  });

  it('refuses what schema.parse refuses, deep in a walked value or in an array check', async () => {
    const badLine = bigExport();
    (badLine.suppliers[7]!.history[1200]!.lines[3] as { name: string }).name = '';
    await expect(parseInTurns(Export, badLine)).rejects.toBeInstanceOf(z.ZodError);
    const refined = bigExport();
    refined.suppliers[9]!.history[10]!.text = 'a\u202eb';
    await expect(parseInTurns(Export, refined)).rejects.toBeInstanceOf(z.ZodError);
    const tooMany = bigExport();
    tooMany.suppliers[0]!.history[0]!.lines = Array.from({ length: 51 }, () => ({ ...tooMany.suppliers[0]!.history[0]!.lines[0]! }));
    await expect(parseInTurns(Export, tooMany)).rejects.toBeInstanceOf(z.ZodError);
  });

  it('parses a small value at once, as schema.parse', async () => {
    const small = bigExport(2);
    expect(isLargeJson(small)).toBe(false);
    expect(await parseInTurns(Export, small)).toEqual(Export.parse(small));
  });
});

describe('endJsonInTurns', () => {
  const written = async (value: unknown) => {
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const { turns } = await turnsDuring(() => endJsonInTurns(stream as unknown as ServerResponse, value));
    await new Promise((resolve) => stream.on('end', resolve));
    return { text: Buffer.concat(chunks).toString('utf8'), turns, writes: chunks.length };
  };

  it('writes what JSON.stringify writes, in pieces, a turn of the loop between them', async () => {
    const data = { code: 1, data: bigExport(), message: 'Your data', skipped: undefined, date: new Date(0) };
    const { text, turns, writes } = await written(data);
    expect(text).toBe(JSON.stringify(data));
    expect(writes).toBeGreaterThan(5);
    expect(turns).toBeGreaterThan(5);
  });

  it('writes a small value in one piece', async () => {
    const data = { code: 1, data: [1, 'two', null, undefined, { a: undefined }], message: 'ok' };
    const { text, writes } = await written(data);
    expect(text).toBe(JSON.stringify(data));
    expect(writes).toBe(1);
  });

  it('estimates from the first item of each list, so a large answer is known without walking it', () => {
    expect(estimateValues(bigExport(100))).toBeGreaterThan(10 * 100 * 8 * 6);
    expect(estimateValues([])).toBe(1);
    expect(estimateValues('text')).toBe(1);
  });
});
