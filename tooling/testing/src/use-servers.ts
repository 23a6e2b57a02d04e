import { afterAll, afterEach, beforeAll } from 'vitest';
import { startSmtpServer, startTestServer, type TestServer, type TestServerOptions } from './harness.ts';
import { startPushService } from './push-service.ts';

/**
 * What an HTTP test file runs against, declared once at its top: started
 * before its tests, stopped after them, in the order declared (an SMTP server
 * or a push service first, then the servers that use it). Each `use…` answers
 * a stand-in that reads the started thing, so tests and hooks use it as the
 * thing itself (`t.api`, `smtp.messages`).
 */

/** Reads `get()` on each use; before the start (at the top of the file) it throws, since nothing is there yet. */
function startedLater<T extends object>(what: string, get: () => T | undefined): T {
  const started = () => {
    const value = get();
    if (!value) throw new Error(`${what} starts in beforeAll: use it inside a test or a hook`);
    return value;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const target = started();
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set: (_, key, value) => Reflect.set(started(), key, value),
  });
}

function useStarted<T extends object>(what: string, start: () => Promise<T>, stop: (started: T) => Promise<void>): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    if (started) await stop(started);
  });
  return startedLater(what, () => started);
}

/** A server's options, or a function that makes them at the start (to read an SMTP server's or a push service's address). */
type ServerOptions = TestServerOptions | (() => TestServerOptions);

/**
 * The file's test servers, by name, started at once (`startTestServer`, each
 * on its own database) and closed after the file's tests. A clock a test set
 * on a server (`t.server.deps.clock`) is taken off after that test.
 */
export function useTestServers<K extends string>(servers: Record<K, ServerOptions>): Record<K, TestServer> {
  const started = new Map<string, TestServer>();
  beforeAll(async () => {
    const starts = await Promise.allSettled(
      Object.entries<ServerOptions>(servers).map(async ([name, options]) => {
        started.set(name, await startTestServer(typeof options === 'function' ? options() : options));
      }),
    );
    for (const start of starts) if (start.status === 'rejected') throw start.reason;
  });
  afterEach(() => {
    for (const server of started.values()) server.server.deps.clock = undefined;
  });
  afterAll(async () => {
    await Promise.all([...started.values()].map((server) => server.close()));
  });
  const names = Object.keys(servers) as K[];
  return Object.fromEntries(names.map((name) => [name, startedLater(`The test server "${name}"`, () => started.get(name))])) as Record<
    K,
    TestServer
  >;
}

/** The file's one test server: `useTestServers` with one. */
export function useTestServer(options: ServerOptions = {}): TestServer {
  return useTestServers({ server: options }).server;
}

/** A real SMTP server for the file (`startSmtpServer`): declare it before the servers that send through its `url`. */
export function useSmtpServer(options?: Parameters<typeof startSmtpServer>[0]): Awaited<ReturnType<typeof startSmtpServer>> {
  return useStarted(
    'The SMTP server',
    () => startSmtpServer(options),
    (smtp) => smtp.close(),
  );
}

/**
 * A push service stand-in for the file (`startPushService`). It listens on
 * 127.0.0.1, a local target: the servers that push to it need
 * `ALLOW_PRIVATE_ENDPOINTS: '1'` in their env (docs/decisions.md §8.6).
 */
export function usePushService(status?: Parameters<typeof startPushService>[0]): Awaited<ReturnType<typeof startPushService>> {
  return useStarted(
    'The push service',
    () => startPushService(status),
    (service) => service.close(),
  );
}
