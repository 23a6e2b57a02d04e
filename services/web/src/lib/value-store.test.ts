import { describe, expect, it, vi } from 'vitest';
import { valueStore } from './value-store.ts';

describe('valueStore', () => {
  it('answers its value, tells each follower of a new one, and stops telling one that left', () => {
    const store = valueStore<string | null>(null);
    const first = vi.fn();
    const second = vi.fn();
    const leave = store.subscribe(first);
    store.subscribe(second);
    store.set('v2');
    expect(store.get()).toBe('v2');
    leave();
    store.set(null);
    expect(store.get()).toBeNull();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });
});
