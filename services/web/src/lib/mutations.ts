import { type QueryFilters, useQueryClient } from '@tanstack/react-query';

/** What a screen does once a change is saved or refused (a toast, a navigation); the cache is the hook's job. */
export interface MutationCallbacks<T> {
  onSuccess?: (data: T) => void;
  onError?: (error: unknown) => void;
}

/**
 * A mutation's callbacks that first read again what the change made `stale` (awaited: the screen's
 * next view shows it), then hand the answer to the screen's own.
 */
export function useRefreshing<T>(stale: QueryFilters[], callbacks: MutationCallbacks<T>) {
  const queryClient = useQueryClient();
  return {
    async onSuccess(data: T) {
      await Promise.all(stale.map((filters) => queryClient.invalidateQueries(filters)));
      callbacks.onSuccess?.(data);
    },
    onError: callbacks.onError,
  };
}
