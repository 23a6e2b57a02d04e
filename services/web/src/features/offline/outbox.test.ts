import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keyOfChange, type OrderChange } from '../orders/changes.ts';
import { createOutbox, MAX_SERVER_FAILURES, type OutboxEntry, type OutboxOptions, type OutboxOutcome, retryDelay } from './outbox.ts';

type OutboxChange = OrderChange;

/** A store kept in memory, as IndexedDB would keep it across a reload (a structured copy). */
function memoryStore() {
  let saved: OutboxEntry<OutboxChange>[] = [];
  return {
    load: vi.fn(async () => structuredClone(saved)),
    save: vi.fn(async (entries: OutboxEntry<OutboxChange>[]) => {
      saved = structuredClone(entries);
    }),
    saved: () => saved,
  };
}

const quantity = (productId: number, value: number): OutboxChange => ({
  kind: 'quantity',
  supplierId: 1,
  orderId: 10,
  productId,
  name: `P${productId}`,
  quantity: value,
});
const message = (introduce: string): OutboxChange => ({ kind: 'message', supplierId: 1, orderId: 10, introduce });
const fill: OutboxChange = { kind: 'fill', supplierId: 1, orderId: 10 };
const clear: OutboxChange = { kind: 'clear', supplierId: 1, orderId: 10 };
const send: OutboxChange = {
  kind: 'send',
  supplierId: 1,
  orderId: 10,
  channel: 'sms',
  text: '1 x Kg: P1',
  sentAt: '2026-11-26T09:00:00.000Z',
  introduce: '',
  lines: [],
};
const describeChange = (change: OutboxChange) =>
  change.kind === 'quantity'
    ? `q${change.productId}=${change.quantity}`
    : change.kind === 'message'
      ? `m:${change.introduce}`
      : change.kind;

/** A network the test switches on and off, and a server whose answers it scripts. */
function setup(overrides: Partial<OutboxOptions<OutboxChange>> = {}, store = memoryStore()) {
  let online = false;
  const sent: string[] = [];
  const answers: OutboxOutcome[] = [];
  const rejected: string[] = [];
  const drained = vi.fn();
  const outbox = createOutbox<OutboxChange>({
    store,
    keyOf: keyOfChange,
    online: () => online,
    send: vi.fn(async (change: OutboxChange): Promise<OutboxOutcome> => {
      if (!online) return { retry: 'network' };
      sent.push(describeChange(change));
      return answers.shift() ?? { done: true };
    }),
    onRejected: (entry, reason) => rejected.push(`${describeChange(entry.change)}: ${reason}`),
    onDrained: drained,
    ...overrides,
  });
  return {
    outbox,
    store,
    sent,
    answers,
    rejected,
    drained,
    goOnline() {
      online = true;
      outbox.wake();
    },
    goOffline() {
      online = false;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the offline outbox', () => {
  it('keeps changes made offline and sends them in the order they were made once online', async () => {
    const { outbox, sent, goOnline, drained } = setup();
    for (const [id, value] of [
      [1, 2],
      [2, 5],
      [3, 1],
    ] as const) {
      await outbox.add(quantity(id, value));
    }
    await outbox.add(message('Hello'));
    expect(outbox.state()).toEqual({ waiting: 4, sending: false, held: true });
    expect(sent).toEqual([]);

    goOnline();
    await vi.runAllTimersAsync();
    expect(sent).toEqual(['q1=2', 'q2=5', 'q3=1', 'm:Hello']);
    expect(outbox.state()).toEqual({ waiting: 0, sending: false, held: false });
    expect(drained).toHaveBeenCalledTimes(1);
  });

  it('replaces a waiting change of the same thing in its place, but not across a Fill to par', async () => {
    const { outbox, sent, goOnline } = setup();
    await outbox.add(quantity(1, 1));
    await outbox.add(quantity(2, 1));
    await outbox.add(quantity(1, 3));
    await outbox.add(message('a'));
    await outbox.add(message('ab'));
    expect(outbox.state().waiting).toBe(3);
    await outbox.add(fill);
    await outbox.add(quantity(1, 9));
    expect(outbox.state().waiting).toBe(5);

    goOnline();
    await vi.runAllTimersAsync();
    expect(sent).toEqual(['q1=3', 'q2=1', 'm:ab', 'fill', 'q1=9']);
  });

  it('stores every change before add() resolves, and a new page (a reload) sends what the old one kept, in order', async () => {
    const store = memoryStore();
    const first = setup({}, store);
    await first.outbox.add(quantity(1, 2));
    await first.outbox.add(message('Hi'));
    await first.outbox.add(quantity(2, 4));
    expect(store.saved().map((e) => describeChange(e.change))).toEqual(['q1=2', 'm:Hi', 'q2=4']);
    first.outbox.stop();

    const second = setup({}, store);
    await second.outbox.ready;
    expect(second.outbox.state().waiting).toBe(3);
    // A change made after the reload goes after the kept ones, with an id of its own.
    await second.outbox.add(quantity(3, 1));
    expect(new Set(second.outbox.entries().map((e) => e.id)).size).toBe(4);
    second.goOnline();
    await vi.runAllTimersAsync();
    expect(second.sent).toEqual(['q1=2', 'm:Hi', 'q2=4', 'q3=1']);
    expect(store.saved()).toEqual([]);
  });

  it('tries again after 1 s, 2 s, 4 s… when the server fails, keeping the order', async () => {
    const { outbox, sent, answers, goOnline } = setup();
    await outbox.add(quantity(1, 2));
    await outbox.add(quantity(2, 2));
    answers.push({ retry: 'server' }, { retry: 'server' });
    goOnline();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['q1=2']);
    expect(outbox.entries()[0]?.attempts).toBe(1);
    // Online, but held back by the server's failure: worth saying on the screen.
    expect(outbox.state().held).toBe(true);

    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toEqual(['q1=2']);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual(['q1=2', 'q1=2']);

    await vi.advanceTimersByTimeAsync(1999);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual(['q1=2', 'q1=2', 'q1=2', 'q2=2']);
    expect(outbox.state().waiting).toBe(0);
  });

  it('grows the wait up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
  });

  it('waits for the connection without counting it against the change, and sends when it returns', async () => {
    const { outbox, sent, goOnline, goOffline } = setup();
    goOnline();
    goOffline();
    await outbox.add(quantity(1, 5));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sent).toEqual([]);
    expect(outbox.entries()[0]?.serverFailures).toBe(0);
    goOnline();
    await vi.runAllTimersAsync();
    expect(sent).toEqual(['q1=5']);
  });

  it('reports and drops a change the server refuses, never trying it again, and sends the next ones', async () => {
    const { outbox, sent, answers, rejected, goOnline } = setup();
    await outbox.add(quantity(1, 2));
    await outbox.add(quantity(2, 3));
    await outbox.add(quantity(3, 4));
    answers.push({ done: true }, { rejected: 'Product not found' });
    goOnline();
    await vi.runAllTimersAsync();
    expect(sent).toEqual(['q1=2', 'q2=3', 'q3=4']);
    expect(rejected).toEqual(['q2=3: Product not found']);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(sent).toHaveLength(3);
  });

  it(`makes a change the server fails on ${MAX_SERVER_FAILURES} times a refused one`, async () => {
    const { outbox, sent, answers, rejected, goOnline } = setup();
    await outbox.add(quantity(1, 2));
    await outbox.add(quantity(2, 2));
    for (let i = 0; i < MAX_SERVER_FAILURES; i++) answers.push({ retry: 'server' });
    goOnline();
    await vi.runAllTimersAsync();
    expect(sent.filter((s) => s === 'q1=2')).toHaveLength(MAX_SERVER_FAILURES);
    expect(rejected).toEqual(['q1=2: The server kept failing on this change.']);
    expect(sent.at(-1)).toBe('q2=2');
  });

  it('holds everything while there is no session, and goes on when woken', async () => {
    const { outbox, sent, answers, goOnline } = setup();
    await outbox.add(quantity(1, 2));
    answers.push({ retry: 'auth' });
    goOnline();
    await vi.runAllTimersAsync();
    expect(outbox.state().waiting).toBe(1);
    expect(outbox.entries()[0]?.attempts).toBe(0);
    outbox.wake();
    await vi.runAllTimersAsync();
    expect(sent).toEqual(['q1=2', 'q1=2']);
    expect(outbox.state().waiting).toBe(0);
  });

  it('counts a send that throws (no connection) as a retry, not a refusal', async () => {
    const store = memoryStore();
    let calls = 0;
    const { outbox, goOnline, rejected } = setup(
      {
        send: async () => {
          calls += 1;
          if (calls === 1) throw new TypeError('Failed to fetch');
          return { done: true };
        },
      },
      store,
    );
    await outbox.add(quantity(1, 1));
    goOnline();
    await vi.runAllTimersAsync();
    expect(calls).toBe(2);
    expect(rejected).toEqual([]);
    expect(outbox.state().waiting).toBe(0);
  });

  it('tells its listeners how many changes wait', async () => {
    const { outbox, goOnline } = setup();
    const seen: number[] = [];
    outbox.subscribe(() => seen.push(outbox.state().waiting));
    await outbox.add(quantity(1, 1));
    await outbox.add(quantity(2, 1));
    goOnline();
    await vi.runAllTimersAsync();
    expect(seen).toContain(2);
    expect(seen.at(-1)).toBe(0);
  });

  it('takes a change at once, before it is stored, so the screen shows it in the same tap', async () => {
    const { outbox } = setup();
    const stored = outbox.add(quantity(1, 2));
    expect(outbox.entries().map((e) => describeChange(e.change))).toEqual(['q1=2']);
    await stored;
  });

  it('merges across other things, but never across a clear or a send: the order stays the one made', async () => {
    const { outbox, sent, goOnline } = setup();
    await outbox.add(quantity(1, 2));
    await outbox.add(send);
    await outbox.add(clear);
    await outbox.add(quantity(1, 5));
    await outbox.add(message('x'));
    await outbox.add(quantity(1, 6));
    expect(outbox.state().waiting).toBe(5);
    goOnline();
    await vi.runAllTimersAsync();
    expect(sent).toEqual(['q1=2', 'send', 'clear', 'q1=6', 'm:x']);
  });

  it('sends a change made online at once, and one made while another is on its way right after it', async () => {
    let release: () => void = () => {};
    const calls: string[] = [];
    const { outbox, goOnline } = setup({
      send: (change) => {
        calls.push(describeChange(change));
        return new Promise<OutboxOutcome>((resolve) => {
          release = () => resolve({ done: true });
        });
      },
    });
    goOnline();
    await outbox.add(quantity(1, 1));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['q1=1']);
    // Taps while the first is on its way: merged into one waiting change.
    await outbox.add(quantity(1, 2));
    await outbox.add(quantity(1, 3));
    expect(outbox.state()).toEqual({ waiting: 2, sending: true, held: false });
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['q1=1', 'q1=3']);
    release();
    await vi.runAllTimersAsync();
    expect(outbox.state().waiting).toBe(0);
  });
});
