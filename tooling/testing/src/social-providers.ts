import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

/**
 * Local stand-ins for the sign-in providers (issue 4): small HTTP servers on
 * 127.0.0.1 that speak the parts of Google's and Facebook's protocols the
 * server uses, so tests run our real verification code against them.
 *
 * - Google: the JSON Web Key Set at `/oauth2/v3/certs` (as
 *   https://www.googleapis.com/oauth2/v3/certs), and ID tokens signed by those
 *   keys, as Google Identity Services hands them to the page.
 * - Facebook: the Graph API's `debug_token` and `/me`, as documented at
 *   https://developers.facebook.com/docs/graph-api/reference/v19.0/debug_token
 *   and https://developers.facebook.com/docs/graph-api/reference/user.
 *
 * Both can be made slow (`setDelay(ms)`) or down (`setDown(true)`: HTTP 500;
 * `setDown('close')`: the connection is dropped without an answer).
 */

/** How a stand-in fails: `false` answers normally, `true` (or '500') with HTTP 500, 'close' drops the connection. */
export type DownMode = boolean | '500' | 'close';

interface StandInServer {
  url: string;
  setDelay(ms: number): void;
  setDown(mode: DownMode): void;
  close(): Promise<void>;
}

/** A node:http server on a free 127.0.0.1 port with the slow/down switches shared by both stand-ins. */
async function startStandInServer(
  handle: (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => void,
  onArrival: (url: URL) => void = () => {},
): Promise<StandInServer> {
  let delayMs = 0;
  let down: DownMode = false;
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    res.on('error', () => {
      // The client gave up (a timeout on its side): nothing to do.
    });
    onArrival(new URL(req.url ?? '/', 'http://127.0.0.1'));
    const answer = () => {
      if (res.destroyed || req.socket.destroyed) return;
      if (down === 'close') {
        req.socket.destroy();
        return;
      }
      if (down) {
        res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<h1>500 Internal Server Error</h1>');
        return;
      }
      handle(req, res, new URL(req.url ?? '/', 'http://127.0.0.1'));
    };
    if (delayMs <= 0) return answer();
    const timer = setTimeout(() => {
      timers.delete(timer);
      answer();
    }, delayMs);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    setDelay(ms) {
      delayMs = ms;
    },
    setDown(mode) {
      down = mode;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': Buffer.byteLength(text),
    // As the real endpoints do, so a browser test may call them from a page too.
    'access-control-allow-origin': '*',
    ...headers,
  });
  res.end(text);
}

// ---------------------------------------------------------------- Google

const GOOGLE_ISSUER = 'https://accounts.google.com';

/** The claims of a Google ID token (https://developers.google.com/identity/gsi/web/reference/js-reference#credential). */
export interface GoogleClaims {
  iss: string;
  azp: string;
  aud: string;
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  given_name: string;
  family_name: string;
  picture: string;
  iat: number;
  nbf: number;
  exp: number;
  jti: string;
  [claim: string]: unknown;
}

export interface IdTokenOptions {
  /**
   * 'published' (default): one of the keys the key set serves. 'unknown': a
   * key the key set has never served (with its own kid, unless `kid` says
   * otherwise).
   */
  signWith?: 'published' | 'unknown';
  /** The `kid` header to put on the token (e.g. a published kid on a token signed by the unknown key). */
  kid?: string;
}

export interface GoogleStandInOptions {
  /** The OAuth client id the tokens are issued for (default: a random `....apps.googleusercontent.com`). */
  clientId?: string;
  /** `Cache-Control: public, max-age=N` on the key set (default 3600; Google sends several hours). */
  maxAgeSeconds?: number;
}

export interface GoogleStandIn {
  /** Where the server should fetch the keys: its `GOOGLE_JWKS_URL`. */
  jwksUrl: string;
  /** The audience of the tokens: the server's `GOOGLE_CLIENT_ID`. */
  clientId: string;
  /**
   * A Google-like ID token signed with RS256. `claims` override the defaults
   * (a claim set to `undefined` is left out); `sub` and `email` default to
   * fresh unique values.
   */
  idToken(claims?: Partial<GoogleClaims>, options?: IdTokenOptions): Promise<string>;
  setDelay(ms: number): void;
  setDown(mode: DownMode): void;
  /** How many times the key set was asked for (also while slow or down). */
  fetches(): number;
  close(): Promise<void>;
}

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

async function makeSigningKey(): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomBytes(20).toString('hex');
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, publicJwk };
}

let googleSequence = 0;

/** A Google stand-in: the JSON Web Key Set at `/oauth2/v3/certs` and ID tokens signed by its keys. */
export async function startGoogleStandIn(options: GoogleStandInOptions = {}): Promise<GoogleStandIn> {
  const clientId = options.clientId ?? `${randomBytes(6).readUIntBE(0, 6)}-${randomUUID().slice(0, 8)}.apps.googleusercontent.com`;
  const maxAge = options.maxAgeSeconds ?? 3600;
  // Google publishes two keys at a time and rotates them; tokens are signed with the first.
  const published = await Promise.all([makeSigningKey(), makeSigningKey()]);
  const unknown = await makeSigningKey();
  let fetchCount = 0;

  const server = await startStandInServer(
    (req, res, url) => {
      if (req.method === 'GET' && url.pathname === '/oauth2/v3/certs') {
        sendJson(
          res,
          200,
          { keys: published.map((key) => key.publicJwk) },
          {
            'cache-control': `public, max-age=${maxAge}, must-revalidate, no-transform`,
            expires: new Date(Date.now() + maxAge * 1000).toUTCString(),
          },
        );
        return;
      }
      sendJson(res, 404, { error: 'not_found' });
    },
    (url) => {
      // Every request for the keys counts, also those answered slowly, with a 500 or not at all.
      if (url.pathname === '/oauth2/v3/certs') fetchCount += 1;
    },
  );

  return {
    jwksUrl: `${server.url}/oauth2/v3/certs`,
    clientId,
    async idToken(claims = {}, tokenOptions = {}) {
      googleSequence += 1;
      const now = Math.floor(Date.now() / 1000);
      const id = `${Date.now()}${googleSequence}${Math.floor(Math.random() * 1e6)}`;
      const merged: Record<string, unknown> = {
        iss: GOOGLE_ISSUER,
        azp: clientId,
        aud: clientId,
        sub: `1${id}`,
        email: `google.user.${id}@gmail.com`,
        email_verified: true,
        name: 'Gabriela Google',
        given_name: 'Gabriela',
        family_name: 'Google',
        picture: 'https://lh3.googleusercontent.com/a/default-user=s96-c',
        iat: now,
        nbf: now - 60,
        exp: now + 3600,
        jti: randomBytes(20).toString('hex'),
        ...claims,
      };
      for (const [claim, value] of Object.entries(merged)) if (value === undefined) delete merged[claim];
      const key = tokenOptions.signWith === 'unknown' ? unknown : published[0]!;
      return new SignJWT(merged).setProtectedHeader({ alg: 'RS256', kid: tokenOptions.kid ?? key.kid, typ: 'JWT' }).sign(key.privateKey);
    },
    setDelay: server.setDelay,
    setDown: server.setDown,
    fetches: () => fetchCount,
    close: server.close,
  };
}

// ---------------------------------------------------------------- Facebook

/** A Facebook user access token the Graph API stand-in knows. */
export interface FacebookUser {
  /** The user access token (what FB.login gives the page as `authResponse.accessToken`). */
  token: string;
  /** The app-scoped user id. */
  id: string;
  name: string;
  /** Left out of `/me` when absent (no email on the account, or the permission not granted). */
  email?: string | undefined;
  /** The app the token was issued for (default: the stand-in's app). */
  appId?: string;
  /** Unix seconds; default two hours from now; 0 never expires. */
  expiresAt?: number;
  /**
   * What the Graph API says about the token. Default: valid unless expired.
   * `false`: invalidated (debug_token says `is_valid: false`, `/me` answers an
   * OAuthException). `true`: answered as valid whatever `expiresAt` says.
   */
  valid?: boolean;
}

export interface FacebookStandInOptions {
  appId: string;
  appSecret: string;
}

export interface FacebookStandIn {
  /** The server's `FACEBOOK_GRAPH_URL`. */
  graphUrl: string;
  appId: string;
  /** Registers a token; returns it. */
  addUser(user: FacebookUser): string;
  setDelay(ms: number): void;
  setDown(mode: DownMode): void;
  close(): Promise<void>;
}

type StoredUser = FacebookUser & { appId: string; expiresAt: number };

const fbtraceId = () => randomBytes(8).toString('base64url');

/** The Graph API's error answer: HTTP 400 with an OAuthException. */
function oauthException(res: http.ServerResponse, code: number, message: string, subcode?: number): void {
  sendJson(res, 400, {
    error: { message, type: 'OAuthException', code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: fbtraceId() },
  });
}

const expiredMessage = (expiresAt: number) =>
  `Error validating access token: Session has expired on ${new Date(expiresAt * 1000).toUTCString()}. The current time is ${new Date().toUTCString()}.`;
const INVALIDATED_MESSAGE =
  'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.';

/** A Graph API stand-in: `GET /debug_token` and `GET /me` (also under a version prefix such as `/v19.0`). */
export async function startFacebookStandIn(options: FacebookStandInOptions): Promise<FacebookStandIn> {
  const { appId, appSecret } = options;
  const users = new Map<string, StoredUser>();

  /** Whether the token is still good, and why not. */
  function stateOf(user: StoredUser): { ok: true } | { ok: false; message: string; subcode: number } {
    const expired = user.expiresAt !== 0 && user.expiresAt <= Math.floor(Date.now() / 1000);
    if (user.valid === true) return { ok: true };
    if (user.valid === false) return { ok: false, message: INVALIDATED_MESSAGE, subcode: 460 };
    if (expired) return { ok: false, message: expiredMessage(user.expiresAt), subcode: 463 };
    return { ok: true };
  }

  const server = await startStandInServer((req, res, url) => {
    const path = url.pathname.replace(/^\/v\d+\.\d+(?=\/)/, '');
    if (req.method !== 'GET') {
      oauthException(res, 100, 'Unsupported method');
      return;
    }

    if (path === '/debug_token') {
      const accessToken = url.searchParams.get('access_token');
      const inputToken = url.searchParams.get('input_token');
      if (!accessToken) return oauthException(res, 104, 'An access token is required to request this resource.');
      if (accessToken !== `${appId}|${appSecret}`) return oauthException(res, 190, 'Invalid OAuth access token signature.');
      if (!inputToken) return oauthException(res, 100, '(#100) The parameter input_token is required');
      const user = users.get(inputToken);
      if (!user) {
        sendJson(res, 200, {
          data: { error: { code: 190, message: 'Invalid OAuth access token - Cannot parse access token' }, is_valid: false, scopes: [] },
        });
        return;
      }
      const state = stateOf(user);
      const now = Math.floor(Date.now() / 1000);
      sendJson(res, 200, {
        data: {
          app_id: user.appId,
          type: 'USER',
          application: user.appId === appId ? 'Reorder (stand-in)' : 'Some Other App',
          data_access_expires_at: now + 90 * 86400,
          ...(state.ok ? {} : { error: { code: 190, message: state.message, subcode: state.subcode } }),
          expires_at: user.expiresAt,
          is_valid: state.ok,
          ...(state.ok ? { issued_at: now - 60 } : {}),
          scopes: user.email ? ['email', 'public_profile'] : ['public_profile'],
          user_id: user.id,
        },
      });
      return;
    }

    if (path === '/me') {
      const accessToken = url.searchParams.get('access_token');
      if (!accessToken)
        return oauthException(res, 2500, 'An active access token must be used to query information about the current user.');
      const user = users.get(accessToken);
      if (!user) return oauthException(res, 190, 'Invalid OAuth access token data.');
      const state = stateOf(user);
      if (!state.ok) return oauthException(res, 190, state.message, state.subcode);
      const fields = (url.searchParams.get('fields') ?? 'id,name').split(',').map((field) => field.trim());
      // The id always comes back; the email only when the account has one and the app may read it.
      const profile: Record<string, string> = { id: user.id };
      if (fields.includes('name')) profile.name = user.name;
      if (fields.includes('email') && user.email !== undefined) profile.email = user.email;
      sendJson(res, 200, profile);
      return;
    }

    oauthException(res, 803, `(#803) Some of the aliases you requested do not exist: ${path.slice(1)}`);
  });

  return {
    graphUrl: server.url,
    appId,
    addUser(user) {
      users.set(user.token, {
        ...user,
        appId: user.appId ?? appId,
        expiresAt: user.expiresAt ?? Math.floor(Date.now() / 1000) + 2 * 3600,
      });
      return user.token;
    },
    setDelay: server.setDelay,
    setDown: server.setDown,
    close: server.close,
  };
}
