import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkOutboundUrl, isPublicAddress, OutboundRefused, pinnedLookup, type Resolver, sendOutbound } from './outbound.ts';

/**
 * The outbound rule (docs/decisions.md §8.6, issue 27 item 2). Host names go
 * through an injected resolver, so nothing here needs the internet, and the
 * only traffic sent goes to servers on loopback.
 */

const BLOCKED: [string, string][] = [
  ['127.0.0.1', 'IPv4 loopback'],
  ['127.255.255.254', 'IPv4 loopback, end of 127/8'],
  ['10.0.0.1', 'private 10/8'],
  ['172.16.0.1', 'private 172.16/12'],
  ['172.31.255.255', 'private 172.16/12, end'],
  ['192.168.1.1', 'private 192.168/16'],
  ['169.254.169.254', 'link-local: cloud metadata'],
  ['169.254.0.1', 'link-local'],
  ['100.64.0.1', 'CGNAT 100.64/10'],
  ['100.127.255.254', 'CGNAT, end'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'this network 0/8'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast (SSDP)'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved 240/4'],
  ['192.0.0.170', 'IETF protocol assignments'],
  ['192.0.2.1', 'TEST-NET-1'],
  ['198.18.0.1', 'benchmarking'],
  ['::1', 'IPv6 loopback'],
  ['::', 'IPv6 unspecified'],
  ['fe80::1', 'IPv6 link-local'],
  ['fc00::1', 'IPv6 unique-local'],
  ['fd00:ec2::254', 'IPv6 unique-local: cloud metadata'],
  ['ff02::1', 'IPv6 multicast'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback'],
  ['2002:7f00:1::', '6to4 of loopback'],
  ['2001::1', 'Teredo'],
  ['2001:db8::1', 'IPv6 documentation'],
  ['100::1', 'IPv6 discard'],
];
const PUBLIC = ['8.8.8.8', '1.1.1.1', '93.184.216.34', '::ffff:8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4001::200e'];

/** A resolver answering `answers` in turn (the last one again once they run out), counting its calls. */
function resolverOf(...answers: string[][]): Resolver & { calls: number } {
  const resolve = async () => {
    const addresses = answers[Math.min(resolve.calls, answers.length - 1)] ?? [];
    resolve.calls += 1;
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  resolve.calls = 0;
  return resolve;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundRefused);
  return (error as OutboundRefused).reason;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A server on `host` (loopback) that records each request and answers with `handle`. */
async function listen(host: string, handle: (req: IncomingMessage) => { status: number; headers?: Record<string, string> }, port = 0) {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const { status, headers } = handle(req);
    res.writeHead(status, headers).end('answer');
  });
  servers.push(server);
  server.listen(port, host);
  await once(server, 'listening');
  return { seen, port: (server.address() as AddressInfo).port };
}

describe('isPublicAddress', () => {
  it.each(BLOCKED)('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(PUBLIC)('lets the public address %s through', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses what is not an address', () => {
    for (const text of ['', 'localhost', '::g', '256.1.1.1']) expect(isPublicAddress(text)).toBe(false);
  });
});

describe('checkOutboundUrl', () => {
  it.each(BLOCKED)('refuses an https URL whose host resolves to %s (%s), and the same address written in the URL', async (address) => {
    const resolve = resolverOf([address]);
    expect(await refusal(checkOutboundUrl('https://push.example.com/x', { resolve }))).toBe('not-public');
    const literal = address.includes(':') ? `[${address}]` : address;
    expect(await refusal(checkOutboundUrl(`https://${literal}/x`, { resolve }))).toBe('not-public');
  });

  it('refuses a host whose DNS answers mix public and private addresses, in any order', async () => {
    for (const answers of [
      ['8.8.8.8', '10.0.0.1'],
      ['127.0.0.1', '8.8.8.8'],
      ['2606:4700:4700::1111', '::1'],
      ['8.8.8.8', '2606:4700:4700::1111', 'fd00::1'],
    ]) {
      expect(await refusal(checkOutboundUrl('https://push.example.com/x', { resolve: resolverOf(answers) }))).toBe('not-public');
    }
  });

  it('accepts an https host whose every address is public, and names the one to connect to', async () => {
    const target = await checkOutboundUrl('https://push.example.com/x', { resolve: resolverOf(['8.8.8.8', '2606:4700:4700::1111']) });
    expect(target).toMatchObject({ address: '8.8.8.8', family: 4 });
    expect(await checkOutboundUrl('https://[::ffff:8.8.8.8]/x')).toMatchObject({ address: '8.8.8.8', family: 4 });
  });

  it('refuses http, other schemes, credentials in the URL, and what is not a URL', async () => {
    const resolve = resolverOf(['8.8.8.8']);
    expect(await refusal(checkOutboundUrl('http://push.example.com/x', { resolve }))).toBe('not-https');
    expect(await refusal(checkOutboundUrl('http://127.0.0.1:8080/x', { resolve }))).toBe('not-https');
    expect(await refusal(checkOutboundUrl('ftp://push.example.com/x', { resolve }))).toBe('not-https');
    expect(await refusal(checkOutboundUrl('https://user:pass@push.example.com/x', { resolve }))).toBe('invalid-url');
    expect(await refusal(checkOutboundUrl('not a url', { resolve }))).toBe('invalid-url');
  });

  it('refuses a host that does not resolve', async () => {
    expect(await refusal(checkOutboundUrl('https://push.example.com/x', { resolve: resolverOf([]) }))).toBe('unresolved');
    const failing: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await refusal(checkOutboundUrl('https://push.example.com/x', { resolve: failing }))).toBe('unresolved');
  });

  it('lets local http targets through only when private endpoints are allowed (ALLOW_PRIVATE_ENDPOINTS=1)', async () => {
    expect(await checkOutboundUrl('http://127.0.0.1:8080/x', { allowPrivate: true })).toMatchObject({ address: '127.0.0.1' });
    expect(await checkOutboundUrl('https://[::1]:8443/x', { allowPrivate: true })).toMatchObject({ address: '::1', family: 6 });
    expect(await refusal(checkOutboundUrl('ftp://127.0.0.1/x', { allowPrivate: true }))).toBe('not-https');
  });
});

describe('DNS rebinding', () => {
  it('connects to the address that was checked: a resolver answering public, then private, is asked once', async () => {
    const resolve = resolverOf(['93.184.216.34'], ['127.0.0.1']);
    const target = await checkOutboundUrl('https://push.example.com/x', { resolve });
    const lookup = pinnedLookup(target);
    const one = await new Promise((r) => lookup('push.example.com', {}, (_e, address, family) => r({ address, family })));
    const all = await new Promise((r) => lookup('push.example.com', { all: true }, (_e, addresses) => r(addresses)));
    expect(one).toEqual({ address: '93.184.216.34', family: 4 });
    expect(all).toEqual([{ address: '93.184.216.34', family: 4 }]);
    expect(resolve.calls).toBe(1);
  });

  it('sends to the checked address although the name answers another one afterwards (both on loopback)', async () => {
    const checked = await listen('127.0.0.1', () => ({ status: 201 }));
    const rebound = await listen('127.0.0.2', () => ({ status: 201 }), checked.port);
    const resolve = resolverOf(['127.0.0.1'], ['127.0.0.2']);
    const response = await sendOutbound(
      `http://push.test:${checked.port}/deliver`,
      { method: 'POST', body: new TextEncoder().encode('{}') },
      { allowPrivate: true, resolve },
    );
    expect(response.status).toBe(201);
    expect(checked.seen).toEqual(['POST /deliver']);
    expect(rebound.seen).toEqual([]);
    expect(resolve.calls).toBe(1);
  });
});

describe('sendOutbound', () => {
  it('never contacts a refused target (no answer can leak what it is)', async () => {
    const local = await listen('127.0.0.1', () => ({ status: 410 }));
    const reason = await refusal(sendOutbound(`http://127.0.0.1:${local.port}/gone`, { method: 'POST' }));
    expect(reason).toBe('not-https');
    const resolve = resolverOf(['127.0.0.1']);
    expect(await refusal(sendOutbound(`https://push.example.com:${local.port}/gone`, { method: 'POST' }, { resolve }))).toBe('not-public');
    expect(local.seen).toEqual([]);
  });

  it('does not follow a redirect: the 3xx is the answer, and its Location is never requested', async () => {
    const local = await listen('127.0.0.1', (req) =>
      req.url === '/start' ? { status: 307, headers: { location: `http://127.0.0.1:${port()}/elsewhere` } } : { status: 200 },
    );
    const port = () => local.port;
    const response = await sendOutbound(`http://127.0.0.1:${local.port}/start`, { method: 'POST' }, { allowPrivate: true });
    expect(response.status).toBe(307);
    expect(local.seen).toEqual(['POST /start']);
  });

  it('gives up after the timeout', async () => {
    const silent = createServer(() => {});
    servers.push(silent);
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const { port } = silent.address() as AddressInfo;
    const started = Date.now();
    const error = await sendOutbound(`http://127.0.0.1:${port}/slow`, { method: 'POST' }, { allowPrivate: true, timeoutMs: 300 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(Date.now() - started).toBeLessThan(5000);
    silent.closeAllConnections();
  });
});
