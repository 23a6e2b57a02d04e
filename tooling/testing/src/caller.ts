import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type ApiDeps,
  createBackgroundTasks,
  createCaller,
  createContext,
  createLogger,
  createMailer,
  createRateLimiter,
  createTokenService,
  defaultRateRules,
  type PasswordHashing,
  type RouterOutputs,
  startSessionCache,
  UNDECLARED_ERROR,
} from '@reorder/api';
import { connectDatabase, migrateToLatest } from '@reorder/db';
import { afterAll, beforeAll } from 'vitest';
import { newEmail, TEST_PASSWORD_HASHING } from './fixtures.ts';
import { parseMail, type ReceivedMail } from './mail.ts';
import { migratedPgliteTemplate } from './templates.ts';

export type Caller = ReturnType<typeof createCaller>;

/** An owner of the domain under test: their session and a caller signed in as them. */
export interface Owner {
  email: string;
  password: string;
  token: string;
  user: RouterOutputs['auth']['register']['user'];
  api: Caller;
}

export interface Domain {
  deps: ApiDeps;
  /** A caller with this bearer token (none: signed out). */
  caller(token?: string): Caller;
  /** Registers a new owner (a unique email) and signs in as them. */
  owner(fields?: { businessName?: string; fullName?: string; language?: 'en' | 'es' }): Promise<Owner>;
  /** Opens the verification link mailed to the owner, with their session (their address is proven; nothing else changes). */
  confirmEmail(owner: Owner): Promise<void>;
  /**
   * A new account that joined `owner`'s first business as `role` by registering
   * from the emailed invitation (docs/decisions.md §9.3): its address is proven,
   * and the business it joined is its only one. Proves `owner`'s address first
   * when it is not yet (only a proven address invites).
   */
  member(owner: Owner, role: 'owner' | 'manager' | 'staff', fields?: { fullName?: string; language?: 'en' | 'es' }): Promise<Owner>;
  /** The mail sent so far, parsed, oldest first, once the emails still being sent (background tasks) are out. */
  outbox(): Promise<ReceivedMail[]>;
  /** The newest mail to `to` holding a link under `<publicUrl><linkPath>/`: its token (an error when there is none). */
  linkToken(to: string, linkPath: '/verify-email' | '/reset-password' | '/invitations'): Promise<string>;
  logs: string[];
  close(): Promise<void>;
}

/**
 * The procedures called in-process (`createCaller`) on a migrated in-memory
 * PGlite (a copy of the run's template: global-setup.ts): the domain rules in
 * milliseconds, without HTTP. The HTTP suite in services/server/test keeps
 * the REST and tRPC contract. Mail goes to an outbox folder (`outbox()`). `close()` fails
 * when a procedure threw a kind of error its meta does not declare. Passwords
 * hash at TEST_PASSWORD_HASHING unless `passwordHashing` says otherwise.
 */
export async function startDomain(options: { passwordHashing?: PasswordHashing } = {}): Promise<Domain> {
  const database = await connectDatabase({ dataDir: 'memory://', loadDataDir: migratedPgliteTemplate() });
  // Nothing to do on a copy of the template; the whole schema outside a vitest run.
  await migrateToLatest(database.db);
  const logs: string[] = [];
  const logger = createLogger({ write: (line) => logs.push(line) });
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'reorder-domain-'));
  const { cache: sessions, stop: stopListening } = await startSessionCache(database, logger);
  const deps: ApiDeps = {
    db: database.db,
    sessions,
    tokens: createTokenService({ secret: new TextEncoder().encode('domain-test-secret-long-enough-for-hs256'), ttlSeconds: 3600 }),
    mailer: createMailer({ from: 'Reorder <no-reply@app.test>', outboxDir, logger }),
    rateLimiter: createRateLimiter(database.db),
    rateRules: defaultRateRules,
    logger,
    background: createBackgroundTasks(logger),
    passwordHashing: options.passwordHashing ?? TEST_PASSWORD_HASHING,
    settings: { publicUrl: 'http://app.test' },
    social: {},
  };
  let requests = 0;
  const caller = (token?: string) =>
    createCaller(
      createContext(deps, {
        ip: '127.0.0.1',
        requestId: `domain-${++requests}`,
        authorization: token ? `Bearer ${token}` : undefined,
        userAgent: 'domain test',
      }),
    );
  const outbox = async (): Promise<ReceivedMail[]> => {
    await deps.background.drain();
    if (!existsSync(outboxDir)) return [];
    const files = readdirSync(outboxDir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
    return Promise.all(files.map((f) => parseMail(readFileSync(path.join(outboxDir, f), 'utf8'))));
  };
  const linkToken: Domain['linkToken'] = async (to, linkPath) => {
    const pattern = new RegExp(`${deps.settings.publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${linkPath}/([A-Za-z0-9_-]+)`);
    const mails = (await outbox()).filter((m) => m.to.some((address) => address.toLowerCase() === to.toLowerCase()));
    const token = mails
      .reverse()
      .map((m) => pattern.exec(m.text)?.[1])
      .find(Boolean);
    if (!token) throw new Error(`no ${linkPath} link to ${to} in the outbox`);
    return token;
  };
  const confirmEmail: Domain['confirmEmail'] = async (owner) => {
    const token = await linkToken(owner.email, '/verify-email');
    await owner.api.auth.verifyEmail({ token });
  };
  return {
    deps,
    caller,
    logs,
    outbox,
    linkToken,
    confirmEmail,
    async member(owner, role, fields = {}) {
      if (!(await owner.api.users.byUsername({ username: 'me' })).emailVerified) await confirmEmail(owner);
      const email = newEmail('member');
      await owner.api.businesses.invite({ email, role });
      const invitation = await linkToken(email, '/invitations');
      const password = 'correct horse battery';
      const { token, user } = await caller().auth.register({
        invitation,
        fullName: fields.fullName ?? 'Marta Cocina',
        email,
        password,
        language: fields.language,
      });
      return { email, password, token, user, api: caller(token) };
    },
    async owner(fields = {}) {
      const email = newEmail();
      const password = 'correct horse battery';
      const { token, user } = await caller().auth.register({
        businessName: fields.businessName ?? 'Café Central',
        fullName: fields.fullName ?? 'Ana García',
        email,
        password,
        language: fields.language,
      });
      return { email, password, token, user, api: caller(token) };
    },
    async close() {
      await deps.background.drain();
      await stopListening();
      await database.close();
      rmSync(outboxDir, { recursive: true, force: true });
      const undeclared = logs.filter((line) => line.includes(UNDECLARED_ERROR));
      if (undeclared.length) throw new Error(`Failures not declared in the procedures' meta.errors:\n${undeclared.join('\n')}`);
    },
  };
}

/**
 * A test file's domain: started before its tests with a first owner, closed
 * after them. Read `domain` and `owner` inside the tests, once started.
 */
export function useDomain(): { readonly domain: Domain; readonly owner: Owner } {
  let started: { domain: Domain; owner: Owner } | undefined;
  beforeAll(async () => {
    const domain = await startDomain();
    started = { domain, owner: await domain.owner() };
  });
  afterAll(() => started?.domain.close());
  const get = () => {
    if (!started) throw new Error('useDomain(): read domain and owner inside a test');
    return started;
  };
  return {
    get domain() {
      return get().domain;
    },
    get owner() {
      return get().owner;
    },
  };
}
