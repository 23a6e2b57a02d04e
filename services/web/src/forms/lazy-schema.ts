import type { z } from 'zod';
import { valueStore } from '../lib/value-store.ts';

/**
 * A form's schema that loads when first asked for, not with the screen: the
 * sign-in page renders and paints without Zod (25 KB gzip, and building its
 * schemas was the largest piece of the page's JavaScript), which loads when
 * the form is first focused (docs/performance.md, "Web app").
 */
export interface LazySchema<TSchema extends z.ZodType> {
  /** The schema, loading it on the first call. */
  load(): Promise<TSchema>;
  /** The schema if loaded. */
  current(): TSchema | undefined;
  /** Calls `listener` once the schema is loaded. */
  subscribe(listener: () => void): () => void;
}

export function lazySchema<TSchema extends z.ZodType>(loader: () => Promise<TSchema>): LazySchema<TSchema> {
  const loaded = valueStore<TSchema | undefined>(undefined);
  let loading: Promise<TSchema> | undefined;
  return {
    load() {
      loading ??= loader().then(
        (schema) => {
          loaded.set(schema);
          return schema;
        },
        (error: unknown) => {
          // A failed load (a lost connection) is tried again at the next call.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    current: loaded.get,
    subscribe: loaded.subscribe,
  };
}

export function isLazySchema<TSchema extends z.ZodType>(value: TSchema | LazySchema<TSchema>): value is LazySchema<TSchema> {
  return typeof (value as Partial<LazySchema<TSchema>>).current === 'function';
}
