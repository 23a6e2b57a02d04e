#!/usr/bin/env node
// Which folder may import which: the one table behind biome.json's
// noRestrictedImports overrides (docs/architecture.md).
//
//   node tooling/scripts/boundaries.mjs          -> exit 1 when biome.json is not what the table makes
//   node tooling/scripts/boundaries.mjs --write  -> rewrite biome.json's import rules from the table
//
// Each source root lists its layers (the top-level folders and files of the
// root, every one of them: a folder the table does not place is an error, so a
// new folder cannot slip past the rules as reminders/ and confirmations/ once
// did). A rule says what a folder may import besides itself; everything else in
// the root is forbidden. Tests are exempt: they may reach any layer they check.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const doc = 'see docs/architecture.md (the table: tooling/scripts/boundaries.mjs)';

const api = {
  core: ['errors.ts', 'trpc.ts', 'schedule.ts', 'stock.ts', 'quantities.ts', 'platform/', 'mail/', 'rate-limit/', 'events/'],
  // The type of the injected services (ctx): it names types from every layer below composition, and every layer may read it.
  context: ['context.ts'],
  identity: ['sessions/', 'api-tokens/', 'businesses/'],
  domains: ['suppliers/', 'products/', 'orders/', 'feedback/', 'config/', 'users/', 'spend/', 'webhooks/'],
  flows: ['auth/', 'account/', 'reminders/', 'confirmations/', 'catalogue/', 'receipts/', 'standing/', 'bills/'],
  composition: ['root.ts', 'rest/', 'index.ts'],
};
const below = { core: [...api.core, ...api.context], identity: [...api.core, ...api.context, ...api.identity] };

const web = {
  // The top: routing and wiring, the entry points. They may import everything.
  app: ['app/', 'main.tsx', 'sw.ts'],
  screens: ['screens/'],
  features: ['features/'],
  forms: ['forms/'],
  bottom: ['lib/', 'ui/'],
  // The supplier's confirmation page: a second entry that imports nothing of the app.
  confirm: ['confirm/'],
};

/** @typedef {{ from: string[], may: string[], self?: boolean, except?: { to: string, why: string }[], message: string }} Rule */

/** @type {{ root: string, layers: Record<string, string[]>, rules: Rule[] }[]} */
export const table = [
  {
    root: 'packages/api/src',
    layers: api,
    rules: [
      {
        from: api.core,
        may: below.core,
        message: 'The shared core (errors, trpc, schedule, stock, quantities, platform, mail, rate limits, events) imports no domain',
      },
      {
        from: api.context,
        may: [...below.core, ...api.identity, ...api.domains, ...api.flows],
        message: 'context.ts names the injected services, never the composition',
      },
      {
        from: api.identity,
        may: below.identity,
        message: 'sessions/ and api-tokens/ (who is calling) import only the shared core and each other',
      },
      ...api.domains.map((domain) => ({
        from: [domain],
        may: below.identity,
        message: `A domain (${domain}) imports only the shared core, sessions/api-tokens and its own folder, never another domain`,
      })),
      {
        from: ['auth/'],
        may: [...below.identity, 'users/'],
        message: 'auth/ builds on users/ and sessions/, never on other domains, flows or the composition',
      },
      {
        from: ['account/'],
        may: [...below.identity, 'suppliers/', 'products/', 'orders/', 'users/', 'webhooks/', 'bills/', 'receipts/', 'standing/'],
        message:
          "account/ (export, erasure) reads the domains it erases, the bills' files, the deliveries and claims (receipts/) and the standing orders (standing/), never auth/, other flows or the composition",
      },
      {
        from: ['reminders/'],
        may: below.identity,
        message: 'reminders/ imports only the shared core and sessions/api-tokens (it reads the tables in its own queries)',
      },
      {
        from: ['catalogue/'],
        may: [...below.identity, 'suppliers/', 'products/'],
        message: 'catalogue/ (the CSV import and export) writes through suppliers/ and products/, never other flows or the composition',
      },
      {
        from: ['receipts/'],
        may: [...below.identity, 'orders/'],
        message:
          'receipts/ (the delivery and its claim) reads a sent order and fills the current order (orders/), and tells the owner, never other flows or the composition',
      },
      {
        from: ['standing/'],
        may: [...below.identity, 'orders/', 'reminders/'],
        message:
          "standing/ (the standing order) fills the current order (orders/) on the reminders' schedule (reminders/), never other flows or the composition",
      },
      {
        from: ['bills/'],
        may: [...below.identity, 'receipts/'],
        message:
          'bills/ (the invoice and its exports) matches against sent orders and their receipts (receipts/), never other flows or the composition',
      },
      {
        from: ['confirmations/'],
        may: [...below.identity, 'orders/', 'products/'],
        message:
          'confirmations/ reads a sent order (orders/), sets the prices a supplier confirms (products/) and tells the owner, never other flows or the composition',
      },
    ],
  },
  {
    root: 'services/web/src',
    layers: web,
    rules: [
      {
        from: ['ui/'],
        may: ['lib/'],
        message: 'ui/ imports only lib/: nothing of app/, screens/, features/ or forms/',
      },
      {
        from: ['lib/'],
        may: [],
        message: 'lib/ is the bottom layer: it imports nothing of ui/, app/, screens/, features/ or forms/',
      },
      { from: web.forms, may: web.bottom, message: 'forms/ imports only lib/ and ui/' },
      {
        from: web.features,
        may: [...web.forms, ...web.bottom],
        message: 'features/ import other features, forms/, lib/ and ui/, never screens/ or app/',
      },
      {
        from: web.screens,
        may: [...web.features, ...web.forms, ...web.bottom],
        self: false,
        message:
          'A screen imports features/, forms/, lib/ and ui/, never another screen or app/: move a shared piece into features/ or ui/',
      },
      { from: web.confirm, may: [], message: 'The confirmation page (confirm/) imports nothing of the app, only @reorder/schemas' },
    ],
  },
];

const isSource = (name) => /\.(ts|tsx|mts)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts');
const unitOf = (entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name);

/** The top-level folders and source files of a root, as the table names them ("x/" for a folder). */
function unitsOn(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || isSource(entry.name))
    .map(unitOf)
    .sort();
}

/** The depths (0 = in the root itself) at which a unit holds source files. */
function depthsOf(dir, unit) {
  if (!unit.endsWith('/')) return [0];
  const depths = new Set();
  const walk = (at, depth) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(at, entry.name), depth + 1);
      else if (isSource(entry.name)) depths.add(depth);
    }
  };
  walk(path.join(dir, unit), 1);
  return [...depths].sort();
}

/** Import specifiers, written from a file `depth` folders below the root, that reach `unit`. */
function specifiers(unit, depth) {
  const up = depth === 0 ? './' : '../'.repeat(depth);
  // A folder has no index.ts, so only its files can be imported.
  if (unit.endsWith('/')) return [`${up}${unit}**`];
  const bare = unit.replace(/\.[^.]+$/, '');
  return [`${up}${bare}`, `${up}${bare}.*`];
}

/** A file `depth` folders below the root, inside `unit`: specifiers that reach another part of its own unit. */
function selfSpecifiers(dir, unit, depth) {
  if (depth === 1) return ['./**'];
  const inside = readdirSync(path.join(dir, unit), { withFileTypes: true }).filter((entry) => entry.isDirectory() || isSource(entry.name));
  return ['./**', ...inside.flatMap((entry) => specifiers(unitOf(entry), depth - 1))];
}

function includesAt(root, units, depth) {
  return units.map((unit) => (depth === 0 ? `${root}/${unit}` : `${root}/${unit}${Array(depth).fill('*').join('/')}`));
}

/** The biome.json overrides the table makes, from the folders on disk. */
export function overrides(base = repo) {
  const made = [];
  for (const { root, layers, rules } of table) {
    const dir = path.join(base, root);
    const placed = Object.values(layers).flat();
    const onDisk = unitsOn(dir);
    const unplaced = onDisk.filter((unit) => !placed.includes(unit));
    if (unplaced.length > 0)
      throw new Error(`${root}: ${unplaced.join(', ')} in no layer of tooling/scripts/boundaries.mjs: add it to the table`);
    const gone = placed.filter((unit) => !onDisk.includes(unit));
    if (gone.length > 0)
      throw new Error(`${root}: ${gone.join(', ')} in tooling/scripts/boundaries.mjs but not on disk: take it out of the table`);
    for (const rule of rules) {
      const forbidden = onDisk.filter((unit) => !rule.may.includes(unit) && !rule.from.includes(unit));
      const depths = [...new Set(rule.from.flatMap((unit) => depthsOf(dir, unit)))].sort();
      for (const depth of depths) {
        const from = rule.from.filter((unit) => depthsOf(dir, unit).includes(depth));
        const group = [
          ...forbidden.flatMap((unit) => specifiers(unit, depth)),
          ...(rule.self === false ? from.flatMap((unit) => selfSpecifiers(dir, unit, depth)) : []),
          ...(rule.except ?? []).map(({ to }) => `!${depth === 0 ? './' : '../'.repeat(depth)}${to}`),
        ];
        made.push({
          includes: [...includesAt(root, from, depth), '!**/*.test.ts', '!**/*.test.tsx'],
          linter: {
            rules: {
              style: {
                noRestrictedImports: {
                  level: 'error',
                  options: { patterns: [{ group: [...new Set(group)], message: `${rule.message}: ${doc}.` }] },
                },
              },
            },
          },
        });
      }
    }
  }
  return made;
}

const isImportRule = (override) => Boolean(override.linter?.rules?.style?.noRestrictedImports);

/** biome.json's text with its import rules made from the table, every other setting kept. */
export function biomeConfig(base = repo) {
  const config = JSON.parse(readFileSync(path.join(base, 'biome.json'), 'utf8'));
  config.overrides = [...overrides(base), ...(config.overrides ?? []).filter((override) => !isImportRule(override))];
  // Written as Biome formats it, since `biome check` checks biome.json's format too.
  const biome = spawnSync(path.join(repo, 'node_modules/.bin/biome'), ['format', '--stdin-file-path=biome.json'], {
    input: JSON.stringify(config),
    encoding: 'utf8',
  });
  if (biome.status !== 0) throw new Error(`biome format failed: ${biome.stderr}`);
  return biome.stdout;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = path.join(repo, 'biome.json');
  const wanted = biomeConfig();
  if (process.argv.includes('--write')) {
    writeFileSync(file, wanted);
    console.log('biome.json: import rules written from tooling/scripts/boundaries.mjs');
  } else if (readFileSync(file, 'utf8') !== wanted) {
    console.error('biome.json does not match tooling/scripts/boundaries.mjs: run `node tooling/scripts/boundaries.mjs --write`');
    process.exit(1);
  }
}
