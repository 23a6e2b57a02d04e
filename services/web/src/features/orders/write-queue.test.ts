import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWriteQueue } from './write-queue.ts';

/** A save that records when it starts and finishes, and resolves when the test says so. */
function controlledSave(log: string[], name: string) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const run = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        log.push(`start ${name}`);
        finish = () => {
          log.push(`end ${name}`);
          resolve();
        };
        fail = (error) => {
          log.push(`fail ${name}`);
          reject(error);
        };
      }),
  );
  return { run, finish: () => finish(), fail: (error: Error) => fail(error) };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createWriteQueue', () => {
  it('waits the delay, then saves', async () => {
    const queue = createWriteQueue();
    const log: string[] = [];
    const a = controlledSave(log, 'a');
    queue.schedule('a', a.run, 250);
    expect(queue.size()).toBe(1);
    await vi.advanceTimersByTimeAsync(249);
    expect(a.run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(a.run).toHaveBeenCalledTimes(1);
    a.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.size()).toBe(0);
  });

  it('replaces a waiting save of the same key, and restarts its wait', async () => {
    const queue = createWriteQueue();
    const log: string[] = [];
    const first = controlledSave(log, 'first');
    const second = controlledSave(log, 'second');
    queue.schedule('q:1', first.run, 250);
    await vi.advanceTimersByTimeAsync(200);
    queue.schedule('q:1', second.run, 250);
    await vi.advanceTimersByTimeAsync(200);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(50);
    expect(first.run).not.toHaveBeenCalled();
    expect(log).toEqual(['start second']);
  });

  it('runs one save at a time, in the order they started', async () => {
    const queue = createWriteQueue();
    const log: string[] = [];
    const a = controlledSave(log, 'a');
    const b = controlledSave(log, 'b');
    queue.schedule('a', a.run, 0);
    queue.schedule('b', b.run, 0);
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['start a']);
    a.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['start a', 'end a', 'start b']);
    b.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.size()).toBe(0);
  });

  it('a save of a key already running waits for it: the last value lands last', async () => {
    const queue = createWriteQueue();
    const log: string[] = [];
    const one = controlledSave(log, 'q=1');
    const two = controlledSave(log, 'q=2');
    queue.schedule('q:7', one.run, 0);
    await vi.advanceTimersByTimeAsync(0);
    queue.schedule('q:7', two.run, 0);
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['start q=1']);
    one.finish();
    await vi.advanceTimersByTimeAsync(0);
    two.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['start q=1', 'end q=1', 'start q=2', 'end q=2']);
  });

  it('flush starts waiting saves at once and resolves only when everything has settled', async () => {
    const queue = createWriteQueue();
    const log: string[] = [];
    const running = controlledSave(log, 'running');
    const waiting = controlledSave(log, 'waiting');
    queue.schedule('a', running.run, 0);
    await vi.advanceTimersByTimeAsync(0);
    queue.schedule('b', waiting.run, 10_000);
    let flushed = false;
    const flush = queue.flush().then(() => {
      flushed = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(flushed).toBe(false);
    running.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['start running', 'end running', 'start waiting']);
    expect(flushed).toBe(false);
    waiting.finish();
    await flush;
    expect(flushed).toBe(true);
    expect(queue.size()).toBe(0);
    // The replaced timer never fires a second run.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(waiting.run).toHaveBeenCalledTimes(1);
  });

  it('a failed save does not stop the ones after it, and flush still resolves', async () => {
    const queue = createWriteQueue();
    const log: string[] = [];
    const bad = controlledSave(log, 'bad');
    const good = controlledSave(log, 'good');
    queue.schedule('a', bad.run, 0);
    queue.schedule('b', good.run, 0);
    const flush = queue.flush();
    await vi.advanceTimersByTimeAsync(0);
    bad.fail(new Error('network'));
    await vi.advanceTimersByTimeAsync(0);
    good.finish();
    await flush;
    expect(log).toEqual(['start bad', 'fail bad', 'start good', 'end good']);
  });

  it('tells subscribers when its size changes', async () => {
    const queue = createWriteQueue();
    const sizes: number[] = [];
    queue.subscribe(() => sizes.push(queue.size()));
    const log: string[] = [];
    const a = controlledSave(log, 'a');
    queue.schedule('a', a.run, 5);
    await vi.advanceTimersByTimeAsync(5);
    a.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(sizes[0]).toBe(1);
    expect(sizes.at(-1)).toBe(0);
  });
});
