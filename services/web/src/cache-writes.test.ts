import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Mutations and cache writes live only in `features/<area>/api.ts`
 * (docs/architecture.md, "The web app"; issue 28): a screen or a component
 * calls a named hook from there and keeps only what it does with the answer
 * (a toast, a navigation, a form's issues). This reads every source file of
 * the app (tests are exempt) and fails on any other file that calls one of
 * these, unless the list below names it with its reason.
 */
const src = path.dirname(fileURLToPath(import.meta.url));

/** Files outside `features/<area>/api.ts` that may write the cache, each with why. */
const allowed: Record<string, string> = {
  'app/data.tsx':
    "The query-client wiring: it makes the one QueryClient, empties it when the account changes and reads everything again once the offline copy is restored. Those writes are the whole cache's life, once per page outside React, not one feature's data.",
  'lib/mutations.ts':
    "useRefreshing, the api.ts hooks' shared callbacks: it reads again only the queries the calling hook names as stale, so each write is still named in features/<area>/api.ts; it sits in lib/ so features share it without importing each other.",
  'features/orders/outbox-runtime.ts':
    "The one save path for order changes: outside React, it settles each answer into the order's cache as the change leaves the queue, and reads the orders again when the queue empties or a change is refused.",
};

/** What makes a mutation or writes the cache: react-query's and tRPC's hooks and the query client's writes. */
const forbidden = [
  /\buseMutation\b/,
  /\buseUtils\b/,
  /\buseQueryClient\b/,
  /\bsetQueryData\b/,
  /\bsetQueriesData\b/,
  /\binvalidate\w*/,
  // tRPC's setQueryData (utils.x.setData); a bare setData is a React state setter.
  /\.setData\s*\(/,
];

const isApi = (file: string) => /^features\/[^/]+\/api\.ts$/.test(file);

function sources(dir = src, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = `${prefix}${entry.name}`;
    if (entry.isDirectory()) return sources(path.join(dir, entry.name), `${file}/`);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

/** Comments say what the code does and may name these: only code counts. */
const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' ')).replace(/\/\/.*$/gm, '');

/** `file:line: code` for each line of the file that calls one of the forbidden names. */
function cacheWrites(file: string, text: string): string[] {
  return withoutComments(text)
    .split('\n')
    .flatMap((line, i) => (forbidden.some((pattern) => pattern.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

describe('mutations and cache writes live only in features/<area>/api.ts', () => {
  const files = sources();
  const writes = new Map(files.map((file) => [file, cacheWrites(file, readFileSync(path.join(src, file), 'utf8'))]));

  it('no other file calls useMutation, useUtils, useQueryClient, setQueryData, setQueriesData, setData or invalidate', () => {
    const outside = files.filter((file) => !isApi(file) && !(file in allowed)).flatMap((file) => writes.get(file) ?? []);
    expect(outside, 'move the mutation or cache write into a hook in features/<area>/api.ts').toEqual([]);
  });

  it('the allowed list is exact: each file there exists, still writes the cache, and says why', () => {
    for (const [file, why] of Object.entries(allowed)) {
      expect(files, `${file} is gone: remove it from the allowed list`).toContain(file);
      expect(writes.get(file)?.length, `${file} no longer writes the cache: remove it from the allowed list`).toBeGreaterThan(0);
      expect(why.length).toBeGreaterThan(20);
    }
  });

  it('sees the calls it looks for (the api.ts hooks make them)', () => {
    expect(writes.get('features/suppliers/api.ts')?.length).toBeGreaterThan(0);
    expect(cacheWrites('probe.ts', '// utils.x.invalidate()\n/* useMutation() */\nconst [data, setData] = useState();')).toEqual([]);
    expect(cacheWrites('probe.ts', 'const q = useQueryClient();\nq.setQueryData(key, 1);\nutils.a.b.setData({}, x);')).toHaveLength(3);
  });
});
