import type { TOrder } from '@reorder/schemas';
import { LIMITS } from '@reorder/schemas/limits';
import { formatQuantity } from '@reorder/schemas/order-text';
import { useCallback, useEffect, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import { trpc } from '../../app/trpc.ts';
import { saveOrKeep } from '../offline/sync.ts';
import {
  draftQuantity,
  draftsReducer,
  NO_DRAFTS,
  type OrderProduct,
  type QuantityDraft,
  shownOrderText,
  shownQuantity,
  shownText,
  steppedQuantity,
  withSavedQuantity,
} from './order-drafts.ts';
import { createWriteQueue } from './write-queue.ts';

/** How long typing in a quantity waits before saving, and how +/− taps are coalesced. */
const TYPE_SAVE_DELAY_MS = 500;
const CLICK_SAVE_DELAY_MS = 250;

export interface OrderDraftCallbacks {
  /** A save landed: the order is reloaded. */
  onSaved(): void;
  onQuantityFailed(product: OrderProduct): void;
  onMessageFailed(): void;
}

/**
 * What the order screen shows and has not saved yet: typed or tapped
 * quantities and the message being written. Saves go through one write queue,
 * in order, in the background: fields stay editable, a reload never replaces
 * what was typed, and a failed save keeps the value and says so. `text` is the
 * order exactly as the screen shows it, and `flush()` makes the server hold it.
 */
export function useOrderDrafts(order: TOrder | undefined, callbacks: OrderDraftCallbacks) {
  const [queue] = useState(createWriteQueue);
  const [state, dispatch] = useReducer(draftsReducer, NO_DRAFTS);
  const utils = trpc.useUtils();
  const setQuantity = trpc.products.setQuantity.useMutation();
  const updateOrder = trpc.orders.update.useMutation();
  const pending = useSyncExternalStore(queue.subscribe, () => queue.size() > 0);
  const { onSaved, onQuantityFailed, onMessageFailed } = callbacks;

  const saveQuantity = useCallback(
    async (order: { id: number; supplierId: number }, product: OrderProduct, draft: QuantityDraft) => {
      const quantity = draftQuantity(draft);
      if (quantity === undefined) return;
      const { supplierId, id: orderId } = order;
      try {
        // Offline, it waits on the device and the cache shows it already (features/offline/sync.ts).
        const saved = await saveOrKeep(
          { kind: 'quantity', supplierId, orderId, productId: product.productId, name: product.name, quantity },
          () => setQuantity.mutateAsync({ productId: product.productId, orderId, quantity }),
        );
        // The cache takes the saved quantity before the draft goes, so the text never steps back to the old one.
        if (saved) {
          utils.orders.bySupplier.setData({ supplierId }, (old) => (old ? withSavedQuantity(old, saved.productId, saved.quantity) : old));
        }
        dispatch({ type: 'saved', productId: product.productId, text: draft.text });
        if (saved) onSaved();
      } catch (error) {
        dispatch({ type: 'failed', productId: product.productId, text: draft.text });
        onQuantityFailed(product);
        throw error;
      }
    },
    [setQuantity, utils, onSaved, onQuantityFailed],
  );

  const saveMessage = useCallback(
    async (orderId: number, supplierId: number, introduce: string) => {
      try {
        const updated = await saveOrKeep({ kind: 'message', supplierId, orderId, introduce }, () =>
          updateOrder.mutateAsync({ id: orderId, introduce }),
        );
        if (updated) utils.orders.bySupplier.setData({ supplierId }, updated);
        dispatch({ type: 'messageSaved', message: introduce });
        if (updated) onSaved();
      } catch (error) {
        onMessageFailed();
        throw error;
      }
    },
    [updateOrder, utils, onSaved, onMessageFailed],
  );

  const editQuantity = (product: OrderProduct, text: string, delay: number) => {
    if (!order) return;
    const draft = { text };
    dispatch({ type: 'edit', productId: product.productId, text });
    const target = { id: order.id, supplierId: order.supplierId };
    queue.schedule(`quantity:${product.productId}`, () => saveQuantity(target, product, draft), delay);
  };

  const messageDraft = state.message;
  const message = messageDraft ?? order?.introduce ?? '';
  const messageTooLong = [...message].length > LIMITS.messageMax;

  /**
   * Queues the message being written; resolves true once it is saved, false
   * when it failed or there was nothing to save (already saved, or too long).
   */
  const queueMessage = (delay: number): Promise<boolean> => {
    if (!order || messageDraft === undefined || messageTooLong) return Promise.resolve(false);
    const { id, supplierId } = order;
    const introduce = messageDraft;
    return new Promise((resolve) => {
      queue.schedule(
        'message',
        () =>
          saveMessage(id, supplierId, introduce).then(
            () => resolve(true),
            (error: unknown) => {
              resolve(false);
              throw error;
            },
          ),
        delay,
      );
    });
  };

  /** Saves everything the screen shows and has not saved; resolves when the server holds it (or a save failed). */
  const flush = () => {
    void queueMessage(0);
    return queue.flush();
  };

  // Leaving the screen, or the page going to the background, saves what is left.
  const latestFlush = useRef(flush);
  latestFlush.current = flush;
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') void latestFlush.current();
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      void latestFlush.current();
    };
  }, []);

  const quantityOf = (product: OrderProduct) => shownQuantity(state, product);
  const lineCount = (order?.products ?? []).filter((p) => quantityOf(p) > 0).length;

  return {
    drafts: state.quantities,
    quantityOf,
    textOf: (product: OrderProduct) => shownText(state, product),
    step(product: OrderProduct, by: number) {
      editQuantity(product, formatQuantity(steppedQuantity(quantityOf(product), by)), CLICK_SAVE_DELAY_MS);
    },
    type: (product: OrderProduct, text: string) => editQuantity(product, text, TYPE_SAVE_DELAY_MS),
    /** Sets a quantity in one tap (the usual one), saved like a tap on − or +. */
    set: (product: OrderProduct, quantity: number) => editQuantity(product, formatQuantity(quantity), CLICK_SAVE_DELAY_MS),
    message,
    messageTooLong,
    messageChanged: messageDraft !== undefined,
    setMessage: (message: string) => dispatch({ type: 'write', message }),
    /** Saves the message now; resolves true when it was saved. */
    saveMessageNow(): Promise<boolean> {
      const saved = queueMessage(0);
      void queue.flush();
      return saved;
    },
    /** The order as the screen shows it: the message being written and every quantity typed or tapped. */
    text: shownOrderText(state, order),
    /** How many products the order has above 0, as the screen shows it. */
    lineCount,
    hasLines: lineCount > 0,
    pending,
    flush,
  };
}
