import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
export const SERVER_DIR = path.join(root, 'services/server');

/** Where the run's built server is (set by global-setup.ts for the suites that start server processes). */
export const SERVER_BUILD_ENV = 'REORDER_TEST_SERVER_BUILD';

/**
 * The command line of one of the server's scripts (`main`: the server,
 * `migrate`: db:migrate), from services/server: the run's build (the bundle
 * `npm start` and the container run), with the Node flags `npm start` gives
 * it; outside a vitest run, the TypeScript source through tsx.
 */
export function serverScript(script: 'main' | 'migrate'): string[] {
  const build = process.env[SERVER_BUILD_ENV];
  if (!build) return ['--import', 'tsx', `src/${script}.ts`];
  const nodeArgs = JSON.parse(readFileSync(path.join(SERVER_DIR, 'node-args.json'), 'utf8')) as string[];
  return [...nodeArgs, path.join(build, `${script}.js`)];
}

/** Every file the bundle is made of: the server's and the workspace packages' source, the build script, the lockfile. */
function sourceFiles(): string[] {
  const files: string[] = [path.join(SERVER_DIR, 'build.mjs'), path.join(root, 'pnpm-lock.yaml')];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!entry.name.includes('.test.')) files.push(full);
    }
  };
  walk(path.join(SERVER_DIR, 'src'));
  for (const pkg of readdirSync(path.join(root, 'packages'))) {
    const src = path.join(root, 'packages', pkg, 'src');
    if (existsSync(src) && statSync(src).isDirectory()) walk(src);
  }
  return files.sort();
}

/**
 * Builds the server once for the run (services/server/build.mjs, a second or
 * two), into a folder named by the hash of its sources: a run with nothing
 * changed reuses it, and two suites started together build it once each at
 * most, the second to finish keeping the first's. The folder sits beside
 * `dist/` (services/server/.test-build-<hash>), so the bundle finds the web
 * app and its external packages where `dist/main.js` does.
 */
export function buildServerForTests(): string {
  const hash = createHash('sha256');
  for (const file of sourceFiles()) hash.update(path.relative(root, file)).update(readFileSync(file));
  const name = `.test-build-${hash.digest('hex').slice(0, 16)}`;
  const dir = path.join(SERVER_DIR, name);
  if (existsSync(path.join(dir, 'main.js'))) return dir;
  const partial = `${dir}.${process.pid}`;
  const built = spawnSync(process.execPath, ['build.mjs', `--outdir=${partial}`], { cwd: SERVER_DIR, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`Building the server for the tests failed (exit ${built.status ?? built.signal})`);
  try {
    renameSync(partial, dir);
  } catch {
    rmSync(partial, { recursive: true, force: true });
  }
  // Older builds of this checkout go.
  for (const entry of readdirSync(SERVER_DIR)) {
    if (entry.startsWith('.test-build-') && entry !== name && !entry.includes('.', '.test-build-'.length)) {
      rmSync(path.join(SERVER_DIR, entry), { recursive: true, force: true });
    }
  }
  return dir;
}
