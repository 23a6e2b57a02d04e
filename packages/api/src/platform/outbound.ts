import { promises as dns } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The one way the server makes requests to addresses its users give it (push
 * endpoints now, webhooks later), so none of them reaches the server's own
 * network (docs/decisions.md §8.6, issue 27: SSRF through push endpoints):
 *
 * - only `https` URLs, whose host's addresses are all public: no loopback,
 *   private, link-local (cloud metadata at 169.254.169.254), CGNAT,
 *   multicast, broadcast, unspecified or reserved range, no IPv6 unique-local
 *   or link-local address, and no IPv6 form that embeds an IPv4 address
 *   (mapped, NAT64, 6to4, Teredo) unless that address is public itself;
 * - the connection goes to the address that was checked (the socket's DNS
 *   lookup answers it), so a host that answers differently the second time
 *   (DNS rebinding) cannot turn it;
 * - redirects are answered as they come, never followed;
 * - a timeout ends every request.
 *
 * `allowPrivate` (ALLOW_PRIVATE_ENDPOINTS=1, a setting for tests) also lets
 * `http` URLs and any address through, for push services and webhook
 * receivers that run on the test machine; the other rules stay.
 */

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/**
 * The addresses a host name resolves to (all of them), as `dns.lookup`
 * answers them. Plain types, no Node ones: the context names this policy,
 * and the published client types carry the context.
 */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundPolicy {
  /** `http` and private addresses too: for tests on one machine (ALLOW_PRIVATE_ENDPOINTS=1). */
  allowPrivate?: boolean | undefined;
  /** How host names are resolved: the system's resolver unless a test gives another. */
  resolve?: Resolver | undefined;
  /** How long a request may take in all, in milliseconds (default 10 s). */
  timeoutMs?: number | undefined;
}

/** Why a URL is refused: it is not a URL, not https, reaches a non-public address, or its host does not resolve. */
export type TOutboundRefusal = 'invalid-url' | 'not-https' | 'not-public' | 'unresolved';

/** A URL the outbound rule refuses; `reason` says why (the message is for logs and the 400 issue). */
export class OutboundRefused extends Error {
  constructor(
    readonly reason: TOutboundRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

/** A URL that passed the rule, with the address the connection must go to. */
export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** What came back: the status (a redirect is a status like any other), the headers, and the body (at most 64 KiB kept). */
export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_BODY_BYTES = 64 * 1024;
/** IPv6's global unicast block: anything outside it is not a public destination. */
const GLOBAL_UNICAST: [ipaddr.IPv6, number] = [ipaddr.IPv6.parse('2000::'), 3];

const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/**
 * Whether an address is a public destination: ipaddr.js names every special
 * range (loopback, private, linkLocal, carrierGradeNat, multicast, broadcast,
 * unspecified, reserved, uniqueLocal, 6to4, teredo, rfc6052...), and only its
 * plain `unicast` passes; an IPv4-mapped IPv6 address is judged as the IPv4
 * address it carries, and IPv6 must be in 2000::/3.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (parsed.range() !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST);
}

/**
 * Checks a URL against the outbound rule and resolves its host once: every
 * address it answers must be public (one private answer among public ones
 * refuses it all). Returns the address to connect to.
 */
export async function checkOutboundUrl(raw: string, policy: OutboundPolicy = {}): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('invalid-url', 'Endpoint must be a URL');
  }
  const httpAllowed = policy.allowPrivate === true && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !httpAllowed) throw new OutboundRefused('not-https', 'Endpoint must be an https URL');
  if (url.username || url.password) throw new OutboundRefused('invalid-url', 'Endpoint must not hold a user name or password');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let answers: ResolvedAddress[];
  if (ipaddr.isValid(host)) {
    answers = [{ address: ipaddr.process(host).toString(), family: ipaddr.process(host).kind() === 'ipv6' ? 6 : 4 }];
  } else {
    try {
      answers = await (policy.resolve ?? systemResolver)(host);
    } catch {
      answers = [];
    }
    if (answers.length === 0) throw new OutboundRefused('unresolved', `Endpoint host ${host} does not resolve`);
  }
  if (!policy.allowPrivate && !answers.every((answer) => isPublicAddress(answer.address))) {
    throw new OutboundRefused('not-public', 'Endpoint must be on the public internet, not a private or local address');
  }
  const first = answers[0] as ResolvedAddress;
  const address = ipaddr.process(first.address);
  return { url, address: address.toString(), family: address.kind() === 'ipv6' ? 6 : 4 };
}

/** A socket lookup that answers only the checked address, whatever the host name's DNS says now. */
export function pinnedLookup(target: Pick<CheckedTarget, 'address' | 'family'>): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

/**
 * Sends one request under the outbound rule: checks the URL (again, at send
 * time: a host may answer otherwise than when it was stored), connects to
 * the checked address with TLS verified for the URL's host name, follows no
 * redirect, and gives up after the timeout. A refused URL is never contacted.
 */
export async function sendOutbound(
  raw: string,
  init: { method: string; headers?: Record<string, string> | undefined; body?: Uint8Array | undefined },
  policy: OutboundPolicy = {},
): Promise<OutboundResponse> {
  const target = await checkOutboundUrl(raw, policy);
  const transport = target.url.protocol === 'https:' ? https : http;
  const timeoutMs = policy.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return new Promise<OutboundResponse>((resolve, reject) => {
    const request = transport.request(
      target.url,
      {
        method: init.method,
        headers: init.headers,
        // A socket of its own, looked up only through the checked address.
        agent: false,
        lookup: pinnedLookup(target),
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < MAX_BODY_BYTES) chunks.push(chunk.subarray(0, MAX_BODY_BYTES - kept));
          kept += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(init.body === undefined ? undefined : Buffer.from(init.body));
  });
}
