import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Config, ConfigError, loadConfig, parseDuration, resolveJwtSecret } from './config.ts';

/** The config of an env that must be valid (fails the test with the errors otherwise). */
function ok(env: NodeJS.ProcessEnv): Config {
  const result = loadConfig(env);
  if (!result.ok) throw new Error(`expected a valid config, got: ${result.errors.join(' | ')}`);
  return result.config;
}

/** The error lines of an env that must be invalid. */
function errorsOf(env: NodeJS.ProcessEnv): string[] {
  const result = loadConfig(env);
  expect(result.ok).toBe(false);
  return result.ok ? [] : result.errors;
}

describe('loadConfig defaults', () => {
  it('works with an empty environment', () => {
    const config = ok({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.tokenTtlSeconds).toBe(604_800);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.jwtSecret).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.feedbackTo).toBeUndefined();
    expect(config.googleClientId).toBeUndefined();
    expect(config.facebookAppId).toBeUndefined();
    expect(config.facebookAppSecret).toBeUndefined();
    expect(config.databasePoolSize).toBe(10);
    expect(config.databaseQueryTimeoutMs).toBe(3500);
  });

  it('reads DATABASE_QUERY_TIMEOUT_MS', () => {
    expect(ok({ DATABASE_QUERY_TIMEOUT_MS: '2500' }).databaseQueryTimeoutMs).toBe(2500);
  });

  it('reads DATABASE_POOL_SIZE', () => {
    expect(ok({ DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
    expect(ok({ DATABASE_POOL_SIZE: '1' }).databasePoolSize).toBe(1);
  });

  it('treats blank values as unset', () => {
    expect(ok({ PORT: '', HOST: '  ', DATABASE_URL: '', TOKEN_TTL: ' ' })).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      tokenTtlSeconds: 604_800,
    });
  });

  it('builds PUBLIC_URL from PORT', () => {
    expect(ok({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('drops the trailing slash of PUBLIC_URL', () => {
    expect(ok({ PUBLIC_URL: 'https://orders.example.com/' }).publicUrl).toBe('https://orders.example.com');
    expect(ok({ PUBLIC_URL: 'https://orders.example.com/app//' }).publicUrl).toBe('https://orders.example.com/app');
    expect(ok({}).publicUrl.endsWith('/')).toBe(false);
  });

  it('reads valid values', () => {
    const config = ok({
      PORT: '8443',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/reorder-data',
      DATABASE_URL: 'postgres://user:pw@db.internal:5432/reorder',
      JWT_SECRET: 'x'.repeat(32),
      TOKEN_TTL: '12h',
      SMTP_URL: 'smtps://user:pw@mail.example.com:465',
      FEEDBACK_TO: 'team@example.com',
      FACEBOOK_APP_ID: '123',
      FACEBOOK_APP_SECRET: 'abc',
      GOOGLE_CLIENT_ID: 'g-id',
    });
    expect(config).toMatchObject({
      port: 8443,
      host: '0.0.0.0',
      dataDir: '/tmp/reorder-data',
      databaseUrl: 'postgres://user:pw@db.internal:5432/reorder',
      jwtSecret: 'x'.repeat(32),
      tokenTtlSeconds: 43_200,
      smtpUrl: 'smtps://user:pw@mail.example.com:465',
      feedbackTo: 'team@example.com',
      facebookAppId: '123',
      facebookAppSecret: 'abc',
      googleClientId: 'g-id',
      publicUrl: 'http://localhost:8443',
    });
    expect(ok({ DATABASE_URL: 'postgresql://localhost/reorder' }).databaseUrl).toBe('postgresql://localhost/reorder');
  });
});

describe('loadConfig errors', () => {
  it.each([
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '-1' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['DATABASE_URL', { DATABASE_URL: 'nonsense' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://x' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'orders.example.com' }],
    ['TOKEN_TTL', { TOKEN_TTL: '7x' }],
    ['TOKEN_TTL', { TOKEN_TTL: '10s' }],
    ['TOKEN_TTL', { TOKEN_TTL: '59' }],
    ['TOKEN_TTL', { TOKEN_TTL: '366d' }],
    ['SMTP_URL', { SMTP_URL: 'http://x' }],
    ['JWT_SECRET', { JWT_SECRET: 'short' }],
    ['FEEDBACK_TO', { FEEDBACK_TO: 'nope' }],
    ['FACEBOOK_APP_SECRET', { FACEBOOK_APP_ID: '1234567890' }],
    ['FACEBOOK_APP_ID', { FACEBOOK_APP_SECRET: 'fb-secret-value' }],
    // `true` would trust any X-Forwarded-For, and any client could pick the IP its rate limits count.
    ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'TRUE' }],
    ['DATABASE_POOL_SIZE', { DATABASE_POOL_SIZE: '0' }],
    ['DATABASE_POOL_SIZE', { DATABASE_POOL_SIZE: 'ten' }],
    ['DATABASE_POOL_SIZE', { DATABASE_POOL_SIZE: '2.5' }],
    ['DATABASE_POOL_SIZE', { DATABASE_POOL_SIZE: '1001' }],
    ['DATABASE_QUERY_TIMEOUT_MS', { DATABASE_QUERY_TIMEOUT_MS: '50' }],
    ['DATABASE_QUERY_TIMEOUT_MS', { DATABASE_QUERY_TIMEOUT_MS: '4s' }],
  ] as [string, NodeJS.ProcessEnv][])('gives one line naming %s for %j', (variable, env) => {
    let result: ReturnType<typeof loadConfig> | undefined;
    expect(() => {
      result = loadConfig(env);
    }, 'loadConfig must report, not throw').not.toThrow();
    expect(result?.ok).toBe(false);
    const errors = result && !result.ok ? result.errors : [];
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(variable);
    expect(errors[0]).not.toContain('\n');
  });

  it('gives one line per bad value', () => {
    const errors = errorsOf({
      DATABASE_URL: 'nonsense',
      TOKEN_TTL: '7x',
      SMTP_URL: 'http://x',
      FEEDBACK_TO: 'nope',
    });
    expect(errors).toHaveLength(4);
    expect(errors.find((e) => e.includes('DATABASE_URL'))).toBeDefined();
    expect(errors.find((e) => e.includes('TOKEN_TTL'))).toBeDefined();
    expect(errors.find((e) => e.includes('SMTP_URL'))).toBeDefined();
    expect(errors.find((e) => e.includes('FEEDBACK_TO'))).toBeDefined();
  });

  it('gives one line per bad value, including a bad PORT', () => {
    let errors: string[] = [];
    expect(() => {
      const result = loadConfig({ PORT: '70000', JWT_SECRET: 'short', PUBLIC_URL: 'ftp://x' });
      errors = result.ok ? [] : result.errors;
    }).not.toThrow();
    expect(errors).toHaveLength(3);
    expect(errors.some((e) => e.includes('PORT'))).toBe(true);
    expect(errors.some((e) => e.includes('JWT_SECRET'))).toBe(true);
    expect(errors.some((e) => e.includes('PUBLIC_URL'))).toBe(true);
  });

  it('reports a bad PORT when PUBLIC_URL is set', () => {
    const errors = errorsOf({ PORT: '70000', PUBLIC_URL: 'https://orders.example.com' });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('PORT');
  });

  it('never echoes secrets', () => {
    const jwt = 'tooShortSecret123';
    const dbPassword = 'dbPassw0rdXYZ';
    const smtpPassword = 'smtpPassw0rdXYZ';
    const errors = errorsOf({
      JWT_SECRET: jwt,
      DATABASE_URL: `mysql://admin:${dbPassword}@db.example.com:3306/reorder`,
      SMTP_URL: `http://mailer:${smtpPassword}@mail.example.com`,
    });
    expect(errors).toHaveLength(3);
    const all = errors.join('\n');
    expect(all).not.toContain(jwt);
    expect(all).not.toContain(dbPassword);
    expect(all).not.toContain(smtpPassword);
    expect(all).not.toContain('admin:');
    expect(all).not.toContain('mailer:');
  });

  it('does not echo a malformed DATABASE_URL with a password either', () => {
    const errors = errorsOf({ DATABASE_URL: 'postgres://user:s3cr3tPW@' });
    expect(errors).toHaveLength(1);
    expect(errors[0]).not.toContain('s3cr3tPW');
  });

  it('does not echo the Facebook app secret', () => {
    const errors = errorsOf({ FACEBOOK_APP_SECRET: 'fb-secret-value' });
    expect(errors.join('\n')).not.toContain('fb-secret-value');
  });
});

describe('parseDuration', () => {
  it.each([
    ['7d', 604_800],
    ['12h', 43_200],
    ['30m', 1_800],
    ['45', 45],
    ['45s', 45],
    [' 2D ', 172_800],
  ])('%j -> %i', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it.each(['x', '', '7x', 'd', '1.5h', '-5m', '7 days'])('%j -> undefined', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });
});

describe('resolveJwtSecret', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'reorder-config-test-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('uses JWT_SECRET when set, without writing a file', () => {
    const dataDir = path.join(tempDir(), 'data');
    const secret = 's'.repeat(40);
    expect(Buffer.from(resolveJwtSecret({ jwtSecret: secret, dataDir })).toString()).toBe(secret);
    expect(() => statSync(path.join(dataDir, 'jwt-secret'))).toThrow();
  });

  it('creates DATA_DIR/jwt-secret with mode 0600 once and reuses it', () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const first = resolveJwtSecret({ jwtSecret: undefined, dataDir });
    const file = path.join(dataDir, 'jwt-secret');
    const stat = statSync(file);
    expect(stat.isFile()).toBe(true);
    if (process.platform !== 'win32') expect(stat.mode & 0o777).toBe(0o600);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const content = readFileSync(file, 'utf8');

    const second = resolveJwtSecret({ jwtSecret: undefined, dataDir });
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(content);
    expect(statSync(file).mtimeMs).toBe(stat.mtimeMs);
  });

  it('generates a different secret for another data directory', () => {
    const a = resolveJwtSecret({ jwtSecret: undefined, dataDir: tempDir() });
    const b = resolveJwtSecret({ jwtSecret: undefined, dataDir: tempDir() });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });

  it('reads a secret already kept in DATA_DIR', () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'k'.repeat(48), { mode: 0o600 });
    expect(Buffer.from(resolveJwtSecret({ jwtSecret: undefined, dataDir })).toString()).toBe('k'.repeat(48));
  });

  it('refuses a kept secret shorter than 32 characters, like a short JWT_SECRET, naming the file', () => {
    for (const content of ['x', 'k'.repeat(31), `  ${'k'.repeat(20)}  \n`]) {
      const dataDir = tempDir();
      writeFileSync(path.join(dataDir, 'jwt-secret'), content, { mode: 0o600 });
      expect(() => resolveJwtSecret({ jwtSecret: undefined, dataDir })).toThrow(ConfigError);
      expect(() => resolveJwtSecret({ jwtSecret: undefined, dataDir })).toThrow(/jwt-secret.*at least 32/);
    }
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'k'.repeat(32), { mode: 0o600 });
    expect(resolveJwtSecret({ jwtSecret: undefined, dataDir }).length).toBe(32);
  });
});
