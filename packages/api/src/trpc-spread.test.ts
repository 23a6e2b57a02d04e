import { TRPCError } from '@trpc/server';
import { getErrorShape } from '@trpc/server/unstable-core-do-not-import';
import { describe, expect, it } from 'vitest';

/**
 * patches/@trpc__server@11.19.0.patch: tRPC's object spread helper (it copies
 * a call's options and context several times a call) copies with
 * Object.assign. getErrorShape hands its options to the error formatter
 * through that helper, so what the formatter gets is what the helper made.
 */
const options = (extra: object = {}) => ({
  config: { isDev: false, errorFormatter: (made: object) => made },
  error: new TRPCError({ code: 'BAD_REQUEST', message: 'No' }),
  type: 'query' as const,
  path: 'suppliers.list',
  input: undefined,
  ctx: undefined,
  ...extra,
});

/** The object the helper made of `opts` and `{shape}`, as the formatter got it. */
const made = (opts: object) =>
  getErrorShape(opts as never) as unknown as Record<string, unknown> & { shape: { message: string; data: { path: string } } };

describe("tRPC's object spread (patched)", () => {
  it('copies every key in one step: the source is listed once, not once for its names and again for its symbols', () => {
    let listed = 0;
    const source = new Proxy(options(), {
      ownKeys(target) {
        listed += 1;
        return Reflect.ownKeys(target);
      },
    });
    const copy = made(source);
    expect(listed).toBe(1);
    expect(copy.shape.message).toBe('No');
    expect(copy.shape.data.path).toBe('suppliers.list');
    expect(Object.keys(copy)).toEqual(['config', 'error', 'type', 'path', 'input', 'ctx', 'shape']);
  });

  it('copies symbol keys too, and leaves out what is not enumerable', () => {
    const tag = Symbol('tag');
    const hidden = Symbol('hidden');
    const source = options({ [tag]: 'kept' });
    Object.defineProperty(source, hidden, { value: 'left', enumerable: false });
    Object.defineProperty(source, 'secret', { value: 'left', enumerable: false });
    const copy = made(source);
    expect(copy[tag as unknown as string]).toBe('kept');
    expect(hidden in copy).toBe(false);
    expect('secret' in copy).toBe(false);
  });

  it('copies an own "__proto__" key as a key, never as the prototype', () => {
    const source = options(JSON.parse('{"__proto__": {"polluted": true}}') as object);
    expect(Object.hasOwn(source, '__proto__')).toBe(true);
    const copy = made(source);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
    expect(copy.polluted).toBeUndefined();
  });
});
