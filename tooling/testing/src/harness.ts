import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger, type PasswordHashing, type RateRules, type RouterOutputs, UNDECLARED_ERROR } from '@reorder/api';
import { createScratchDatabase } from '@reorder/db';
import { type Config, loadConfig, type RunningServer, type StartOptions, startServer } from '@reorder/server';
import { SMTPServer } from 'smtp-server';
import { TEST_PASSWORD_HASHING } from './fixtures.ts';
import { parseMail, type ReceivedMail } from './mail.ts';
import { migratedPgliteTemplate, migratedPostgresTemplate } from './templates.ts';

/** The signing key of every test server, so servers (and processes) of one test accept each other's tokens. */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** Which database this run uses: the vitest project sets TEST_DB. */
export const TEST_DB: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A database of its own for one test file: a fresh PostgreSQL database, or an
 * in-memory PGlite. Empty unless `migrated`: then a copy of the run's migrated
 * template when there is one (global-setup.ts), so nothing migrates it again.
 */
export async function createTestDatabase(
  options: { migrated?: boolean } = {},
): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  if (TEST_DB === 'pglite') return { url: undefined, drop: async () => {} };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return createScratchDatabase(adminUrl, 'reorder_t', { template: options.migrated ? migratedPostgresTemplate() : undefined });
}

/**
 * A response body as the contract tests read it: parsed JSON of a shape the
 * test is about to assert on. The one place `any` is the honest type; bodies
 * the suites build on are typed with RouterOutputs (fixtures.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: JSON under test, checked by the assertions that read it
export type JsonBody = any;

export interface ApiResponse<T = JsonBody> {
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
  user: RouterOutputs['auth']['register']['user'];
  email: string;
  password: string;
}

let userCounter = 0;

/** A small REST client for tests: JSON in, parsed envelope out, nothing hidden. */
export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async request<T = JsonBody>(method: string, apiPath: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
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

  get = <T = JsonBody>(p: string, token?: string) => this.request<T>('GET', p, { token });
  post = <T = JsonBody>(p: string, body: unknown, token?: string) => this.request<T>('POST', p, { body, token });
  put = <T = JsonBody>(p: string, body: unknown, token?: string) => this.request<T>('PUT', p, { body, token });
  delete = <T = JsonBody>(p: string, token?: string, body?: unknown) => this.request<T>('DELETE', p, { body, token });

  /** Registers a new user (unique email) and returns its session. */
  async register(
    overrides: Partial<{
      email: string;
      password: string;
      businessName: string;
      fullName: string;
      language: string;
      timeZone: string;
    }> = {},
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
      ...(overrides.timeZone ? { timeZone: overrides.timeZone } : {}),
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
    return res.body.data as RouterOutputs['suppliers']['create'];
  }

  /** Adds a product to an order and returns it. */
  async createProduct(token: string, orderId: number, name = 'Tomatoes', unit = 'Kg') {
    const res = await this.post('/api/products', { name, unit, orderId }, token);
    if (res.status !== 200) throw new Error(`create product failed: ${res.status} ${res.text}`);
    return res.body.data as RouterOutputs['products']['create'];
  }

  /** Sets a product's quantity in its order. */
  async setQuantity(token: string, orderId: number, productId: number, quantity: number) {
    const res = await this.put('/api/products/quantity', { productId, orderId, quantity }, token);
    if (res.status !== 200) throw new Error(`set quantity failed: ${res.status} ${res.text}`);
  }

  /**
   * A supplier (`fields` over createSupplier's) with these products, in this
   * order, each with its quantity in the current order when it has one: how
   * most tests of an order start, set up through the API in milliseconds.
   */
  async seedOrder(token: string, fields: Record<string, unknown>, products: { name: string; unit: string; quantity?: number }[]) {
    const supplier = await this.createSupplier(token, fields);
    const created: RouterOutputs['products']['create'][] = [];
    for (const { name, unit, quantity } of products) {
      const product = await this.createProduct(token, supplier.orderId, name, unit);
      if (quantity !== undefined) await this.setQuantity(token, supplier.orderId, product.id, quantity);
      created.push(product);
    }
    return { supplier, products: created };
  }
}

export interface TestServer {
  url: string;
  api: ApiClient;
  server: RunningServer;
  config: Config;
  /** Every log line the server wrote (JSON text). */
  logs: string[];
  /** The mail written to DATA_DIR/outbox (no SMTP_URL), parsed, oldest first. */
  outbox(): Promise<ReceivedMail[]>;
  /** The newest outbox mail to `to` holding a link under `<PUBLIC_URL><linkPath>/`, within `timeoutMs`; its token. */
  linkToken(to: string, linkPath: '/verify-email' | '/reset-password' | '/invitations', timeoutMs?: number): Promise<string>;
  /**
   * Opens the verification link mailed to `email` (through the outbox), as the
   * owner of the address would; signed in with `token` when given (the app
   * sends it), which keeps that session through an email change.
   */
  confirmEmail(email: string, token?: string): Promise<void>;
  /**
   * A new user with a confirmed address who joined `owner`'s first business
   * as `role` through the emailed invitation (docs/decisions.md §8.2); `owner`'s
   * address must be confirmed. `fields` are the newcomer's registration's.
   */
  joinBusiness(
    owner: RegisteredUser,
    role: 'owner' | 'manager' | 'staff',
    fields?: Parameters<ApiClient['register']>[0],
  ): Promise<RegisteredUser>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  rateRules?: Partial<RateRules>;
  /** Use this database URL instead of a fresh one (e.g. through a proxy). */
  databaseUrl?: string | undefined;
  /** Serve this built web app (default: none, so the placeholder page). */
  webDir?: string;
  /** Shorter connection timeouts, to test them without waiting a minute. */
  connectionLimits?: StartOptions['connectionLimits'];
  /**
   * argon2id's cost: TEST_PASSWORD_HASHING (the lowest) unless given; the
   * tests of hashing and sign-in themselves pass PASSWORD_HASHING.
   */
  passwordHashing?: PasswordHashing;
}

/**
 * Starts the real server on a free port with a fresh database (a copy of the
 * run's migrated template: the server's own migration at start then finds
 * nothing to do) and a collected log.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.databaseUrl ? { url: options.databaseUrl, drop: async () => {} } : await createTestDatabase({ migrated: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reorder-test-'));
  const loaded = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://app.test',
    JWT_SECRET: TEST_JWT_SECRET,
    // Reminder rounds run when a test says (runReminders), not on a timer beside it.
    REMINDER_INTERVAL_MS: '0',
    // Webhook rounds too (runWebhookDeliveries).
    WEBHOOK_INTERVAL_MS: '0',
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
    // Read (28 MB) only by the runs on PGlite.
    pgliteTemplate: database.url ? undefined : migratedPgliteTemplate(),
    passwordHashing: options.passwordHashing ?? TEST_PASSWORD_HASHING,
    webDir: options.webDir ?? path.join(dataDir, 'no-web-build'),
    // A test's own idle keep-alive connections need no grace at close (drain.pglite.test.ts sets one).
    connectionLimits: { drainIdleMs: 0, ...options.connectionLimits },
  });
  const api = new ApiClient(server.url);
  const outbox = async (): Promise<ReceivedMail[]> => {
    const dir = path.join(dataDir, 'outbox');
    if (!existsSync(dir)) return [];
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
    return Promise.all(files.map((f) => parseMail(readFileSync(path.join(dir, f), 'utf8'))));
  };
  const linkToken = async (to: string, linkPath: string, timeoutMs = 5000) => {
    const pattern = new RegExp(`${loaded.config.publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${linkPath}/([A-Za-z0-9_-]+)`);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mails = (await outbox()).filter((m) => m.to.some((address) => address.toLowerCase() === to.toLowerCase()));
      const token = mails
        .reverse()
        .map((m) => pattern.exec(m.text)?.[1])
        .find(Boolean);
      if (token) return token;
      if (Date.now() > deadline) throw new Error(`no ${linkPath} link to ${to} in the outbox within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const confirmEmail = async (email: string, sessionToken?: string) => {
    const token = await linkToken(email, '/verify-email');
    const res = await api.post('/api/auth/verify-email', { token }, sessionToken);
    if (res.status !== 200) throw new Error(`verify-email failed: ${res.status} ${res.text}`);
  };
  return {
    url: server.url,
    api,
    server,
    config: loaded.config,
    logs,
    outbox,
    linkToken,
    confirmEmail,
    async joinBusiness(owner, role, fields = {}) {
      const member = await api.register(fields);
      await confirmEmail(member.email, member.token);
      const sent = await api.post('/api/business/invitations', { email: member.email, role }, owner.token);
      if (sent.status !== 200) throw new Error(`invite failed: ${sent.status} ${sent.text}`);
      const token = await linkToken(member.email, '/invitations');
      const accepted = await api.post(`/api/invitations/${token}/accept`, {}, member.token);
      if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${accepted.text}`);
      return member;
    },
    async close() {
      await server.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
      // Every failure a test caused must be one the procedure's meta declares, or the OpenAPI document is wrong.
      const undeclared = logs.filter((line) => line.includes(UNDECLARED_ERROR));
      if (undeclared.length) throw new Error(`Failures not declared in the procedures' meta.errors:\n${undeclared.join('\n')}`);
    },
  };
}

/**
 * A real SMTP server on a free port that keeps every message it receives. The
 * first `stall.count` messages that `stall.match` are read but never
 * answered, as a server that hangs mid-delivery: they are kept in `stalled`,
 * not in `messages`. With `answerDelayMs`, each message is answered that much
 * later, as a slow server would. A connection's error (a client that resets
 * it mid-message) goes to `errors`.
 */
export async function startSmtpServer(
  options: { stall?: { count: number; match: (mail: ReceivedMail) => boolean }; answerDelayMs?: number } = {},
) {
  const messages: ReceivedMail[] = [];
  const stalled: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // A stalled delivery keeps its connection open: close does not wait for it.
    closeTimeout: 500,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = await parseMail(raw, {
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        });
        if (options.stall && stalled.length < options.stall.count && options.stall.match(mail)) {
          stalled.push(mail);
          return;
        }
        messages.push(mail);
        if (options.answerDelayMs) setTimeout(() => callback(), options.answerDelayMs);
        else callback();
      });
    },
  });
  // A client that dies mid-message (a server process killed while it delivers) may reset its
  // connection; smtp-server emits that as an 'error', which would be thrown, uncaught, in the test.
  const errors: Error[] = [];
  server.on('error', (error: Error) => errors.push(error));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    stalled,
    /** The connections' errors (a client's reset mid-message), kept instead of thrown. */
    errors,
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
 * A TCP proxy in front of the PostgreSQL that `databaseUrl` names, which a
 * test can cut, to see how the server behaves when its database goes away,
 * stall, as a network that silently stops carrying one connection, or tap,
 * to see what it sends. Its `databaseUrl` reaches the same database through
 * the proxy.
 */
export async function startTcpProxy(
  databaseUrl: string,
  /** Sees what each client connection sends upstream, chunk by chunk (`connection` counts from 0). */
  tap?: (connection: number, chunk: Buffer) => void,
) {
  const direct = new URL(databaseUrl);
  const target = { host: direct.hostname || '127.0.0.1', port: Number(direct.port || 5432) };
  const sockets = new Set<net.Socket>();
  let accepting = true;
  let connections = 0;
  /** What makes a connection stall: the client sent this text (e.g. `LISTEN reorder_auth`). */
  let stallPattern: string | undefined;
  /** Every connection stalls, open ones and new ones (`stallAll`). */
  let stallEverything = false;
  /** Each connection's first bytes from the client (where its startup and first queries are), and whether it is stalled. */
  const opened = new Set<{ sent: string; stalled: boolean }>();
  const server = net.createServer((client) => {
    if (!accepting) return client.destroy();
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const connection = connections++;
    const state = { sent: '', stalled: stallEverything };
    opened.add(state);
    client.on('data', (chunk: Buffer) => {
      tap?.(connection, chunk);
      if (state.sent.length < 16_384) state.sent += chunk.toString('latin1');
      if (stallPattern && state.sent.includes(stallPattern)) state.stalled = true;
      // A stalled connection stays open both ways and carries nothing: no reset, no FIN.
      if (!state.stalled) upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!state.stalled) client.write(chunk);
    });
    const drop = () => {
      opened.delete(state);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop).on('end', drop);
    upstream.on('error', drop).on('close', drop).on('end', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as net.AddressInfo).port;
  const viaProxy = new URL(direct);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(port);
  return {
    port,
    databaseUrl: viaProxy.toString(),
    /** Drops every connection and refuses new ones. */
    cut() {
      accepting = false;
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    /**
     * Stops carrying, both ways and without closing it, every connection whose
     * client has sent `pattern`, now or later (a new connection stalls when it
     * sends it): what a dropped route or a dead NAT entry does.
     */
    stall(pattern: string) {
      stallPattern = pattern;
      for (const state of opened) if (state.sent.includes(pattern)) state.stalled = true;
    },
    /**
     * Stops carrying every connection, open or new, without closing any: a
     * database whose network went silent. New connections are accepted and
     * hear nothing back, as a route that drops packets would.
     */
    stallAll() {
      stallEverything = true;
      for (const state of opened) state.stalled = true;
    },
    /** Accepts new connections again, and stalls no new one (stalled ones stay stalled). */
    restore() {
      accepting = true;
      stallPattern = undefined;
      stallEverything = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
