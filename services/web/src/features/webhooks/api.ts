import type { TCreatedWebhook, TWebhookDelivery } from '@reorder/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../lib/mutations.ts';
import { trpc } from '../../lib/trpc.ts';

/** The business's webhooks (owners only, docs/decisions.md §8.5). */
export function useWebhooks() {
  return useQuery(trpc.webhooks.list.queryOptions({}));
}

/** One endpoint's last 100 deliveries, read while `open`. */
export function useWebhookDeliveries(id: number, open: boolean) {
  return useQuery(trpc.webhooks.deliveries.queryOptions({ id }, { enabled: open }));
}

/** Adds an endpoint (its secret comes once, in the answer); the list is read again. */
export function useCreateWebhook(callbacks: MutationCallbacks<TCreatedWebhook>) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.webhooks.create.mutationOptions({
      onSuccess(created) {
        callbacks.onSuccess?.(created);
        void queryClient.invalidateQueries(trpc.webhooks.list.queryFilter());
      },
      onError: callbacks.onError,
    }),
  );
}

/** Deletes an endpoint; the list is read again. */
export function useDeleteWebhook(callbacks: MutationCallbacks<unknown>) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.webhooks.delete.mutationOptions({
      onSuccess(result) {
        callbacks.onSuccess?.(result);
        void queryClient.invalidateQueries(trpc.webhooks.list.queryFilter());
      },
      onError: callbacks.onError,
    }),
  );
}

/** Posts a test event now; the endpoint (a delivered test switches it on) and its log are read again. */
export function useTestWebhook(callbacks: MutationCallbacks<TWebhookDelivery>) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.webhooks.test.mutationOptions({
      onSuccess(delivery, input) {
        callbacks.onSuccess?.(delivery);
        void queryClient.invalidateQueries(trpc.webhooks.list.queryFilter());
        void queryClient.invalidateQueries(trpc.webhooks.deliveries.queryFilter({ id: input.id }));
      },
      onError: callbacks.onError,
    }),
  );
}
