import http from 'node:http';
import { startTestServer } from '@reorder/testing';
import { describe, expect, it } from 'vitest';

/**
 * docs/decisions.md §8.6, "Several processes" (issue 27, item 13): while a
 * process drains (SIGTERM: `close()`), every answer says `Connection:
 * close`, so a client never sends another request on a connection the
 * server is about to close, and idle keep-alive connections are not cut
 * under a request that is on its way: busy clients posting over keep-alive
 * during a shutdown get answers or a refused new connection (nothing sent,
 * safe to send elsewhere), never a reset one. The database is not involved.
 */

type Outcome = { kind: 'answer'; status: number; connection: string | undefined; draining: boolean } | { kind: 'error'; code: string };

function post(agent: http.Agent, port: number, draining: () => boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ anything: 'at all' });
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/no-such-thing',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const startedDraining = draining();
        res.resume();
        res.on('end', () =>
          resolve({ kind: 'answer', status: res.statusCode ?? 0, connection: res.headers.connection, draining: startedDraining }),
        );
        res.on('error', (error: NodeJS.ErrnoException) => resolve({ kind: 'error', code: error.code ?? error.message }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ kind: 'error', code: error.code ?? error.message }));
    req.end(body);
  });
}

describe('draining after SIGTERM', () => {
  it('answers with Connection: close and resets no request of busy keep-alive clients', { timeout: 60_000 }, async () => {
    const t = await startTestServer({ connectionLimits: { drainIdleMs: 2_000 } });
    const port = t.server.port;
    let draining = false;
    const perClient: Outcome[][] = [];
    // 24 clients, each on its own keep-alive connection, posting one request after another until refused.
    const clients = Array.from({ length: 24 }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const outcomes: Outcome[] = [];
      perClient.push(outcomes);
      try {
        for (let i = 0; i < 10_000; i++) {
          const outcome = await post(agent, port, () => draining);
          outcomes.push(outcome);
          if (outcome.kind === 'error') return;
        }
      } finally {
        agent.destroy();
      }
    });
    // Every client has its connection open and in use.
    await expect.poll(() => perClient.length === 24 && perClient.every((o) => o.length >= 2), { timeout: 20_000 }).toBe(true);
    draining = true;
    await t.close();
    await Promise.all(clients);

    const outcomes = perClient.flat();
    const errors = outcomes.filter((o) => o.kind === 'error').map((o) => o.code);
    const answers = outcomes.filter((o): o is Extract<Outcome, { kind: 'answer' }> => o.kind === 'answer');
    expect(answers.length).toBeGreaterThan(48);
    expect(answers.every((a) => a.status === 404)).toBe(true);
    // The only error a client may see is a refused new connection: its request was never sent.
    expect(errors.filter((code) => code !== 'ECONNREFUSED')).toEqual([]);
    // Each client's last answer told it to close that connection: it never reused one the server closed.
    for (const outcomes of perClient) {
      const last = outcomes.findLast((o) => o.kind === 'answer');
      expect(last).toMatchObject({ connection: 'close', draining: true });
    }
  });
});
