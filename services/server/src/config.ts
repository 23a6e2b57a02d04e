import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { VapidKeys } from '@reorder/api';

/** The server's settings (docs/decisions.md §5), validated at start. */
export interface Config {
  port: number;
  host: string;
  /** Unset: the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  /** Connections each process's PostgreSQL pool opens at most, besides its one LISTEN connection. */
  databasePoolSize: number;
  /**
   * How long a PostgreSQL query may go unanswered before it fails (503) and
   * its connection is dropped (docs/decisions.md §9.7); also the longest
   * wait for a pool connection.
   */
  databaseQueryTimeoutMs: number;
  dataDir: string;
  publicUrl: string;
  /** Unset here means "generate once and keep in DATA_DIR" (see `resolveJwtSecret`). */
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  feedbackTo: string | undefined;
  googleClientId: string | undefined;
  facebookAppId: string | undefined;
  facebookAppSecret: string | undefined;
  googleJwksUrl: string;
  facebookGraphUrl: string;
  /** Express's `trust proxy`: false, a hop count or a list of addresses (never `true`). */
  trustProxy: false | number | string;
  /** The bearer token that may read /api/metrics; unset: no metrics served. */
  metricsToken: string | undefined;
  /** VAPID keys for Web Push; unset here means "generate once and keep in DATA_DIR" (see `resolveVapidKeys`). */
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  /** How often each process runs the reminder schedule (0: never, for a process that only serves). */
  reminderIntervalMs: number;
  /** How long a claimed reminder is held before another process may take it over. */
  reminderLeaseMs: number;
  /** How often each process looks for due webhook deliveries (0: never, on this process). */
  webhookIntervalMs: number;
  /** Webhook delivery timing: the product's unless set (tests shorten them). */
  webhookTiming: { retryBaseMs: number; timeoutMs: number; leaseMs: number };
  /** ALLOW_PRIVATE_ENDPOINTS=1, a setting for tests: push endpoints may be http and local (docs/decisions.md §8.6). */
  allowPrivateEndpoints: boolean;
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; errors: string[] };

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** "7d", "12h", "30m", "45s" or a number of seconds. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+)\s*([smhd]?)$/i.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * (UNITS[(match[2] || 's').toLowerCase()] ?? 1);
}

function parseUrl(text: string, protocols: string[]): URL | undefined {
  try {
    const url = new URL(text);
    return protocols.includes(url.protocol) && url.hostname ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads the configuration from environment variables. Every bad value gives
 * one line naming the variable and why; values that may hold secrets are
 * never echoed.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ConfigResult {
  const errors: string[] = [];
  const get = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };

  let port = 3000;
  const portText = get('PORT');
  if (portText !== undefined) {
    if (/^\d+$/.test(portText) && Number(portText) <= 65535) port = Number(portText);
    else errors.push(`PORT must be a whole number from 0 to 65535 (got "${portText}")`);
  }

  const host = get('HOST') ?? '127.0.0.1';

  const databaseUrl = get('DATABASE_URL');
  if (databaseUrl !== undefined && !parseUrl(databaseUrl, ['postgres:', 'postgresql:'])) {
    errors.push('DATABASE_URL must be a PostgreSQL connection string like postgres://user:password@host:5432/database');
  }

  let databasePoolSize = 10;
  const poolText = get('DATABASE_POOL_SIZE');
  if (poolText !== undefined) {
    if (/^\d+$/.test(poolText) && Number(poolText) >= 1 && Number(poolText) <= 1000) databasePoolSize = Number(poolText);
    else errors.push(`DATABASE_POOL_SIZE must be a whole number from 1 to 1000 (got "${poolText}")`);
  }

  // Under the 5 s a request may be held (§9.7), with room for the rest of the request's work.
  let databaseQueryTimeoutMs = 3500;
  const queryTimeoutText = get('DATABASE_QUERY_TIMEOUT_MS');
  if (queryTimeoutText !== undefined) {
    if (/^\d+$/.test(queryTimeoutText) && Number(queryTimeoutText) >= 100 && Number(queryTimeoutText) <= 600_000)
      databaseQueryTimeoutMs = Number(queryTimeoutText);
    else errors.push(`DATABASE_QUERY_TIMEOUT_MS must be a whole number of milliseconds from 100 to 600000 (got "${queryTimeoutText}")`);
  }

  const dataDir = path.resolve(get('DATA_DIR') ?? './data');

  let publicUrl = `http://localhost:${port}`;
  const publicUrlText = get('PUBLIC_URL');
  if (publicUrlText !== undefined) {
    if (parseUrl(publicUrlText, ['http:', 'https:'])) publicUrl = publicUrlText.replace(/\/+$/, '');
    else errors.push(`PUBLIC_URL must be an http(s) URL like https://orders.example.com (got "${publicUrlText}")`);
  }

  const jwtSecret = get('JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < JWT_SECRET_MIN)
    errors.push(`JWT_SECRET must be at least ${JWT_SECRET_MIN} characters long`);

  let tokenTtlSeconds = 7 * 86400;
  const ttlText = get('TOKEN_TTL');
  if (ttlText !== undefined) {
    const seconds = parseDuration(ttlText);
    if (seconds === undefined || seconds < 60 || seconds > 365 * 86400) {
      errors.push(`TOKEN_TTL must be a duration from 1 minute to 365 days, like 7d, 12h or 30m (got "${ttlText}")`);
    } else tokenTtlSeconds = seconds;
  }

  const smtpUrl = get('SMTP_URL');
  if (smtpUrl !== undefined && !parseUrl(smtpUrl, ['smtp:', 'smtps:'])) {
    errors.push('SMTP_URL must be an smtp:// or smtps:// URL like smtp://user:password@mail.example.com:587');
  }

  const emailLike = /^[^\s@<>]+@[^\s@<>]+$/;
  const mailFrom = get('MAIL_FROM') ?? `Reorder <no-reply@${new URL(publicUrl).hostname}>`;
  const fromAddress = /<([^>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom;
  if (!emailLike.test(fromAddress)) errors.push(`MAIL_FROM must be an address like "Reorder <orders@example.com>" (got "${mailFrom}")`);

  const feedbackTo = get('FEEDBACK_TO');
  if (feedbackTo !== undefined && !emailLike.test(feedbackTo)) errors.push(`FEEDBACK_TO must be an email address (got "${feedbackTo}")`);

  const facebookAppId = get('FACEBOOK_APP_ID');
  const facebookAppSecret = get('FACEBOOK_APP_SECRET');
  if ((facebookAppId === undefined) !== (facebookAppSecret === undefined)) {
    errors.push('FACEBOOK_APP_ID and FACEBOOK_APP_SECRET must be set together');
  }

  const urlSetting = (name: string, fallback: string) => {
    const text = get(name);
    if (text === undefined) return fallback;
    if (!parseUrl(text, ['http:', 'https:'])) errors.push(`${name} must be an http(s) URL (got "${text}")`);
    return text.replace(/\/+$/, '');
  };
  const googleJwksUrl = urlSetting('GOOGLE_JWKS_URL', 'https://www.googleapis.com/oauth2/v3/certs');
  const facebookGraphUrl = urlSetting('FACEBOOK_GRAPH_URL', 'https://graph.facebook.com');

  let trustProxy: Config['trustProxy'] = false;
  const trustText = get('TRUST_PROXY');
  if (trustText !== undefined) {
    // `true` trusts every X-Forwarded-For hop, so any client could choose its IP and slip past the per-IP limits.
    if (/^true$/i.test(trustText)) {
      errors.push(
        'TRUST_PROXY=true would let any client choose its IP through X-Forwarded-For: set the number of proxies in front of the server (e.g. 1) or their addresses',
      );
    } else if (/^false$/i.test(trustText)) trustProxy = false;
    else if (/^\d+$/.test(trustText)) trustProxy = Number(trustText);
    else trustProxy = trustText;
  }

  const metricsToken = get('METRICS_TOKEN');
  if (metricsToken !== undefined && metricsToken.length < 16) errors.push('METRICS_TOKEN must be at least 16 characters long');

  const vapidPublicKey = get('VAPID_PUBLIC_KEY');
  const vapidPrivateKey = get('VAPID_PRIVATE_KEY');
  if ((vapidPublicKey === undefined) !== (vapidPrivateKey === undefined))
    errors.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  const base64url = /^[A-Za-z0-9_-]+$/;
  if (vapidPublicKey !== undefined && !(base64url.test(vapidPublicKey) && vapidPublicKey.length === 87)) {
    errors.push('VAPID_PUBLIC_KEY must be a P-256 public key in base64url (87 characters), as `npx web-push generate-vapid-keys` prints');
  }
  if (vapidPrivateKey !== undefined && !(base64url.test(vapidPrivateKey) && vapidPrivateKey.length === 43)) {
    errors.push('VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters)');
  }
  const milliseconds = (name: string, fallback: number, min: number) => {
    const text = get(name);
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!/^\d+$/.test(text) || (value !== 0 && value < min)) {
      errors.push(`${name} must be a whole number of milliseconds, 0 or at least ${min} (got "${text}")`);
      return fallback;
    }
    return value;
  };
  const reminderIntervalMs = milliseconds('REMINDER_INTERVAL_MS', 30_000, 100);
  const reminderLeaseMs = milliseconds('REMINDER_LEASE_MS', 120_000, 1000) || 120_000;
  const webhookIntervalMs = milliseconds('WEBHOOK_INTERVAL_MS', 2_000, 100);
  // The product's timing (docs/decisions.md §8.5); shorter values are for tests.
  const webhookTiming = {
    retryBaseMs: milliseconds('WEBHOOK_RETRY_MS', 30_000, 100) || 30_000,
    timeoutMs: milliseconds('WEBHOOK_TIMEOUT_MS', 10_000, 100) || 10_000,
    leaseMs: milliseconds('WEBHOOK_LEASE_MS', 60_000, 1000) || 60_000,
  };
  if (webhookTiming.leaseMs <= webhookTiming.timeoutMs) errors.push('WEBHOOK_LEASE_MS must be longer than WEBHOOK_TIMEOUT_MS');

  const allowPrivateText = get('ALLOW_PRIVATE_ENDPOINTS');
  if (allowPrivateText !== undefined && !/^[01]$/.test(allowPrivateText)) {
    errors.push(`ALLOW_PRIVATE_ENDPOINTS must be 1 (tests only: push endpoints on this machine) or 0 (got "${allowPrivateText}")`);
  }

  if (errors.length) return { ok: false, errors };
  return {
    ok: true,
    config: {
      port,
      host,
      databaseUrl,
      databasePoolSize,
      databaseQueryTimeoutMs,
      dataDir,
      publicUrl,
      jwtSecret,
      tokenTtlSeconds,
      smtpUrl,
      mailFrom,
      feedbackTo,
      googleClientId: get('GOOGLE_CLIENT_ID'),
      facebookAppId,
      facebookAppSecret,
      googleJwksUrl,
      facebookGraphUrl,
      trustProxy,
      metricsToken,
      vapidPublicKey,
      vapidPrivateKey,
      reminderIntervalMs,
      reminderLeaseMs,
      webhookIntervalMs,
      webhookTiming,
      allowPrivateEndpoints: allowPrivateText === '1',
    },
  };
}

/** The shortest signing key accepted, from JWT_SECRET or the `jwt-secret` file alike. */
export const JWT_SECRET_MIN = 32;

/**
 * The token signing key: JWT_SECRET when set, else a random key generated on
 * first start and kept in `DATA_DIR/jwt-secret` (mode 600) so sessions survive
 * restarts. Several processes must share JWT_SECRET (or the folder). A file
 * key shorter than 32 characters stops the server, like a short JWT_SECRET.
 */
export function resolveJwtSecret(config: Pick<Config, 'jwtSecret' | 'dataDir'>): Uint8Array {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  const file = path.join(config.dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const key = readFileSync(file, 'utf8').trim();
  if (key.length < JWT_SECRET_MIN) {
    throw new ConfigError(`${file} must hold a key of at least ${JWT_SECRET_MIN} characters (delete it to have a new one generated)`);
  }
  return new TextEncoder().encode(key);
}

/**
 * The Web Push (VAPID) key pair: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set,
 * else a pair generated on first start and kept in `DATA_DIR/vapid.json` (mode
 * 600), like the signing key: browsers subscribed to the public key keep
 * working across restarts. Several processes must share the keys (or the folder).
 */
export function resolveVapidKeys(
  config: Pick<Config, 'vapidPublicKey' | 'vapidPrivateKey' | 'dataDir'>,
  generate: () => VapidKeys,
): VapidKeys {
  if (config.vapidPublicKey && config.vapidPrivateKey) return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey };
  const file = path.join(config.dataDir, 'vapid.json');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    try {
      writeFileSync(file, JSON.stringify(generate()), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  try {
    const keys = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof keys.publicKey === 'string' && typeof keys.privateKey === 'string')
      return { publicKey: keys.publicKey, privateKey: keys.privateKey };
  } catch {
    // Reported below.
  }
  throw new ConfigError(`${file} must hold {"publicKey", "privateKey"} (delete it to have new keys generated)`);
}

/** A setting found wrong only when it is used (a file's content): the server stops with its one line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
