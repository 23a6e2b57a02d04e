import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error http_ece ships no types: decrypt(buffer, params) is all we use.
import ece from 'http_ece';
import { decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';

/** A message a push service received: where, with which headers, and the encrypted body. */
export interface PushDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** What a browser keeps of its subscription: the private key to decrypt with, and what it gives the server. */
export interface BrowserKeys {
  ecdh: ReturnType<typeof createECDH>;
  p256dh: string;
  auth: string;
}

/** A browser's subscription keys: a P-256 key pair and a 16-byte authentication secret (RFC 8291). */
export function newBrowserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** Decrypts an aes128gcm push message body with the browser's keys, as the browser would. */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  return (ece.decrypt(body, { version: 'aes128gcm', privateKey: keys.ecdh, authSecret: keys.auth }) as Buffer).toString('utf8');
}

/**
 * Checks the VAPID authorization a push service receives (RFC 8292): `vapid
 * t=<JWT>, k=<public key>`, the JWT signed ES256 by that key, for this push
 * service's origin, expiring within 24 hours. Returns its claims.
 */
export async function verifyVapid(headers: IncomingHttpHeaders, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(headers.authorization ?? ''));
  if (!match) throw new Error(`not a VAPID authorization: ${headers.authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  const raw = Buffer.from(key, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') };
  const { payload } = await jwtVerify(token, await importJWK(jwk, 'ES256'), { audience: origin });
  if (decodeProtectedHeader(token).alg !== 'ES256') throw new Error('VAPID JWT is not ES256');
  const claims = decodeJwt(token);
  if (!claims.exp || claims.exp * 1000 > Date.now() + 24 * 3600 * 1000) throw new Error('VAPID JWT must expire within 24 hours');
  return { ...payload, publicKey: key };
}

/**
 * A local stand-in for a browser vendor's push service: it accepts what the
 * web-push library posts (201), or answers `status(path)` (410 for a
 * subscription that is gone), and keeps every delivery.
 */
export async function startPushService(status: (path: string) => number = () => 201) {
  const deliveries: PushDelivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const answer = status(path);
      if (answer < 300) deliveries.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
