import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The arrows between the app's folders (docs/architecture.md, "The web app"),
 * read from the source: every relative import of every file (type-only ones
 * too: a type ties the folders as much as a value does), grouped by folder,
 * with each feature (`features/<name>`) a folder of its own. No two features
 * may import each other, not even through others (a folder loop); `lib/` imports
 * nothing of the app but itself, and `ui/` only `lib/`. Biome's import rules
 * (tooling/scripts/boundaries.mjs) say which layer may import which; a loop
 * between features, which are one layer, only this finds. Tests are exempt,
 * as in those rules: they may reach any folder they check.
 */
const src = path.dirname(fileURLToPath(import.meta.url));

function sources(dir = src, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = `${prefix}${entry.name}`;
    if (entry.isDirectory()) return sources(path.join(dir, entry.name), `${file}/`);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

/** Comments may show an import: only code counts. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/**
 * The relative specifiers a module imports: `import … from`, `import type … from`,
 * `export … from` (`export type` and `export *` too), a bare `import '…'` and
 * `import('…')` (a lazy import, or a type's `typeof import('…')`).
 */
function importsIn(code: string): string[] {
  const text = withoutComments(code);
  return [
    ...text.matchAll(/^\s*(?:import|export)\b[^;'"`]*?\bfrom\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
  ]
    .map((match) => match[1] as string)
    .filter((specifier) => specifier.startsWith('.'));
}

/** The folder a file belongs to: `features/<name>` for a feature, else its top folder (or the top-level file). */
function folderOf(file: string): string {
  const [top, second, ...rest] = file.split('/');
  return top === 'features' && rest.length > 0 ? `features/${second}` : (top as string);
}

/** An import from one folder into another: `from → to`, with the file and specifier that make it. */
interface Edge {
  from: string;
  to: string;
  file: string;
  specifier: string;
}

function edgesOf(files: string[], read: (file: string) => string): Edge[] {
  return files.flatMap((file) =>
    importsIn(read(file)).map((specifier) => {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier.replace(/\?.*$/, '')));
      return { from: folderOf(file), to: folderOf(target), file, specifier };
    }),
  );
}

/** The folder loops of a graph (Tarjan's strongly connected components with more than one folder), each sorted. */
function loopsOf(edges: Pick<Edge, 'from' | 'to'>[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) if (from !== to) next.set(from, (next.get(from) ?? new Set()).add(to));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) as number, low.get(to) as number));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node) as number, index.get(to) as number));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      onStack.delete(top);
      component.push(top);
      if (top === node) break;
    }
    if (component.length > 1) loops.push(component.sort());
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return loops;
}

const describeEdge = (edge: Edge) => `${edge.from} → ${edge.to} (${edge.file}: '${edge.specifier}')`;

describe('the folders of the web app import one way', () => {
  const files = sources();
  const edges = edgesOf(files, (file) => readFileSync(path.join(src, file), 'utf8'));
  const across = edges.filter((edge) => edge.from !== edge.to);

  it('reads the imports it looks for, type-only, re-exported and lazy ones included', () => {
    const code = [
      "import { a } from '../lib/a.ts';",
      "import type { B } from '../features/b/api.ts';",
      "import {\n  type C,\n  d,\n} from './c.ts';",
      "export type { E } from '../features/e/e.ts';",
      "export * from './f.ts';",
      "import './g.css';",
      "const H = lazy(() => import('../screens/H.tsx'));",
      "let i: Promise<typeof import('./i.ts')>;",
      "import { j } from '@reorder/schemas';",
      "// import { k } from './k.ts';",
      "/* export { l } from './l.ts'; */",
      "const m = 'from \\'./m.ts\\'';",
    ].join('\n');
    expect(importsIn(code)).toEqual([
      '../lib/a.ts',
      '../features/b/api.ts',
      './c.ts',
      '../features/e/e.ts',
      './f.ts',
      './g.css',
      '../screens/H.tsx',
      './i.ts',
    ]);
    expect(folderOf('features/orders/api.ts')).toBe('features/orders');
    expect(folderOf('lib/trpc.ts')).toBe('lib');
    expect(folderOf('main.tsx')).toBe('main.tsx');
  });

  it('resolves every relative import to a file of the app', () => {
    const unresolved = edges.filter(
      (edge) => !existsSync(path.join(src, path.posix.dirname(edge.file), edge.specifier.replace(/\?.*$/, ''))),
    );
    expect(unresolved.map(describeEdge)).toEqual([]);
    // The graph is the app's: screens use features, features use lib and ui, features use each other.
    const pairs = new Set(across.map((edge) => `${edge.from} → ${edge.to}`));
    for (const pair of ['screens → features/orders', 'features/orders → lib', 'features/orders → ui', 'app → screens']) {
      expect(pairs).toContain(pair);
    }
    expect(across.some((edge) => edge.from.startsWith('features/') && edge.to.startsWith('features/'))).toBe(true);
  });

  it('finds a loop however long, and only loops', () => {
    const edge = (from: string, to: string) => ({ from, to });
    expect(loopsOf([edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd'), edge('d', 'e')])).toEqual([['a', 'b', 'c']]);
    expect(loopsOf([edge('a', 'b'), edge('b', 'c'), edge('a', 'c'), edge('a', 'a')])).toEqual([]);
  });

  it('has no loop between feature folders', () => {
    const features = across.filter((edge) => edge.from.startsWith('features/') && edge.to.startsWith('features/'));
    const loops = loopsOf(features).map((loop) => ({
      loop: loop.join(' ⇄ '),
      through: features.filter((edge) => loop.includes(edge.from) && loop.includes(edge.to)).map(describeEdge),
    }));
    expect(loops, 'move the piece both need into the feature that owns it, or into lib/').toEqual([]);
  });

  it('lib/ imports nothing of the app but lib/', () => {
    expect(across.filter((edge) => edge.from === 'lib').map(describeEdge)).toEqual([]);
  });

  it('ui/ imports only lib/', () => {
    expect(across.filter((edge) => edge.from === 'ui' && edge.to !== 'lib').map(describeEdge)).toEqual([]);
  });
});
