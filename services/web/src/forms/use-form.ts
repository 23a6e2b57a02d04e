import { type FocusEvent, type FormEvent, useCallback, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { z } from 'zod';
import { useTranslation } from '../lib/i18n.ts';
import { type FormIssue, translateIssue } from './issues.ts';
import { isLazySchema, type LazySchema } from './lazy-schema.ts';
import { scrollToField } from './scroll-to-field.ts';

type Values = Record<string, string>;

/**
 * A form over one of the shared Zod schemas, so the browser applies exactly
 * the server's rules. A field is checked when it loses focus and on every key
 * release after that (docs/product.md §5); submitting checks all of them and scrolls to
 * the first one that needs attention.
 */
export function useForm<TSchema extends z.ZodType, TValues extends Values>(given: TSchema | LazySchema<TSchema>, initial: TValues) {
  const { t } = useTranslation();
  // A lazy schema checks nothing until it is loaded (lazy-schema.ts); the submit waits for it.
  const schema = useLoadedSchema(given);
  const [values, setValues] = useState<TValues>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const elements = useRef(new Map<string, HTMLElement>());

  const errors = useMemo(() => {
    const result = schema?.safeParse(values);
    const byField: Record<string, string> = {};
    if (result && !result.success) {
      for (const issue of result.error.issues as unknown as FormIssue[]) {
        const field = String(issue.path[0] ?? '');
        byField[field] ??= translateIssue(issue, t);
      }
    }
    return { ...byField, ...serverErrors };
  }, [schema, values, serverErrors, t]);

  const touch = useCallback((name: string) => setTouched((old) => (old[name] ? old : { ...old, [name]: true })), []);

  const field = (name: keyof TValues & string) => ({
    id: `field-${name}`,
    name,
    value: values[name] ?? '',
    error: touched[name] ? errors[name] : undefined,
    ref: (element: HTMLElement | null) => {
      if (element) elements.current.set(name, element);
      else elements.current.delete(name);
    },
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((old) => ({ ...old, [name]: value }));
      setServerErrors((old) => (old[name] ? { ...old, [name]: '' } : old));
    },
    onBlur: (_event: FocusEvent) => touch(name),
    onKeyUp: () => touch(name),
  });

  /** Wraps a submit handler: it runs only with valid values (as the schema outputs them). */
  const handleSubmit = (onValid: (data: z.output<TSchema>) => void | Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    const submit = (loaded: TSchema) => {
      const result = loaded.safeParse(values);
      if (!result.success || Object.values(serverErrors).some(Boolean)) {
        const allTouched = Object.fromEntries(Object.keys(values).map((k) => [k, true]));
        setTouched(allTouched);
        const failed = new Set([
          ...(result.success ? [] : result.error.issues.map((issue) => String(issue.path[0] ?? ''))),
          ...Object.keys(serverErrors).filter((k) => serverErrors[k]),
        ]);
        const firstField = Object.keys(values).find((k) => failed.has(k));
        const element = firstField ? elements.current.get(firstField) : undefined;
        if (element) scrollToField(element);
        return;
      }
      void onValid(result.data);
    };
    if (schema) submit(schema);
    // Not loaded (no connection): the server checks the values as they are, and the call's failure says why.
    else if (isLazySchema(given)) void given.load().then(submit, () => void onValid(values as z.output<TSchema>));
  };

  /** Shows the server's per-field issues (e.g. an email already taken) on their fields. */
  const setIssues = (issues: { path: string; message: string }[], messageFor?: (issue: { path: string; message: string }) => string) => {
    const next: Record<string, string> = {};
    for (const issue of issues) if (issue.path in values) next[issue.path] = messageFor ? messageFor(issue) : issue.message;
    setServerErrors(next);
    setTouched((old) => ({ ...old, ...Object.fromEntries(Object.keys(next).map((k) => [k, true])) }));
  };

  /** Starts over with `next` (or the first values): nothing touched, no server issue. */
  const reset = (next: TValues = initial) => {
    setValues(next);
    setTouched({});
    setServerErrors({});
  };

  return { values, setValues, errors, field, handleSubmit, setIssues, reset };
}

const noSubscription = () => () => {};

/** The schema itself, or a lazy one's once loaded (undefined until then). */
function useLoadedSchema<TSchema extends z.ZodType>(given: TSchema | LazySchema<TSchema>): TSchema | undefined {
  const lazy = isLazySchema(given) ? given : undefined;
  const loaded = useSyncExternalStore(lazy ? lazy.subscribe : noSubscription, () => lazy?.current());
  return lazy ? loaded : (given as TSchema);
}
