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
  describeError,
  type PasswordHashing,
  type RouterOutputs,
  startSessionCache,
  type TErrorDescription,
  UNDECLARED_ERROR,
} from '@reorder/api';
import { connectDatabase, migrateToLatest } from '@reorder/db';
import { afterAll, beforeAll, expect } from 'vitest';
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

/** A member of another owner's business: a caller acting in that business (X-Business-Id), and its id. */
export interface Member extends Owner {
  businessId: number;
}

export interface Domain {
  deps: ApiDeps;
  /** A caller with this bearer token (none: signed out), acting in `businessId` when given (X-Business-Id), from `ip` (127.0.0.1). */
  caller(token?: string, options?: { businessId?: number; ip?: string }): Caller;
  /** Registers a new owner (a unique email) and signs in as them. */
  owner(fields?: { businessName?: string; fullName?: string; language?: 'en' | 'es' }): Promise<Owner>;
  /** The mail sent so far (once the work after the answers is done), parsed, oldest first. */
  outbox(): Promise<ReceivedMail[]>;
  /** The token of the newest link under `<publicUrl><linkPath>/` mailed to `to`. */
  linkToken(to: string, linkPath: '/verify-email' | '/reset-password' | '/invitations'): Promise<string>;
  /** Opens the verification link mailed to `owner` with their own session: their address is confirmed. */
  confirmEmail(owner: Owner): Promise<void>;
  /**
   * A new owner of a business of their own, address confirmed, who joined
   * `owner`'s first business as `role` through the mailed invitation
   * (`owner`'s address must be confirmed); `api` acts in that business.
   */
  member(owner: Owner, role: 'owner' | 'manager' | 'staff', fields?: { fullName?: string; language?: 'en' | 'es' }): Promise<Member>;
  /**
   * A new account that joined `owner`'s first business as `role` by registering
   * from the emailed invitation (docs/decisions.md §9.3): its address is proven,
   * and the business it joined is its only one. Proves `owner`'s address first
   * when it is not yet (only a proven address invites).
   */
  joiner(owner: Owner, role: 'owner' | 'manager' | 'staff', fields?: { fullName?: string; language?: 'en' | 'es' }): Promise<Owner>;
  logs: string[];
  close(): Promise<void>;
}

/** What a call that must fail was refused with, as the envelope and tRPC describe it (kind, status, message, issues). */
export async function refusal(call: Promise<unknown>): Promise<TErrorDescription> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught ?? new Error('rejected without a reason'),
  );
  expect(error, 'the call was expected to be refused').toBeDefined();
  return describeError(error);
}

/**
 * The procedures called in-process (`createCaller`) on a migrated in-memory
 * PGlite (a copy of the run's template: global-setup.ts): the domain rules in
 * milliseconds, without HTTP. The HTTP suite in services/server/test keeps
 * the REST and tRPC contract. Mail goes to an outbox folder. `close()` fails
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
  const caller = (token?: string, options: { businessId?: number; ip?: string } = {}) =>
    // A context per call, as a server makes one per request: a test that changes `deps` (the clock, the outbound rule) changes the next call.
    createCaller(() =>
      createContext(deps, {
        ip: options.ip ?? '127.0.0.1',
        requestId: `domain-${++requests}`,
        authorization: token ? `Bearer ${token}` : undefined,
        userAgent: 'domain test',
        businessId: options.businessId === undefined ? undefined : String(options.businessId),
      }),
    );
  const owner = async (fields: { businessName?: string; fullName?: string; language?: 'en' | 'es' } = {}): Promise<Owner> => {
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
  };
  const outbox = async (): Promise<ReceivedMail[]> => {
    await deps.background.drain();
    if (!existsSync(outboxDir)) return [];
    const files = readdirSync(outboxDir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
    return Promise.all(files.map((f) => parseMail(readFileSync(path.join(outboxDir, f), 'utf8'))));
  };
  const linkToken = async (to: string, linkPath: string) => {
    const pattern = new RegExp(`${deps.settings.publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${linkPath}/([A-Za-z0-9_-]+)`);
    const mails = (await outbox()).filter((m) => m.to.some((address) => address.toLowerCase() === to.toLowerCase()));
    const token = mails
      .reverse()
      .map((m) => pattern.exec(m.text)?.[1])
      .find(Boolean);
    if (!token) throw new Error(`no ${linkPath} link to ${to} in the outbox`);
    return token;
  };
  const confirmEmail = async (user: Owner) => {
    await caller(user.token).auth.verifyEmail({ token: await linkToken(user.email, '/verify-email') });
  };
  return {
    deps,
    caller,
    logs,
    owner,
    outbox,
    linkToken,
    confirmEmail,
    async joiner(of, role, fields = {}) {
      if (!(await of.api.users.byUsername({ username: 'me' })).emailVerified) await confirmEmail(of);
      const email = newEmail('member');
      await of.api.businesses.invite({ email, role });
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
    async member(of, role, fields = {}) {
      const [business] = await of.api.businesses.list();
      if (!business) throw new Error('member(): the owner has no business');
      const joining = await owner({ ...fields, businessName: `${fields.fullName ?? 'Member'}'s own` });
      await confirmEmail(joining);
      await of.api.businesses.invite({ email: joining.email, role });
      await joining.api.invitations.accept({ token: await linkToken(joining.email, '/invitations') });
      return { ...joining, businessId: business.id, api: caller(joining.token, { businessId: business.id }) };
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
