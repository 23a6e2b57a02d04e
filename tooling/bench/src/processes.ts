import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository's root. */
export const root = fileURLToPath(new URL('../../../', import.meta.url));
/** The built server, as `npm start` runs it. */
export const serverMain = path.join(root, 'services/server/dist/main.js');
/** The Node flags a checkout's `npm start` runs its server with (its services/server/node-args.json); undefined without that file. */
export function nodeArgsOf(checkout: string): string[] | undefined {
  const file = path.join(checkout, 'services/server/node-args.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as string[]) : undefined;
}
/** The Node flags npm start and the container run the server with. */
export const NODE_ARGS = nodeArgsOf(root) as string[];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    import('node:net').then(({ createServer }) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const address = s.address();
        s.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
      });
    }, reject);
  });
}

async function waitForUrl(url: string, child: ChildProcess, output: () => string) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within 60 s\n${output()}`);
}

/** A process serving HTTP: its address, its pid, and how to stop it. */
export interface Running {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * Starts a process that serves HTTP on `port`, in `cwd` (the repository by
 * default). Its stdout (the server logs every request, as in production)
 * goes to `logFile` when given, else nowhere.
 */
export async function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  port: number,
  probe: string,
  logFile?: string,
  cwd: string = root,
): Promise<Running> {
  let errors = '';
  const log = logFile === undefined ? undefined : openSync(logFile, 'a');
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', log ?? 'ignore', 'pipe'],
  });
  if (log !== undefined) closeSync(log);
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForUrl(`${url}${probe}`, child, () => errors);
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Stops the benchmark with one line when the server has not been built (`npm run build`). */
export function requireBuiltServer(): void {
  if (existsSync(serverMain)) return;
  console.error('Build the server first: npm run build (the benchmark runs services/server/dist/main.js, as npm start does).');
  process.exit(1);
}

/** Starts the built server with its own Node flags (and `extraArgs` before them), as npm start does; its log to `logFile` if given. */
export function startBuiltServer(env: Record<string, string>, port: number, extraArgs: string[] = [], logFile?: string): Promise<Running> {
  return startProcess(process.execPath, [...extraArgs, ...NODE_ARGS, serverMain], env, port, '/api/ping', logFile);
}

const baselineMain = fileURLToPath(new URL('./baseline-server.ts', import.meta.url));
const tsx = path.join(root, 'tooling/bench/node_modules/.bin/tsx');
const tsxLoader = pathToFileURL(path.join(root, 'tooling/bench/node_modules/tsx/dist/loader.mjs')).href;

/**
 * Starts the bare baseline (baseline-server.ts, its settings in `env`) on a
 * free port: through tsx on Node's defaults, or `node --import tsx` with
 * `nodeArgs` (which then apply to it as to the server).
 */
export async function startBaseline(env: Record<string, string>, nodeArgs: string[] = []): Promise<Running> {
  return startProcess(
    nodeArgs.length ? process.execPath : tsx,
    nodeArgs.length ? ['--import', tsxLoader, ...nodeArgs, baselineMain] : [baselineMain],
    env,
    await freePort(),
    '/api/none',
  );
}
