import type { AnyProcedure } from '@trpc/server';
import type { AppRouter } from '../root.ts';
import type { Meta } from '../trpc.ts';

/** One REST call: its method and path (from `meta.openapi`), the procedure it runs, and what its input needs. */
export interface RestRoute {
  /** As declared, e.g. `/suppliers/{id}`. */
  path: string;
  method: string;
  /** The path's segments; `{name}` ones are parameters. */
  segments: string[];
  params: number;
  procedure: string;
  meta: Meta;
  /** Input fields that are numbers: a string of digits sent for them is read as the number (paths and queries are text). */
  numberFields: Set<string>;
  /** Whether the input has fields besides the path's parameters (a DELETE then takes a JSON body). */
  bodyFields: boolean;
}

/** Walks down optional/default/nullable/pipe wrappers to the type a field really has. */
function baseType(schema: unknown): string | undefined {
  let def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  for (let i = 0; def && i < 10; i++) {
    const type = def.type as string;
    const next = (def.innerType ?? (type === 'pipe' ? def.in : undefined)) as { _zod?: { def?: Record<string, unknown> } } | undefined;
    if (!next) return type;
    def = next._zod?.def;
  }
  return undefined;
}

/** The fields of a procedure's input: its object's shape, through `.prefault({})` / `.optional()` (an input that may be left out). */
function shapeOf(schema: unknown): Record<string, unknown> {
  let current = schema as { shape?: Record<string, unknown>; _zod?: { def?: { type?: string; innerType?: unknown } } } | undefined;
  for (let i = 0; current && !current.shape && i < 5; i++) {
    const def = current._zod?.def;
    if (!def || !['prefault', 'optional', 'default'].includes(def.type ?? '')) break;
    current = def.innerType as typeof current;
  }
  return current?.shape ?? {};
}

/**
 * The REST routes of the router (one table for the REST adapter and the
 * OpenAPI document): every procedure whose meta has `openapi`, those with
 * fewer parameters first.
 */
export function restRoutes(router: AppRouter): RestRoute[] {
  const routes: RestRoute[] = [];
  // tRPC keeps every procedure in one flat record, keyed by its dotted path ("suppliers.update").
  for (const [procedure, value] of Object.entries(router._def.procedures as unknown as Record<string, AnyProcedure>)) {
    const def = value._def as { meta?: Meta; inputs?: unknown[] };
    const openapi = def.meta?.openapi;
    if (!openapi) continue;
    const segments = openapi.path.split('/').filter(Boolean);
    const shape = shapeOf(def.inputs?.[0]);
    routes.push({
      path: openapi.path,
      method: openapi.method,
      segments,
      params: segments.filter((s) => s.startsWith('{')).length,
      procedure,
      meta: def.meta as Meta,
      numberFields: new Set(Object.entries(shape).flatMap(([key, field]) => (baseType(field) === 'number' ? [key] : []))),
      bodyFields: Object.keys(shape).some((key) => !segments.includes(`{${key}}`)),
    });
  }
  // `PUT /products/quantity` before `PUT /products/{id}`: literal segments win.
  return routes.sort((a, b) => a.params - b.params);
}
