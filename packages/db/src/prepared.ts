import { createHash } from 'node:crypto';
import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './schema.ts';

/**
 * Named prepared statements for the hot queries (docs/performance.md).
 *
 * node-postgres sends every query as an unnamed statement, which PostgreSQL
 * parses and plans again on every call: for the order of 200 products that
 * was most of the database's CPU per request (docs/performance.md). A
 * query run through `executePrepared` goes, on PostgreSQL, as a statement
 * named after its text: each connection parses it once, and after five runs
 * PostgreSQL keeps a generic plan when it costs no more than the custom ones.
 * PGlite runs it as any other query.
 *
 * Only queries whose plan fits any owner belong here (equality on the owner
 * and ids), not searches, whose best plan depends on the words; and never a
 * `*` list, whose columns a later migration would change under a statement
 * prepared before it. A generic plan does not know how big this owner is: a
 * query narrowed by an id as well should reach the owner through that id's
 * row (the products of an order join the order on its owner), or the plan
 * may read every row of the owner's to intersect them with the id's
 * (EXPLAIN under `SET plan_cache_mode = force_generic_plan` shows it).
 */
const names = new Map<string, string>();
/** More distinct texts than this run unnamed: the statements each connection keeps stay bounded. */
const MAX_STATEMENTS = 200;
/** A `*` column list (`select *`, `"users".*`, `returning *`); not `count(*)` or a product. */
const STAR = /(\bselect\s+|\breturning\s+|,\s*)\*(?=[\s,]|$)|\.\*/i;

function register(text: string): void {
  if (names.has(text) || names.size >= MAX_STATEMENTS) return;
  if (STAR.test(text)) throw new Error('A prepared statement must name its columns: a * list changes with migrations');
  names.set(text, `reorder_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`);
}

/** Runs `query` as a named prepared statement (on PostgreSQL) and returns its rows. */
export async function executePrepared<O>(db: Db, query: Compilable<O>): Promise<O[]> {
  const compiled = query.compile();
  register(compiled.sql);
  return (await db.executeQuery(compiled)).rows;
}

/** The stand-in for a value while a `preparedQuery` is built: it can only be a parameter. */
class Slot {
  constructor(readonly key: string) {
    Object.freeze(this);
  }
}

/**
 * A hot query built and compiled once, then run as `executePrepared` runs
 * it with each call's values (docs/performance.md): building and compiling
 * a Kysely query was 7 % of a quantity write's CPU, for the same text every
 * time. `build` is called once, with a stand-in for each value, so it may
 * use a value only as a parameter (`where('id', '=', values.id)`,
 * sql`${values.quantity}::numeric`), never to choose the query's shape or
 * as anything but itself (`values.quantity.toFixed(3)` throws): compute such
 * values before the call. A value the query does not use is refused, once,
 * when it is built.
 */
export function preparedQuery<V extends Record<string, unknown>, O>(
  keys: readonly (keyof V & string)[],
  build: (db: Db, values: V) => Compilable<O>,
): (db: Db, values: V) => Promise<O[]> {
  let compiled: CompiledQuery<O> | undefined;
  let slots: (string | undefined)[] = [];
  return async (db, values) => {
    if (compiled === undefined) {
      const standIns = Object.fromEntries(keys.map((key) => [key, new Slot(key)])) as unknown as V;
      const made = build(db, standIns).compile();
      slots = made.parameters.map((parameter) => (parameter instanceof Slot ? parameter.key : undefined));
      const unused = keys.filter((key) => !slots.includes(key));
      if (unused.length > 0) throw new Error(`preparedQuery: ${unused.join(', ')} not used as a parameter`);
      register(made.sql);
      compiled = made;
    }
    const fixed = compiled.parameters;
    const parameters = slots.map((key, i) => (key === undefined ? fixed[i] : values[key]));
    return (await db.executeQuery<O>({ ...compiled, parameters })).rows;
  };
}

/**
 * Makes a `pg` client send registered texts as named statements. Kysely's
 * driver calls `client.query(text, values)`; node-postgres takes a name in
 * the config form, `{name, text, values}`, and parses each name once per
 * connection.
 */
export function prepareRegisteredTexts(client: { query: (...args: never[]) => unknown }): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof config === 'string' ? names.get(config) : undefined;
    return name === undefined ? query(config, values, callback) : query({ name, text: config, values }, callback);
  };
}
