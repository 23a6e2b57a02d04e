import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger, type RateRules } from '@reorder/api';
import { createScratchDatabase } from '@reorder/db';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { type Config, loadConfig } from '../src/config.ts';
import { type RunningServer, startServer } from '../src/server.ts';

/** Which database this run uses: the vitest project sets TEST_DB. */
export const TEST_DB: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A database of its own for one test file: a fresh PostgreSQL database, or an in-memory PGlite. */
export async function createTestDatabase(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  if (TEST_DB === 'pglite') return { url: undefined, drop: async () => {} };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return createScratchDatabase(adminUrl, 'reorder_t');
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string | undefined;
  body?: unknown;
  /** Sent as is instead of JSON.stringify(body). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface RegisteredUser {
  token: string;
  user: { id: number; username: string; email: string; businessName: string; fullName: string; language: string };
  email: string;
  password: string;
}

let userCounter = 0;

/** A small REST client for tests: JSON in, parsed envelope out, nothing hidden. */
export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async request<T = any>(method: string, apiPath: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${apiPath}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: the test sees the text.
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get = <T = any>(p: string, token?: string) => this.request<T>('GET', p, { token });
  post = <T = any>(p: string, body: unknown, token?: string) => this.request<T>('POST', p, { body, token });
  put = <T = any>(p: string, body: unknown, token?: string) => this.request<T>('PUT', p, { body, token });
  delete = <T = any>(p: string, token?: string) => this.request<T>('DELETE', p, { token });

  /** Registers a new user (unique email) and returns its session. */
  async register(
    overrides: Partial<{ email: string; password: string; businessName: string; fullName: string; language: string }> = {},
  ): Promise<RegisteredUser> {
    userCounter += 1;
    const email = overrides.email ?? `owner${userCounter}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = overrides.password ?? 'correct horse battery';
    const res = await this.post('/api/auth/register', {
      businessName: overrides.businessName ?? 'Café Central',
      fullName: overrides.fullName ?? 'Ana García',
      email,
      password,
      ...(overrides.language ? { language: overrides.language } : {}),
    });
    if (res.status !== 200) throw new Error(`register failed: ${res.status} ${res.text}`);
    return { token: res.body.data.token, user: res.body.data.user, email, password };
  }

  /** Creates a supplier for the user and returns it (with its orderId). */
  async createSupplier(token: string, fields: Record<string, unknown> = {}) {
    const res = await this.post(
      '/api/suppliers',
      { name: 'Frutas Pepe', contactName: 'Pepe', messageService: 'whatsapp', contactInfo: '+34 600 000 000', note: '', ...fields },
      token,
    );
    if (res.status !== 200) throw new Error(`create supplier failed: ${res.status} ${res.text}`);
    return res.body.data as { id: number; orderId: number; name: string };
  }

  /** Adds a product to an order and returns it. */
  async createProduct(token: string, orderId: number, name = 'Tomatoes', unit = 'Kg') {
    const res = await this.post('/api/products', { name, unit, orderId }, token);
    if (res.status !== 200) throw new Error(`create product failed: ${res.status} ${res.text}`);
    return res.body.data as { id: number; orderId: number; name: string; unit: string; quantity: number };
  }
}

export interface TestServer {
  url: string;
  api: ApiClient;
  server: RunningServer;
  config: Config;
  /** Every log line the server wrote (JSON text). */
  logs: string[];
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  rateRules?: Partial<RateRules>;
  /** Use this database URL instead of a fresh one (e.g. through a proxy). */
  databaseUrl?: string | undefined;
  /** Serve this built web app (default: none, so the placeholder page). */
  webDir?: string;
}

/** Starts the real server on a free port with a fresh database and a collected log. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.databaseUrl ? { url: options.databaseUrl, drop: async () => {} } : await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reorder-test-'));
  const loaded = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://app.test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  });
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
  const logs: string[] = [];
  const logger = createLogger({ write: (line) => logs.push(line) });
  const server = await startServer(loaded.config, {
    logger,
    rateRules: options.rateRules,
    pgliteDir: 'memory://',
    webDir: options.webDir ?? path.join(dataDir, 'no-web-build'),
  });
  return {
    url: server.url,
    api: new ApiClient(server.url),
    server,
    config: loaded.config,
    logs,
    async close() {
      await server.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

/** A real SMTP server on a free port that keeps every message it receives. */
export async function startSmtpServer() {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = await simpleParser(raw);
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The first message (now or within `timeoutMs`) that matches. */
    async waitFor(match: (m: ReceivedMail) => boolean, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching mail within ${timeoutMs} ms (got ${messages.length})`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A TCP proxy in front of PostgreSQL that a test can cut, to see how the
 * server behaves when its database goes away.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let accepting = true;
  const server = net.createServer((client) => {
    if (!accepting) return client.destroy();
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    /** Drops every connection and refuses new ones. */
    cut() {
      accepting = false;
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    restore() {
      accepting = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
