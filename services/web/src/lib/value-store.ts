import { useSyncExternalStore } from 'react';

/** A value the app keeps outside React, that components follow with `useValue`. */
export interface ValueStore<T> {
  get(): T;
  /** Replaces the value and tells every follower. */
  set(next: T): void;
  subscribe(listener: () => void): () => void;
}

export function valueStore<T>(initial: T): ValueStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The store's value, rendering again when it changes. */
export function useValue<T>(store: ValueStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
