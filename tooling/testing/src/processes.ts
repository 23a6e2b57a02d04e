import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiClient } from './harness.ts';
import { SERVER_DIR, serverScript } from './server-build.ts';

/**
 * Real processes for the tests that start the server (or a tool) the way an
 * operator would: each runs with only the variables given (plus PATH and
 * HOME), its output kept for the failure message. Call `cleanUp()` in
 * `afterAll`: it kills what still runs and removes the temporary folders.
 */
export interface Running {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children = new Set<ChildProcess>();
const tempDirs: string[] = [];

export function cleanUp(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}

/** Waits until `condition` holds, checking every 50 ms; throws "timed out waiting for <what>" after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A new empty folder, removed by `cleanUp()`. */
export function tempDir(prefix = 'reorder-process-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

export function spawnProcess(command: string, args: string[], options: { cwd: string; env: Record<string, string> }): Running {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Waits for the exit; kills the process and fails when it takes longer than `ms`. */
export async function exitWithin(running: Running, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  const result = await Promise.race([running.exited, timeout]);
  clearTimeout(timer);
  if (result === 'timeout') {
    running.child.kill('SIGKILL');
    throw new Error(`the process did not exit within ${ms} ms\nstdout: ${running.stdout()}\nstderr: ${running.stderr()}`);
  }
  return result;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Polls HEAD /api/ping until it answers 200 (the first PGlite start can take a while). */
export async function waitForPing(base: string, running: Running, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (running.child.exitCode !== null) throw new Error(`the server exited early (${running.child.exitCode}): ${running.stderr()}`);
    try {
      const res = await fetch(`${base}/api/ping`, { method: 'HEAD', signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline)
      throw new Error(`no answer on ${base}/api/ping within ${timeoutMs} ms\nstdout: ${running.stdout()}\nstderr: ${running.stderr()}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** services/server, where the server's own commands (`src/main.ts`, `src/migrate.ts`) run. */

/** A server started as its own process, and a client for it. */
export interface ServerProcess {
  running: Running;
  base: string;
  api: ApiClient;
}

/**
 * Starts the server the way an operator does (`npm start`: the built bundle
 * with its Node flags, server-build.ts) with only `env`, on 127.0.0.1 and a free port unless
 * `env` names a PORT, in a new DATA_DIR unless it names one, and waits until
 * it answers /api/ping (within `timeoutMs`: the first PGlite start, or the
 * first process migrating a database, can take a while).
 */
export async function startServerProcess(env: Record<string, string> = {}, timeoutMs = 90_000): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const running = spawnProcess(process.execPath, serverScript('main'), {
    cwd: SERVER_DIR,
    env: { HOST: '127.0.0.1', DATA_DIR: path.join(tempDir(), 'data'), ...env, PORT: port },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForPing(base, running, timeoutMs);
  return { running, base, api: new ApiClient(base) };
}
