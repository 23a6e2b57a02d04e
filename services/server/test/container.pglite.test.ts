import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@reorder/server';
import { cleanUp, exitWithin, freePort, type Running, spawnProcess, tempDir, waitForPing } from '@reorder/testing';
import { DockerfileParser, type Instruction } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

/**
 * The container (docs/decisions.md §7). No Docker engine runs here, so the Dockerfile
 * is linted and then played step by step on this machine: its build stage's
 * COPY and RUN lines in order, in a folder of their own that each COPY fills
 * from a copy of the repository (without what .dockerignore leaves out), so a
 * RUN sees only what was copied before it; its run stage's COPY, ENV, CMD and
 * HEALTHCHECK on the result. The server starts from exactly what the image
 * would hold, and the health check answers as Docker would see it.
 * compose.yaml is read and its settings checked by the server's own config.
 */
const repo = path.resolve(import.meta.dirname, '../../..');
const dockerfileText = readFileSync(path.join(repo, 'Dockerfile'), 'utf8');
const dockerfile = DockerfileParser.parse(dockerfileText);
const instructions = dockerfile.getInstructions();
const runStageStart = instructions.indexOf(dockerfile.getFROMs().at(-1)!);
const buildStage = instructions.slice(0, runStageStart);
const runStage = instructions.slice(runStageStart);
const keyword = (stage: Instruction[], name: string) => stage.filter((i) => i.getKeyword() === name);
/** `KEY=value` pairs of ENV and ARG lines. */
const pairsOf = (stage: Instruction[], name: string) =>
  Object.fromEntries(keyword(stage, name).flatMap((i) => i.getArguments().map((a) => a.getValue().split('=') as [string, string])));
/** The JSON (exec) form of CMD or HEALTHCHECK CMD. */
const execForm = (instruction: Instruction) => JSON.parse(instruction.getArgumentsContent()!.replace(/^CMD\s+/, '')) as string[];

afterAll(cleanUp);

describe('the Dockerfile', () => {
  it('passes the Dockerfile linter (which does find faults)', () => {
    expect(validate(dockerfileText)).toEqual([]);
    expect(validate('FROM node:20\nHEALTHCHECK CMD a\nHEALTHCHECK CMD b\nEXPOSE port\n').length).toBeGreaterThan(0);
  });

  it('builds in one stage and runs in a slim one, as a user that is not root, with a health check on /api/ready', () => {
    const [build, run] = dockerfile.getFROMs();
    expect(dockerfile.getFROMs()).toHaveLength(2);
    expect(build!.getBuildStage()).toBe('build');
    expect(run!.getImageName()).toBe('node');
    expect(run!.getImageTag()).toMatch(/^20-.*slim$/);
    // The same Node major as the one the tests run on and package.json asks for.
    expect(build!.getImageTag()!.split('-')[0]).toBe(run!.getImageTag()!.split('-')[0]);
    const users = keyword(runStage, 'USER').map((i) => i.getArgumentsContent());
    expect(users).toEqual(['node']);
    expect(execForm(keyword(runStage, 'HEALTHCHECK')[0]!)).toEqual(['node', '/app/services/server/healthcheck.mjs']);
    expect(readFileSync(path.join(repo, 'services/server/healthcheck.mjs'), 'utf8')).toContain('/api/ready');
    expect(keyword(runStage, 'COPY').map((i) => i.getTextContent())).toEqual(['COPY --from=build /out /app']);
  });

  it('runs the server with the Node flags of services/server/node-args.json, as npm start does', () => {
    const nodeArgs = JSON.parse(readFileSync(path.join(repo, 'services/server/node-args.json'), 'utf8')) as string[];
    expect(nodeArgs).toContain('--max-semi-space-size=64');
    expect(nodeArgs).toContain('--no-allocation-site-pretenuring');
    const [command, ...args] = execForm(keyword(runStage, 'CMD')[0]!);
    expect([command, ...args]).toEqual(['node', ...nodeArgs, '/app/services/server/dist/main.js']);
    const start = JSON.parse(readFileSync(path.join(repo, 'services/server/package.json'), 'utf8')).scripts.start as string;
    expect(start).toBe(['node', ...nodeArgs, 'dist/main.js'].join(' '));
  });

  it('pins the pnpm of package.json', () => {
    const pnpm = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')).packageManager;
    expect(pairsOf(buildStage, 'ARG').PNPM).toBe(pnpm);
  });
});

describe('the image, played without Docker', () => {
  const paths: Record<string, string> = {};
  let server: Running;
  let base: string;
  let env: Record<string, string>;

  /** A path of the image, as it lies on this machine. */
  const here = (value: string) => value.replace(/^\/(out|app|data)(?=\/|$)/, (_m, root: string) => paths[root]!);

  beforeAll(async () => {
    const context = tempDir('reorder-image-src-');
    paths.out = path.join(tempDir('reorder-image-out-'), 'out');
    paths.app = tempDir('reorder-image-app-');
    paths.data = path.join(tempDir('reorder-image-data-'), 'data');
    // The build context: what git tracks or would track (.dockerignore's entries are all ignored by git too).
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: repo, encoding: 'utf8' })
      .split('\0')
      .filter((file) => file && existsSync(path.join(repo, file)));
    const ignored = readFileSync(path.join(repo, '.dockerignore'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'));
    expect(ignored).toEqual(expect.arrayContaining(['.git', '**/node_modules', '**/dist', 'data']));
    for (const file of files) cpSync(path.join(repo, file), path.join(context, file));

    // The build stage in order: ARG and ENV for every RUN, which runs in the WORKDIR (a folder of its
    // own) and sees only what the COPY lines before it put there, as in Docker's build.
    const workdir = tempDir('reorder-image-workdir-');
    const buildEnv = { ...pairsOf(buildStage, 'ARG'), ...pairsOf(buildStage, 'ENV') };
    for (const step of buildStage) {
      if (step.getKeyword() === 'COPY') {
        const values = step.getArguments().map((a) => a.getValue());
        const dest = values.at(-1)!;
        // `COPY a b ./` puts each source in the folder; `COPY . .` the context's contents; `COPY dir ./dir` the folder.
        const into = dest.endsWith('/') || dest === '.';
        for (const source of values.slice(0, -1)) {
          const target = source === '.' || !into ? path.join(workdir, dest) : path.join(workdir, dest, path.basename(source));
          cpSync(path.join(context, source), target, { recursive: true });
        }
      }
      if (step.getKeyword() !== 'RUN') continue;
      const command = step.getArgumentsContent()!.replace(/\s\/out\b/g, ` ${paths.out}`);
      const result = spawnSync('sh', ['-c', command], {
        cwd: workdir,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...buildEnv },
        encoding: 'utf8',
      });
      expect(result.status, `RUN ${command}\n${result.stdout}\n${result.stderr}`).toBe(0);
    }

    // The run stage: COPY --from=build /out /app, the data folder, ENV, then CMD.
    cpSync(paths.out, paths.app, { recursive: true });
    mkdirSync(paths.data, { mode: 0o700 });
    const port = await freePort();
    env = { ...pairsOf(runStage, 'ENV'), PORT: String(port) };
    env.DATA_DIR = here(env.DATA_DIR!);
    base = `http://127.0.0.1:${port}`;
    const [command, ...args] = execForm(keyword(runStage, 'CMD')[0]!).map(here);
    server = spawnProcess(command === 'node' ? process.execPath : command!, args, { cwd: paths.app, env });
    await waitForPing(base, server, 90_000);
  }, 240_000);

  const healthCheck = () => {
    const [command, ...args] = execForm(keyword(runStage, 'HEALTHCHECK')[0]!).map(here);
    return spawnSync(command === 'node' ? process.execPath : command!, args, { env, encoding: 'utf8', timeout: 10_000 }).status;
  };

  it('holds the built server, its production dependencies and the web app, and nothing for development', () => {
    const app = paths.app!;
    for (const file of ['services/server/dist/main.js', 'services/server/dist/migrate.js', 'services/web/dist/index.html']) {
      expect(existsSync(path.join(app, file)), file).toBe(true);
    }
    for (const absent of ['services/server/src', 'services/server/test', 'packages', 'services/web/src']) {
      expect(existsSync(path.join(app, absent)), absent).toBe(false);
    }
    for (const dev of ['vitest', 'tsx', 'playwright-core', 'esbuild']) {
      expect(existsSync(path.join(app, 'services/server/node_modules', dev)), dev).toBe(false);
    }
  });

  it('serves the app and the API on the image settings, and the health check passes', async () => {
    expect(healthCheck()).toBe(0);
    const page = await fetch(`${base}/orders`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ businessName: 'Horno', fullName: 'Ana Ruiz', email: 'image@example.com', password: 'correct horse battery' }),
    });
    expect(registered.status).toBe(200);
    expect(existsSync(path.join(paths.data!, 'pglite'))).toBe(true);
  });

  it('stops cleanly on SIGTERM (docker stop), and the health check then fails', async () => {
    server.child.kill('SIGTERM');
    expect((await exitWithin(server, 15_000)).code).toBe(0);
    expect(healthCheck()).toBe(1);
  });
});

describe('compose.yaml', () => {
  const compose = parseYaml(readFileSync(path.join(repo, 'compose.yaml'), 'utf8'));
  /** Compose's interpolation of `${NAME}`, `${NAME:-default}` and `${NAME:?error}`. */
  const interpolate = (value: string, vars: Record<string, string>) =>
    value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_m, name: string, op?: string, rest?: string) => {
      if (vars[name]) return vars[name]!;
      if (op === '?') throw new Error(`${name}: ${rest}`);
      return op === '-' ? (rest ?? '') : '';
    });

  it('runs the image with PostgreSQL 15, once the database is healthy', () => {
    expect(compose.services.server.build).toBe('.');
    expect(compose.services.db.image).toBe('postgres:15');
    expect(compose.services.db.healthcheck.test.join(' ')).toContain('pg_isready');
    expect(compose.services.server.depends_on.db.condition).toBe('service_healthy');
    expect(compose.services.server.volumes).toContain('server-data:/data');
    expect(compose.services.db.volumes[0]).toMatch(/:\/var\/lib\/postgresql\/data$/);
  });

  it('gives the server settings its configuration accepts, and refuses to start without a database password', () => {
    const vars = { POSTGRES_PASSWORD: 's3cret-db-password' };
    const environment = Object.fromEntries(
      Object.entries<string>(compose.services.server.environment).map(([key, value]) => [key, interpolate(String(value), vars)]),
    );
    const image = pairsOf(runStage, 'ENV');
    const loaded = loadConfig({ ...image, ...environment, DATA_DIR: tempDir() });
    expect(loaded.ok ? [] : loaded.errors).toEqual([]);
    if (!loaded.ok) return;
    expect(new URL(loaded.config.databaseUrl!).host).toBe('db:5432');
    // The server's URL and the database's own setting take the same password.
    expect(new URL(loaded.config.databaseUrl!).password).toBe(interpolate(compose.services.db.environment.POSTGRES_PASSWORD, vars));
    expect(loaded.config.host).toBe('0.0.0.0');
    expect(() => interpolate(compose.services.server.environment.DATABASE_URL, {})).toThrow(/POSTGRES_PASSWORD/);
  });
});
