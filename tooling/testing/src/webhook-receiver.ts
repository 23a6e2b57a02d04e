import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the receiver got: its path, headers, raw body, and the event it carried. */
export interface ReceivedDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  event: { id: string; type: string; createdAt: string; data: unknown };
  /** What the receiver answered (0: it never answered, holding the request). */
  answered: number;
}

/** How the receiver answers a request: a status, a redirect's location, or no answer for `holdMs`. */
export type ReceiverAnswer = { status: number; location?: string } | { holdMs: number };

/**
 * Checks a `Reorder-Signature` header the way docs/integrations.md tells integrators
 * to, written here on its own (not with the server's signing code): the
 * HMAC-SHA256 of `<t>.<body>` under the secret, compared in constant time.
 */
export function verifyWebhookSignature(secret: string, header: string | undefined, body: string): { ok: boolean; t: number } {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return { ok: Number.isInteger(t) && given.length === expected.length && timingSafeEqual(given, expected), t };
}

/**
 * A local webhook receiver (an http server on 127.0.0.1: the servers that
 * post to it need ALLOW_PRIVATE_ENDPOINTS=1). `answer(path, n)` says how to
 * answer the n-th request (from 1) on a path; 200 by default. Keeps every
 * request, answered or not.
 */
export async function startWebhookReceiver(answer: (path: string, n: number) => ReceiverAnswer = () => ({ status: 200 })) {
  const received: ReceivedDelivery[] = [];
  const counts = new Map<string, number>();
  const held = new Set<() => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const n = (counts.get(path) ?? 0) + 1;
      counts.set(path, n);
      const body = Buffer.concat(chunks).toString('utf8');
      let event: ReceivedDelivery['event'];
      try {
        event = JSON.parse(body);
      } catch {
        event = { id: '', type: '', createdAt: '', data: null };
      }
      const how = answer(path, n);
      const delivery: ReceivedDelivery = { path, headers: req.headers, body, event, answered: 0 };
      received.push(delivery);
      if ('holdMs' in how) {
        const release = () => {
          held.delete(release);
          res.destroy();
        };
        held.add(release);
        setTimeout(release, how.holdMs).unref();
        return;
      }
      delivery.answered = how.status;
      res.writeHead(how.status, how.location ? { location: how.location } : {}).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    /** The deliveries that reached `path`. */
    at: (path: string) => received.filter((delivery) => delivery.path === path),
    close: () => {
      for (const release of [...held]) release();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
