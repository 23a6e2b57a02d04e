import type { TOrder, TReceipt } from '@reorder/schemas';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { get, set } from 'idb-keyval';
import { useMemo } from 'react';
import { appStore, outboxKey } from '../../lib/offline-cache.ts';
import { sessionStore } from '../../lib/session.ts';
import { apiErrorInfo, chosenBusiness, createApiClient, isUnreachable, trpc } from '../../lib/trpc.ts';
import { useValue, valueStore } from '../../lib/value-store.ts';
import { createOutbox, type Outbox, type OutboxEntry, type OutboxOutcome, type OutboxState } from '../offline/outbox.ts';
import { callChange, checkChange, keyOfChange, type OrderChange, receiptWithPending, withPending } from './changes.ts';
import { receiptKey } from './receipt-changes.ts';

/**
 * The signed-in account's outbox on this device: the one path every change
 * of an order takes (docs/architecture.md, "One save path"). Kept in
 * IndexedDB per account, sent with the API client in the order made, shown
 * on the screen at once (the screens read the server's order with the
 * changes on their way applied, `useShownOrder`), settled into react-query's
 * cache as the server answers, and reported in the owner's language when
 * refused.
 *
 * Its cache writes are its own, the one exception to "cache writes live in
 * `features/<area>/api.ts`" outside the app's wiring (cache-writes.test.ts): it
 * runs outside React, for whichever screen is open or none, and settling each
 * answer into the order's cache as the change leaves the queue (and reading
 * the orders again once it empties or a change is refused) is what makes it
 * the one save path. No hook could do that, and no screen writes the order's
 * cache (`useOrder` reads it through `useShownOrder`).
 */

export interface Rejection {
  id: number;
  change: OrderChange;
  /** The error's kind (`NOT_FOUND`, `BAD_REQUEST`…), which says why in the owner's language. */
  kind: string;
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

type Entry = OutboxEntry<OrderChange>;

let deps: RuntimeDeps | undefined;
let outbox: Outbox<OrderChange> | undefined;
let outboxUser: number | undefined;
let unsubscribeOutbox: () => void = () => {};
/** The changes not yet on the server, in the order made, for the screens to show. */
const pending = valueStore<readonly Entry[]>([]);
/** The business of the change on its way (one at a time): its call acts there. */
let sendingIn: number | undefined;
/** The API outside React, for the changes this sends. */
const client = createApiClient(() => sendingIn ?? chosenBusiness());

const orderKey = (supplierId: number) => trpc.orders.bySupplier.queryKey({ supplierId });

/**
 * Drops a read of `key` still on its way when a change lands: it may have been
 * answered before the change, and once the change leaves the pending list it
 * would put back what the change undid (a cleared order's lines, until the
 * read after the outbox drains). What the cache held stays; with nothing
 * held, it is read again now.
 */
async function dropEarlierRead(queryClient: QueryClient, key: QueryKey) {
  if (queryClient.isFetching({ queryKey: key }) === 0) return;
  await queryClient.cancelQueries({ queryKey: key });
  if (queryClient.getQueryData(key) === undefined) void queryClient.invalidateQueries({ queryKey: key });
}

/** Sends one change; what the server's answer (or its silence) means for it. */
async function send(change: OrderChange): Promise<OutboxOutcome> {
  sendingIn = change.businessId;
  try {
    const settled = await callChange(client, change);
    const queryClient = deps?.queryClient;
    if (queryClient) {
      const key = orderKey(change.supplierId);
      await dropEarlierRead(queryClient, key);
      const answer = settled.order;
      if (answer) queryClient.setQueryData<TOrder>(key, (held) => (held ? answer(held) : held));
      if (settled.receipt && 'sentOrderId' in change) {
        // Receiving (docs/decisions.md §9.4): the receipt as the server holds it, and the lists that show it read again.
        const receipt = receiptKey(change.sentOrderId);
        await dropEarlierRead(queryClient, receipt);
        queryClient.setQueryData<TReceipt>(receipt, settled.receipt);
        void queryClient.invalidateQueries(trpc.receipts.list.queryFilter());
        void queryClient.invalidateQueries(trpc.orders.list.queryFilter());
      }
      if (settled.sent) {
        void queryClient.invalidateQueries(trpc.orders.history.queryFilter({ id: change.orderId }));
        void queryClient.invalidateQueries(trpc.orders.list.queryFilter());
        void queryClient.invalidateQueries({ queryKey: key });
      }
    }
    return { done: true };
  } catch (error) {
    if (isUnreachable(error)) return { retry: 'network' };
    const { kind } = apiErrorInfo(error);
    if (kind === 'UNAUTHORIZED') {
      deps?.onUnauthorized();
      return { retry: 'auth' };
    }
    if (kind === 'INTERNAL' || kind === 'UNAVAILABLE' || kind === 'TOO_MANY_REQUESTS') return { retry: 'server' };
    return { rejected: kind };
  } finally {
    sendingIn = undefined;
  }
}

/** How long after the last change landed the orders are read again (`readAgainWhenQuiet`). */
const READ_AGAIN_AFTER_MS = 1500;
let readAgain: ReturnType<typeof setTimeout> | undefined;

/**
 * Reads the orders again once this device's changes are in and the owner has
 * paused: each tap on + is a change of its own, and reading a 1,000-product
 * order again after every one (some 200 KB of JSON, compared line by line
 * with the cache) took the phone's time from the next taps (docs/performance.md).
 */
function readAgainWhenQuiet() {
  clearTimeout(readAgain);
  readAgain = setTimeout(() => {
    readAgain = undefined;
    void deps?.queryClient.invalidateQueries(trpc.orders.pathFilter());
  }, READ_AGAIN_AFTER_MS);
}

const showState = () => {
  deps?.show({ state: outbox?.state() ?? { waiting: 0, sending: false, held: false } });
  // The screens follow the list of changes, not whether one is on its way: a new list only when it changed.
  const entries = outbox?.entries() ?? [];
  const shown = pending.get();
  if (entries.length !== shown.length || entries.some((entry, i) => entry !== shown[i])) pending.set([...entries]);
};

/** The outbox of whoever is signed in now: one per account, kept while another account uses the device. */
function outboxFor(userId: number | undefined): Outbox<OrderChange> | undefined {
  if (userId === outboxUser) return outbox;
  outbox?.stop();
  unsubscribeOutbox();
  outbox = undefined;
  outboxUser = userId;
  showState();
  if (userId === undefined) return undefined;
  const key = outboxKey(userId);
  outbox = createOutbox<OrderChange>({
    store: { load: async () => (await get<Entry[]>(key, appStore)) ?? [], save: (entries) => set(key, entries, appStore) },
    keyOf: keyOfChange,
    online: () => navigator.onLine && sessionStore.get() !== null,
    send,
    onRejected(entry, kind) {
      deps?.show({ rejections: [...(deps?.rejections() ?? []), { id: entry.id, change: entry.change, kind }] });
      // What the screen showed was never saved: read the server's again.
      void deps?.queryClient.invalidateQueries();
    },
    // Whatever another device changed meanwhile shows once this one's changes are in.
    onDrained: readAgainWhenQuiet,
  });
  unsubscribeOutbox = outbox.subscribe(showState);
  void outbox.ready.then(showState);
  return outbox;
}

/** Starts the signed-in account's outbox, and sends what waits whenever the connection returns. */
export function startRuntime(options: RuntimeDeps): void {
  if (!deps) window.addEventListener('online', () => outbox?.wake());
  deps = options;
  outboxFor(sessionStore.get()?.user.id)?.wake();
}

/** Another account signed in, or none: its own outbox, which sends what it kept. */
export function followSession(): void {
  outboxFor(sessionStore.get()?.user.id)?.wake();
}

/**
 * Makes a change: the screens show it at once, and it goes to the server in
 * the order made (now when online). Resolves once it is kept on the device.
 * A change the server's rule refuses on the order as shown (a quantity off
 * its product's step, docs/decisions.md §9.1) is never queued: the fields
 * that make changes say why and offer what it takes, so one reaching here is
 * a bug, reported and dropped.
 */
export function enqueue(change: OrderChange): Promise<void> {
  const box = outboxFor(sessionStore.get()?.user.id);
  if (!box) return Promise.reject(new Error('No one is signed in'));
  const held = deps?.queryClient.getQueryData<TOrder>(orderKey(change.supplierId));
  const issue = held && checkChange(withPending(held, pending.get()), change);
  if (issue) {
    reportError(new Error(`A ${change.kind} change the server would refuse (${issue.kind}) was not queued`));
    return Promise.resolve();
  }
  return box.add(change.businessId === undefined ? { ...change, businessId: chosenBusiness() } : change);
}

/** The changes of this order still on their way, in the order made. */
export function pendingFor(orderId: number): Entry[] {
  return pending.get().filter((entry) => entry.change.orderId === orderId);
}

/**
 * A supplier's order as the screen shows it: the server's, with every
 * change still on its way applied in the order made. A reload of the
 * server's order never hides a change the server has not taken yet.
 */
export function useShownOrder(order: TOrder | undefined): TOrder | undefined {
  const entries = useValue(pending);
  return useMemo(() => (order ? withPending(order, entries) : order), [order, entries]);
}

/** The receipt of a sent order as the screen shows it: the server's (or none yet), with every receiving change on its way applied. */
export function useShownReceipt(sentOrderId: number, receipt: TReceipt | undefined): TReceipt | undefined {
  const entries = useValue(pending);
  return useMemo(() => receiptWithPending(sentOrderId, receipt, entries), [sentOrderId, receipt, entries]);
}
