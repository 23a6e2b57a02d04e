import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { nextTurn } from './turn.ts';

/**
 * A large answer checked and written in turns of the event loop (docs/decisions.md
 * §9.7): an account export of 20,000 sent orders is some 24 MB of JSON, whose
 * output check and `JSON.stringify` each held the loop 100 ms or more in one
 * piece. Both walk the value instead, down to parts small enough to do whole,
 * and give the loop a turn whenever `TURN_MS` has passed.
 *
 * Only plain objects and arrays are walked; any other schema (a refinement, a
 * transform, a union) checks its value whole, exactly as Zod would, and a
 * walked value comes out as `schema.parse` would make it (json-turns.test.ts
 * compares them).
 */

/** How long a turn may go on before it gives way. */
const TURN_MS = 10;
/** From this many values (estimated) a part is walked instead of done whole: a few milliseconds of work. */
const WHOLE_MAX = 2_000;
/** From this many values (estimated) an answer is checked and written in turns. */
const IN_TURNS_FROM = 20_000;

/**
 * About how many values `value` holds: each array counted as its length times
 * its first item, so the cost is the depth of the value, not its size.
 */
export function estimateValues(value: unknown, depth = 8): number {
  if (value === null || typeof value !== 'object' || depth === 0) return 1;
  if (Array.isArray(value)) return value.length === 0 ? 1 : 1 + value.length * estimateValues(value[0], depth - 1);
  let n = 1;
  for (const key in value) n += estimateValues((value as Record<string, unknown>)[key], depth - 1);
  return n;
}

/** Whether `value` is checked and written in turns (`IN_TURNS_FROM`). */
export function isLargeJson(value: unknown): boolean {
  return estimateValues(value) >= IN_TURNS_FROM;
}

/** The clock of one walk: gives the loop a turn once `TURN_MS` has passed since the last. */
function turns() {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < TURN_MS) return;
    await nextTurn();
    since = performance.now();
  };
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  checks?: unknown[];
  catchall?: unknown;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** `schema.parse(value)`, in turns when the value is large (`IN_TURNS_FROM`). */
export async function parseInTurns<T>(schema: z.ZodType<T>, value: unknown): Promise<T> {
  if (!isLargeJson(value)) return schema.parse(value);
  await nextTurn();
  return (await walkParse(schema, value, turns())) as T;
}

async function walkParse(schema: z.ZodType, value: unknown, pause: () => Promise<void>): Promise<unknown> {
  if (estimateValues(value) < WHOLE_MAX) {
    const parsed = schema.parse(value);
    await pause();
    return parsed;
  }
  const def = defOf(schema);
  const noChecks = !def.checks || def.checks.length === 0;
  if ((def.type === 'optional' || def.type === 'nullable') && def.innerType && value !== undefined && value !== null) {
    return walkParse(def.innerType, value, pause);
  }
  if (def.type === 'object' && def.shape && noChecks && def.catchall === undefined && isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(def.shape)) {
      const parsed = await walkParse(field, value[key], pause);
      if (parsed !== undefined || key in value) out[key] = parsed;
    }
    return out;
  }
  if (def.type === 'array' && def.element && Array.isArray(value)) {
    const out: unknown[] = [];
    const per = sliceLength(value);
    if (per > 1) {
      // Small items: a slice of them at a time, one call to Zod each.
      const slice = z.array(def.element);
      for (let i = 0; i < value.length; i += per) {
        for (const item of slice.parse(value.slice(i, i + per))) out.push(item);
        await pause();
      }
    } else for (const item of value) out.push(await walkParse(def.element, item, pause));
    // The array's own checks (a length), on what its items became.
    if (!noChecks) (schema as unknown as { clone(def: Def): z.ZodType }).clone({ ...def, element: z.any() }).parse(out);
    return out;
  }
  return schema.parse(value);
}

/** How many items of a list make a part small enough to do whole (`WHOLE_MAX`), judged by its first. */
function sliceLength(list: unknown[]): number {
  return Math.floor(WHOLE_MAX / estimateValues(list[0]));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The JSON text of `value`, as `JSON.stringify` would write it, in pieces:
 * a part small enough (`WHOLE_MAX`) is one piece.
 */
function* jsonPieces(value: unknown): Generator<string, void, undefined> {
  if (estimateValues(value) < WHOLE_MAX || value === null || typeof value !== 'object') {
    yield JSON.stringify(value) ?? 'null';
    return;
  }
  if (Array.isArray(value)) {
    const per = sliceLength(value);
    if (per > 1) {
      // Small items: a slice of them at a time, written by JSON.stringify without its brackets.
      yield '[';
      for (let i = 0; i < value.length; i += per) yield `${i > 0 ? ',' : ''}${JSON.stringify(value.slice(i, i + per)).slice(1, -1)}`;
      yield ']';
      return;
    }
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ',';
      const item = value[i];
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') yield 'null';
      else yield* jsonPieces(item);
    }
    yield ']';
    return;
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    yield JSON.stringify(value);
    return;
  }
  yield '{';
  let first = true;
  for (const key of Object.keys(value)) {
    const field = (value as Record<string, unknown>)[key];
    if (field === undefined || typeof field === 'function' || typeof field === 'symbol') continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    yield* jsonPieces(field);
  }
  yield '}';
}

/**
 * Writes `value` as the JSON body of `res` and ends it: in one piece when it
 * is small, else in pieces, a turn of the event loop between every
 * `TURN_MS` of work. No Content-Length: the answer goes chunked (or gzipped).
 */
export async function endJsonInTurns(res: ServerResponse, value: unknown): Promise<void> {
  if (!isLargeJson(value)) {
    res.end(JSON.stringify(value));
    return;
  }
  await nextTurn();
  let batch: string[] = [];
  let since = performance.now();
  for (const piece of jsonPieces(value)) {
    batch.push(piece);
    if (performance.now() - since >= TURN_MS) {
      res.write(batch.join(''));
      batch = [];
      await nextTurn();
      since = performance.now();
    }
  }
  res.end(batch.join(''));
}
