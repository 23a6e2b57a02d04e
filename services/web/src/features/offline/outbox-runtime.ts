import type { TOrder } from '@reorder/schemas';
import type { QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { get, set } from 'idb-keyval';
import { appStore, outboxKey } from '../../app/offline-cache.ts';
import { sessionStore } from '../../app/session.ts';
import { apiErrorInfo, createApiClient, isUnreachable, trpc } from '../../app/trpc.ts';
import { withChange } from './apply-change.ts';
import { createOutbox, type Outbox, type OutboxChange, type OutboxEntry, type OutboxOutcome, type OutboxState } from './outbox.ts';

/**
 * The signed-in owner's outbox on this device (loaded by sync.ts when
 * needed): kept in IndexedDB per account, sent with the API client, shown on
 * the screen at once through react-query's cache, and reported when refused.
 */

export interface Rejection {
  id: number;
  change: OutboxChange;
  reason: string;
}

export interface SyncDeps {
  queryClient: QueryClient;
  /** A refused session: the app signs out (app/data.tsx). */
  onUnauthorized(): void;
}

/** What the offline bar shows (with the connection): what waits, and what was refused. */
export interface Shown {
  state: OutboxState;
  rejections: Rejection[];
}

/** What the runtime is given: the app's clients, and how to tell the screen what waits and what was refused. */
export interface RuntimeDeps extends SyncDeps {
  show(next: Partial<Shown>): void;
  rejections(): Rejection[];
}

let deps: RuntimeDeps | undefined;
let outbox: Outbox | undefined;
let outboxUser: number | undefined;
let unsubscribeOutbox: () => void = () => {};
/** The API outside React, for the changes this sends. */
const client = createApiClient();

/** Sends one change; what the server's answer (or its silence) means for it. */
async function send(change: OutboxChange): Promise<OutboxOutcome> {
  try {
    switch (change.kind) {
      case 'quantity':
        await client.products.setQuantity.mutate({ productId: change.productId, orderId: change.orderId, quantity: change.quantity });
        break;
      case 'stock':
        await client.products.setStock.mutate({ productId: change.productId, orderId: change.orderId, onHand: change.onHand });
        break;
      case 'message':
        await client.orders.update.mutate({ id: change.orderId, introduce: change.introduce });
        break;
      case 'fill':
        await client.orders.fill.mutate({ id: change.orderId });
        break;
      case 'send':
        await client.orders.send.mutate({ id: change.orderId, channel: change.channel, text: change.text, sentAt: change.sentAt });
        break;
    }
    return { done: true };
  } catch (error) {
    if (isUnreachable(error)) return { retry: 'network' };
    const { kind, message } = apiErrorInfo(error);
    if (kind === 'UNAUTHORIZED') {
      deps?.onUnauthorized();
      return { retry: 'auth' };
    }
    if (kind === 'INTERNAL' || kind === 'UNAVAILABLE' || kind === 'TOO_MANY_REQUESTS') return { retry: 'server' };
    return { rejected: message };
  }
}

const showState = () => deps?.show({ state: outbox?.state() ?? { waiting: 0, sending: false } });

/** The outbox of whoever is signed in now: one per account, kept while another account uses the device. */
function outboxFor(userId: number | undefined): Outbox | undefined {
  if (userId === outboxUser) return outbox;
  outbox?.stop();
  unsubscribeOutbox();
  outbox = undefined;
  outboxUser = userId;
  showState();
  if (userId === undefined || !deps) return undefined;
  const key = outboxKey(userId);
  const { queryClient } = deps;
  outbox = createOutbox({
    store: { load: async () => (await get<OutboxEntry[]>(key, appStore)) ?? [], save: (entries) => set(key, entries, appStore) },
    online: () => navigator.onLine && sessionStore.get() !== null,
    send,
    onRejected(entry, reason) {
      deps?.show({ rejections: [...deps.rejections(), { id: entry.id, change: entry.change, reason }] });
      // What the screen showed was never saved: read the server's again.
      void queryClient.invalidateQueries();
    },
    onDrained: () => void queryClient.invalidateQueries(),
  });
  unsubscribeOutbox = outbox.subscribe(showState);
  void outbox.ready.then(showState);
  return outbox;
}

/** Starts the signed-in account's outbox, and sends what waits whenever the connection returns. */
export function startRuntime(options: RuntimeDeps): void {
  deps = options;
  outboxFor(sessionStore.get()?.user.id)?.wake();
  window.addEventListener('online', () => outbox?.wake());
}

/** Another account signed in, or none: its own outbox, which sends what it kept. */
export function followSession(): void {
  outboxFor(sessionStore.get()?.user.id)?.wake();
}

export async function queueChange(change: OutboxChange): Promise<void> {
  const box = outboxFor(sessionStore.get()?.user.id);
  if (!box) throw new Error('No one is signed in');
  await box.add(change);
  const key = getQueryKey(trpc.orders.bySupplier, { supplierId: change.supplierId }, 'query');
  deps?.queryClient.setQueryData<TOrder>(key, (old) => (old ? withChange(old, change, new Date()) : old));
}
