import type { TCreatedWebhook, TWebhookDelivery } from '@reorder/schemas';
import { trpc } from '../../lib/trpc.ts';
import type { MutationCallbacks } from '../suppliers/api.ts';

/** The business's webhooks (owners only, docs/decisions.md §15). */
export function useWebhooks() {
  return trpc.webhooks.list.useQuery({});
}

/** One endpoint's last 100 deliveries, read while `open`. */
export function useWebhookDeliveries(id: number, open: boolean) {
  return trpc.webhooks.deliveries.useQuery({ id }, { enabled: open });
}

/** Adds an endpoint (its secret comes once, in the answer); the list is read again. */
export function useCreateWebhook(callbacks: MutationCallbacks<TCreatedWebhook>) {
  const utils = trpc.useUtils();
  return trpc.webhooks.create.useMutation({
    onSuccess(created) {
      callbacks.onSuccess?.(created);
      void utils.webhooks.list.invalidate();
    },
    onError: callbacks.onError,
  });
}

/** Deletes an endpoint; the list is read again. */
export function useDeleteWebhook(callbacks: MutationCallbacks<unknown>) {
  const utils = trpc.useUtils();
  return trpc.webhooks.delete.useMutation({
    onSuccess(result) {
      callbacks.onSuccess?.(result);
      void utils.webhooks.list.invalidate();
    },
    onError: callbacks.onError,
  });
}

/** Posts a test event now; the endpoint (a delivered test switches it on) and its log are read again. */
export function useTestWebhook(callbacks: MutationCallbacks<TWebhookDelivery>) {
  const utils = trpc.useUtils();
  return trpc.webhooks.test.useMutation({
    onSuccess(delivery, input) {
      callbacks.onSuccess?.(delivery);
      void utils.webhooks.list.invalidate();
      void utils.webhooks.deliveries.invalidate({ id: input.id });
    },
    onError: callbacks.onError,
  });
}
