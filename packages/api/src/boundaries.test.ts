import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { biomeConfig } from '../../../tooling/scripts/boundaries.mjs';

/**
 * The import rules of the whole repository (the API's layers here and the web
 * app's arrows) come from one table, tooling/scripts/boundaries.mjs. This file
 * sits here because the unit project only looks under packages/ and services/.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('the import boundaries (tooling/scripts/boundaries.mjs)', () => {
  it('biome.json holds the rules the table makes', () => {
    const stale = 'biome.json is not what tooling/scripts/boundaries.mjs makes: run `node tooling/scripts/boundaries.mjs --write`';
    expect(readFileSync(path.join(repo, 'biome.json'), 'utf8') === biomeConfig(), stale).toBe(true);
  });

  // Each probe is a file at that path with one import; Biome lints them with the generated config.
  const probes: [file: string, imports: string, reported: boolean][] = [
    // The API: a domain never imports another domain; a flow only what its row allows.
    ['packages/api/src/suppliers/probe.ts', '../orders/orders.repository.ts', true],
    ['packages/api/src/suppliers/probe.ts', '../sessions/require-user.ts', false],
    ['packages/api/src/errors.ts', './users/users.service.ts', true],
    ['packages/api/src/auth/social/probe.ts', '../../orders/orders.service.ts', true],
    ['packages/api/src/auth/social/probe.ts', '../../users/users.service.ts', false],
    ['packages/api/src/reminders/probe.ts', '../confirmations/confirmations.service.ts', true],
    ['packages/api/src/confirmations/probe.ts', '../reminders/reminders.ts', true],
    ['packages/api/src/confirmations/probe.ts', '../reminders/router.ts', true],
    ['packages/api/src/confirmations/probe.ts', '../mail/notify-owner.ts', false],
    ['packages/api/src/root.ts', './orders/router.ts', false],
    // The web app: app → screens → features → ui → lib, never back.
    ['services/web/src/ui/probe.tsx', '../features/orders/api.ts', true],
    ['services/web/src/ui/probe.tsx', '../app/App.tsx', true],
    ['services/web/src/ui/probe.tsx', '../lib/paths.ts', false],
    ['services/web/src/ui/probe.tsx', '../lib/i18n.ts', false],
    ['services/web/src/ui/probe.tsx', '../app/data.tsx', true],
    ['services/web/src/ui/probe.tsx', '../lib/trpc.ts', false],
    ['services/web/src/lib/probe.tsx', '../ui/Feedback.tsx', true],
    ['services/web/src/lib/probe.ts', '../features/orders/api.ts', true],
    ['services/web/src/lib/probe.ts', './trpc.ts', false],
    ['services/web/src/features/orders/probe.ts', '../../screens/Home.tsx', true],
    ['services/web/src/features/orders/probe.ts', '../../app/routes.ts', true],
    ['services/web/src/features/orders/probe.ts', '../../lib/i18n.ts', false],
    ['services/web/src/features/orders/probe.ts', '../../lib/trpc.ts', false],
    ['services/web/src/features/orders/probe.ts', '../../app/lazy-screen.tsx', true],
    ['services/web/src/features/orders/probe.ts', '../../app/data.tsx', true],
    ['services/web/src/features/orders/probe.ts', '../suppliers/api.ts', false],
    ['services/web/src/screens/orders/probe.tsx', '../auth/Login.tsx', true],
    ['services/web/src/screens/orders/probe.tsx', '../Home.tsx', true],
    ['services/web/src/screens/orders/probe.tsx', '../../features/orders/api.ts', false],
    ['services/web/src/screens/orders/probe.tsx', '../../app/routes.ts', true],
    ['services/web/src/confirm/probe.ts', '../lib/paths.ts', true],
    ['services/web/src/app/probe.ts', '../screens/Home.tsx', false],
  ];
  const dir = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('Biome reports an import across a forbidden boundary, and only that', () => {
    const config = JSON.parse(biomeConfig());
    config.vcs = { enabled: false };
    delete config.$schema;
    writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
    const files = probes.map(([file, imports], n) => {
      // Several probes share a folder: probe.ts becomes probe.<n>.ts (a named file, such as errors.ts, appears once).
      const probe = file.replace(/\/probe(\.tsx?)$/, `/probe.${n}$1`);
      mkdirSync(path.join(dir, path.dirname(probe)), { recursive: true });
      writeFileSync(path.join(dir, probe), `import { probe } from '${imports}';\nexport const used = probe;\n`);
      return probe;
    });
    const biome = path.join(repo, 'node_modules/.bin/biome');
    const run = spawnSync(biome, ['lint', '--reporter=json', '--only=style/noRestrictedImports', '--max-diagnostics=none', '.'], {
      cwd: dir,
      encoding: 'utf8',
    });
    const report = JSON.parse(run.stdout) as { diagnostics: { category: string; location: { path: string } }[] };
    const reported = new Set(report.diagnostics.filter((d) => d.category === 'lint/style/noRestrictedImports').map((d) => d.location.path));
    const seen = probes.map(([file, imports], n) => [file, imports, reported.has(files[n]!)]);
    expect(seen).toEqual(probes);
  });
});
