import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanUp, exitWithin, freePort, type Running, serverScript, spawnProcess, tempDir, waitForPing } from '@reorder/testing';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The real process (the bundle `npm start` runs, built from `src/main.ts`): configuration checked at start with one
 * clear line per bad variable (docs/decisions.md §5), the embedded database and the
 * generated JWT secret in DATA_DIR, and a graceful SIGTERM that lets a
 * request in flight finish. Always on PGlite (DATABASE_URL unset), whichever
 * database the run is for.
 */

const serverDir = fileURLToPath(new URL('..', import.meta.url));
afterAll(cleanUp);

/**
 * Starts the server as `npm start` does (the run's build, serverScript) with
 * only the given variables (plus PATH), so nothing from the test's own
 * environment leaks in.
 */
function startProcess(env: Record<string, string>, options: { umask?: string } = {}): Running {
  // With `umask`, the process starts under that mask (e.g. 000, as some containers run), through sh.
  const [command, args] = options.umask
    ? ['sh', ['-c', `umask ${options.umask} && exec "$0" "$@"`, process.execPath, ...serverScript('main')]]
    : [process.execPath, serverScript('main')];
  return spawnProcess(command, args, { cwd: serverDir, env });
}

/** What the process wrote to stderr, line by line, blank lines left out. */
const stderrLines = (running: Running) =>
  running
    .stderr()
    .split('\n')
    .filter((line) => line.trim() !== '');

/**
 * Runs the process with a bad configuration, or on a DATA_DIR holding `files`
 * (a key file it refuses), and returns its exit code and stderr lines.
 * Nothing was started or written before the check: DATA_DIR then holds
 * `leaves` (by default, only the files put there).
 */
async function runWithBadConfig(env: Record<string, string>, files: Record<string, string> = {}, leaves = Object.keys(files)) {
  const dataDir = tempDir();
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dataDir, name), content, { mode: 0o600 });
  const running = startProcess({ HOST: '127.0.0.1', DATA_DIR: dataDir, ...env });
  const { code } = await exitWithin(running, 30_000);
  const lines = stderrLines(running);
  expect(running.stdout(), 'stdout').not.toMatch(/running at/i);
  expect(readdirSync(dataDir).sort(), 'DATA_DIR holds nothing new').toEqual([...leaves].sort());
  return { code, lines, stderr: running.stderr() };
}

/** True once a new TCP connection to the port is refused. */
async function refusedWithin(port: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });
    if (refused) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** A parsed HTTP/1.1 response read from a raw socket, once it is complete (Content-Length or chunked). */
function parseResponse(raw: Buffer): { status: number; headers: Record<string, string>; body: string } | undefined {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const head = raw.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head[0] ?? '')?.[1]);
  const headers: Record<string, string> = {};
  for (const line of head.slice(1)) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = raw.subarray(end + 4);
  if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    return rest.length >= length ? { status, headers, body: rest.subarray(0, length).toString('utf8') } : undefined;
  }
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    let body = '';
    let offset = 0;
    for (;;) {
      const lineEnd = rest.indexOf('\r\n', offset);
      if (lineEnd < 0) return undefined;
      const size = Number.parseInt(rest.subarray(offset, lineEnd).toString('latin1'), 16);
      if (size === 0) return { status, headers, body };
      if (rest.length < lineEnd + 2 + size + 2) return undefined;
      body += rest.subarray(lineEnd + 2, lineEnd + 2 + size).toString('utf8');
      offset = lineEnd + 2 + size + 2;
    }
  }
  return undefined;
}

describe('a bad configuration stops the process at start with one clear line per variable', () => {
  it('PORT out of range', async () => {
    const { code, lines } = await runWithBadConfig({ PORT: '70000' });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/\bPORT\b/);
    expect(lines[0]).not.toContain('    at ');
  });

  it('PORT that is not a number', async () => {
    const { code, lines } = await runWithBadConfig({ PORT: 'eighty' });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/\bPORT\b/);
  });

  it('a malformed DATABASE_URL', async () => {
    const { code, lines } = await runWithBadConfig({ DATABASE_URL: 'not-a-url' });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/\bDATABASE_URL\b/);
    expect(lines[0]).not.toMatch(/\bPORT\b/);
  });

  it('two bad values give two lines, one naming each', async () => {
    const { code, lines } = await runWithBadConfig({ PORT: '70000', DATABASE_URL: 'not-a-url' });
    expect(code).toBe(1);
    expect(lines).toHaveLength(2);
    expect(lines.filter((l) => /\bPORT\b/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => /\bDATABASE_URL\b/.test(l))).toHaveLength(1);
  });

  it('never echoes a secret value', async () => {
    const jwt = await runWithBadConfig({ JWT_SECRET: 'sh0rt-s3cr3t' });
    expect(jwt.code).toBe(1);
    expect(jwt.lines).toHaveLength(1);
    expect(jwt.lines[0]).toMatch(/\bJWT_SECRET\b/);
    expect(jwt.stderr).not.toContain('sh0rt-s3cr3t');

    // A connection string that may carry a password is not echoed either.
    const db = await runWithBadConfig({ DATABASE_URL: 'mysql://admin:pa55w0rd-xyz@db.example.com/app' });
    expect(db.code).toBe(1);
    expect(db.lines).toHaveLength(1);
    expect(db.lines[0]).toMatch(/\bDATABASE_URL\b/);
    expect(db.stderr).not.toContain('pa55w0rd-xyz');

    const smtp = await runWithBadConfig({ SMTP_URL: 'http://mailer:m4il-s3cret@mail.example.com' });
    expect(smtp.code).toBe(1);
    expect(smtp.lines).toHaveLength(1);
    expect(smtp.lines[0]).toMatch(/\bSMTP_URL\b/);
    expect(smtp.stderr).not.toContain('m4il-s3cret');
  }, 60_000);
});

describe('a real start on the embedded database, and a graceful SIGTERM', () => {
  const dataDir = tempDir();
  let port: number;
  let base: string;
  let token: string;
  let secret: string;

  it('starts with DATABASE_URL unset, keeping the database and a generated JWT secret in DATA_DIR', async () => {
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // Under umask 000 every file would be world-writable, unless the server sees to it.
    const running = startProcess({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir }, { umask: '000' });
    try {
      await waitForPing(base, running, 90_000);
      expect(running.stdout()).toContain(base);

      const pgliteDir = path.join(dataDir, 'pglite');
      expect(existsSync(pgliteDir)).toBe(true);
      expect(readdirSync(pgliteDir)).toContain('PG_VERSION');

      const secretFile = path.join(dataDir, 'jwt-secret');
      expect(existsSync(secretFile)).toBe(true);
      expect(statSync(secretFile).mode & 0o777).toBe(0o600);
      secret = readFileSync(secretFile, 'utf8').trim();
      expect(secret.length).toBeGreaterThanOrEqual(32);

      // It is a working server: register a user for the restart below.
      const res = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          businessName: 'Proceso',
          fullName: 'Pat Proc',
          email: 'pat@example.com',
          password: 'a long enough password',
        }),
      });
      expect(res.status).toBe(200);
      token = ((await res.json()) as { data: { token: string } }).data.token;
      // The secret itself never shows up in the logs.
      expect(running.stdout() + running.stderr()).not.toContain(secret);
    } finally {
      running.child.kill('SIGTERM');
      await exitWithin(running, 15_000);
    }
    // DATA_DIR holds password hashes and the key: the server's user alone may read it.
    const open: string[] = [];
    const walk = (dir: string) => {
      if ((statSync(dir).mode & 0o777) !== 0o700) open.push(`${dir} ${(statSync(dir).mode & 0o777).toString(8)}`);
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if ((statSync(full).mode & 0o777) !== 0o600) open.push(`${full} ${(statSync(full).mode & 0o777).toString(8)}`);
      }
    };
    walk(dataDir);
    expect(open).toEqual([]);
  }, 120_000);

  // Each refused before the database is opened: no embedded database and no lock in DATA_DIR.
  it('refuses to start with a jwt-secret file shorter than 32 characters, in one line, before opening the database', async () => {
    const { code, lines, stderr } = await runWithBadConfig({ PORT: '0' }, { 'jwt-secret': 'short' });
    expect(code).toBe(1);
    expect(lines).toEqual([expect.stringMatching(/^Configuration error: .*jwt-secret.*at least 32/)]);
    expect(stderr).not.toContain('short');
  });

  it('refuses to start with a vapid.json that lacks a key, in one line, before opening the database', async () => {
    // The signing key, missing, is generated first; the database is not.
    const { code, lines } = await runWithBadConfig({ PORT: '0' }, { 'vapid.json': JSON.stringify({ publicKey: 'only-half' }) }, [
      'jwt-secret',
      'vapid.json',
    ]);
    expect(code).toBe(1);
    expect(lines).toEqual([expect.stringMatching(/^Configuration error: .*vapid\.json must hold \{"publicKey", "privateKey"\}/)]);
  });

  /**
   * Starts the server again on the same DATA_DIR, opens a slow request (headers and part of the body),
   * sends SIGTERM, checks new connections are refused, then finishes the body and reads the answer.
   */
  async function slowRequestThroughShutdown() {
    const running = startProcess({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    await waitForPing(base, running, 90_000);

    const body = Buffer.from(JSON.stringify({ email: 'pat@example.com' }));
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const chunks: Buffer[] = [];
    const state = { closedByServer: false };
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => {
      state.closedByServer = true;
    });
    socket.on('error', () => {});
    socket.write(
      `POST /api/auth/forgot-password HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n`,
    );
    socket.write(body.subarray(0, 5));
    // Let the server read the headers and start on the request.
    await new Promise((r) => setTimeout(r, 300));

    running.child.kill('SIGTERM');
    expect(await refusedWithin(port, 3_000), 'new connections are refused soon after SIGTERM').toBe(true);
    expect(running.child.exitCode, 'the process waits for the request in flight').toBeNull();
    expect(chunks, 'nothing was answered before the body was complete').toEqual([]);

    socket.write(body.subarray(5));
    const deadline = Date.now() + 5_000;
    let response = parseResponse(Buffer.concat(chunks));
    while (!response && !state.closedByServer && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 25));
      response = parseResponse(Buffer.concat(chunks));
    }
    response ??= parseResponse(Buffer.concat(chunks));
    expect(response, `a complete response, got: ${Buffer.concat(chunks).toString('utf8')}`).toBeDefined();
    expect(response!.status).toBe(200);
    expect(JSON.parse(response!.body)).toMatchObject({ code: 1, data: null });
    return { running, socket, response: response!, state };
  }

  it('on SIGTERM refuses new connections, finishes the request in flight, then exits with 0', async () => {
    expect(token, 'needs the first start').toEqual(expect.any(String));
    const { running, socket } = await slowRequestThroughShutdown();
    // The client is done with the answer.
    socket.end();
    const { code, signal } = await exitWithin(running, 9_000);
    socket.destroy();
    expect(signal).toBeNull();
    expect(code).toBe(0);
    const logs = running.stdout() + running.stderr();
    expect(logs).toMatch(/shutting down/);
    expect(logs).not.toMatch(/shutdown timed out/);
  }, 120_000);

  it('restarts with the same JWT secret and data: an old token still works', async () => {
    expect(token, 'needs the first start').toEqual(expect.any(String));
    const running = startProcess({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    try {
      await waitForPing(base, running, 90_000);
      expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(secret);
      const me = await fetch(`${base}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { data: { email: string } }).data.email).toBe('pat@example.com');
    } finally {
      running.child.kill('SIGTERM');
      await exitWithin(running, 15_000);
    }
  }, 120_000);

  it('does not let a keep-alive client hold the shutdown: the process still exits with 0 before its 10 s timeout', async () => {
    expect(token, 'needs the first start').toEqual(expect.any(String));
    const { running, socket, response, state } = await slowRequestThroughShutdown();
    // The client keeps its connection open, as browsers and HTTP agents do. The server must close it
    // (say `Connection: close` on answers during shutdown, or close the connection once it is idle).
    const started = Date.now();
    const exit = await exitWithin(running, 15_000).finally(() => socket.destroy());
    const ms = Date.now() - started;
    const told = `exited with ${exit.code} after ${ms} ms; the answer said "Connection: ${response.headers.connection}"; connection closed by the server: ${state.closedByServer}`;
    expect(exit.signal, told).toBeNull();
    expect(running.stdout() + running.stderr(), told).not.toMatch(/shutdown timed out/);
    expect(exit.code, told).toBe(0);
    expect(ms, told).toBeLessThan(9_000);
  }, 120_000);
});

describe('one process per embedded database folder', () => {
  const dataDir = tempDir();

  async function registerOwner(base: string, email: string) {
    const res = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ businessName: 'Lock Café', fullName: 'Lola Lock', email, password: 'a long enough password' }),
    });
    expect(res.status).toBe(200);
  }

  it('refuses a second server and db:migrate on the same DATA_DIR with one clear line, and the first keeps working', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = startProcess({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    try {
      await waitForPing(base, first, 90_000);
      await registerOwner(base, 'first@example.com');

      const second = startProcess({ PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: dataDir });
      const { code } = await exitWithin(second, 60_000);
      expect(code).toBe(1);
      const lines = stderrLines(second);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Could not start: the embedded database in .* is in use by another Reorder process \(pid \d+\)/);
      expect(second.stdout()).not.toMatch(/running at/i);

      const migrate = spawnProcess(process.execPath, serverScript('migrate'), { cwd: serverDir, env: { DATA_DIR: dataDir } });
      expect((await exitWithin(migrate, 60_000)).code).toBe(1);
      expect(migrate.stderr().trim()).toMatch(/^Could not migrate: the embedded database in .* is in use by another Reorder process/);

      // The first server never noticed.
      await registerOwner(base, 'still@example.com');
    } finally {
      first.child.kill('SIGTERM');
      await exitWithin(first, 15_000);
    }
  }, 180_000);

  it('takes over the lock of a server that crashed, with the data it had kept', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const crashed = startProcess({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    await waitForPing(base, crashed, 90_000);
    await registerOwner(base, 'before.crash@example.com');
    crashed.child.kill('SIGKILL');
    await exitWithin(crashed, 15_000);
    expect(existsSync(path.join(dataDir, 'reorder.lock'))).toBe(true);

    const next = startProcess({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
    try {
      await waitForPing(base, next, 90_000);
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'before.crash@example.com', password: 'a long enough password' }),
      });
      expect(login.status).toBe(200);
    } finally {
      next.child.kill('SIGTERM');
      await exitWithin(next, 15_000);
    }
    // A clean stop leaves no lock behind.
    expect(existsSync(path.join(dataDir, 'reorder.lock'))).toBe(false);
  }, 180_000);
});
