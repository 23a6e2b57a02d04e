import type { TMessageService, TOrder, TSentLineInput } from '@reorder/schemas';
import { LIMITS } from '@reorder/schemas/limits';
import { stepQuantity } from '@reorder/schemas/quantities';
import { useEffect, useReducer, useRef } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { sessionStore } from '../../lib/session.ts';
import { enqueue } from '../offline/outbox-runtime.ts';
import {
  draftQuantity,
  draftsReducer,
  filledCounts,
  NO_DRAFTS,
  type OrderProduct,
  shownOrderText,
  shownQuantity,
  shownText,
} from './order-drafts.ts';

type SentLine = TSentLineInput;

/**
 * The order screen's edits, each made through the one save path
 * (features/orders/changes.ts, docs/architecture.md "One save path"): a
 * quantity, the message, a count, a par, "Fill to par", clear, and the record
 * of a send all become changes of the outbox, in the order made. The screen
 * shows each at once (`order` is the server's order with the changes on their
 * way applied). What stays here is what a field holds and the order does
 * not: a quantity half typed ("2,") and the message being written.
 */
export function useOrderChanges(order: TOrder | undefined) {
  const [state, dispatch] = useReducer(draftsReducer, NO_DRAFTS);
  const { language } = useTranslation().i18n;

  const target = order ? { supplierId: order.supplierId, orderId: order.id } : undefined;
  const setQuantity = (product: OrderProduct, quantity: number) => {
    if (target) void enqueue({ kind: 'quantity', ...target, productId: product.productId, name: product.name, quantity });
  };

  const messageDraft = state.message;
  const message = messageDraft ?? order?.introduce ?? '';
  const messageTooLong = [...message].length > LIMITS.messageMax;

  /** Makes the message being written the order's; false when there was nothing to save (or it is too long). */
  const saveMessage = (): boolean => {
    if (!target || messageDraft === undefined || messageTooLong) return false;
    void enqueue({ kind: 'message', ...target, introduce: messageDraft });
    dispatch({ type: 'messageSaved', message: messageDraft });
    return true;
  };

  // Leaving the screen, or the page going to the background, keeps the message being written.
  const latestSave = useRef(saveMessage);
  latestSave.current = saveMessage;
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') latestSave.current();
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      latestSave.current();
    };
  }, []);

  const quantityOf = (product: OrderProduct) => shownQuantity(state, product);
  const lineCount = (order?.products ?? []).filter((p) => quantityOf(p) > 0).length;
  const text = shownOrderText(state, order, language);

  return {
    drafts: state.quantities,
    quantityOf,
    textOf: (product: OrderProduct) => shownText(state, product, language),
    /** A + or − tap: by the product's step when it has one (docs/decisions.md §8.4), else by 1. */
    step(product: OrderProduct, by: 1 | -1) {
      dispatch({ type: 'drop', productId: product.productId });
      setQuantity(product, stepQuantity(quantityOf(product), by, product.step));
    },
    /** A quantity typed: each valid one is a change at once; the field keeps the text as typed until it is left. */
    type(product: OrderProduct, typed: string) {
      dispatch({ type: 'edit', productId: product.productId, text: typed });
      const quantity = draftQuantity({ text: typed });
      if (quantity !== undefined && quantity !== product.quantity) setQuantity(product, quantity);
    },
    /** The field is left: it shows the order's quantity again (a draft that was not a quantity is forgotten). */
    leave: (product: OrderProduct) => dispatch({ type: 'drop', productId: product.productId }),
    /** Sets a quantity in one tap (the usual one). */
    set(product: OrderProduct, quantity: number) {
      dispatch({ type: 'drop', productId: product.productId });
      setQuantity(product, quantity);
    },
    message,
    messageTooLong,
    messageChanged: messageDraft !== undefined,
    setMessage: (next: string) => dispatch({ type: 'write', message: next }),
    saveMessage,
    /**
     * A suggested message tapped: the field holds it and it is saved at once,
     * through the outbox as Save would; false when it could not be (too long:
     * the field then shows it with its error).
     */
    pickMessage(next: string): boolean {
      dispatch({ type: 'write', message: next });
      if (!target || [...next].length > LIMITS.messageMax) return false;
      void enqueue({ kind: 'message', ...target, introduce: next });
      dispatch({ type: 'messageSaved', message: next });
      return true;
    },
    count(product: OrderProduct, onHand: number | null) {
      const user = sessionStore.get()?.user;
      const by = user ? { userId: user.id, fullName: user.fullName } : undefined;
      if (target)
        void enqueue({ kind: 'stock', ...target, productId: product.productId, name: product.name, onHand, ...(by ? { by } : {}) });
    },
    par(product: OrderProduct, par: number | null) {
      if (target) void enqueue({ kind: 'par', ...target, productId: product.productId, name: product.name, par });
    },
    /** "Fill to par": how many products it fills and leaves alone, counted as the server counts them. */
    fillToPar(): { filled: number; skipped: number } | undefined {
      if (!target || !order) return undefined;
      void enqueue({ kind: 'fill', ...target });
      return filledCounts(order);
    },
    clear() {
      if (target) void enqueue({ kind: 'clear', ...target });
    },
    /** What a send made now carries: the message and the lines above 0, as the screen shows them. */
    content(): { introduce: string; lines: SentLine[] } {
      const lines = (order?.products ?? [])
        .map((p) => ({ productId: p.productId, name: p.name, unit: p.unit, quantity: quantityOf(p), price: p.price }))
        .filter((line) => line.quantity > 0);
      return { introduce: message, lines };
    },
    /**
     * Records that `sent.text` went out (by `channel`, now): the message being
     * written becomes the order's first, then the send carries exactly the
     * message and lines that made the text, so the history holds what the
     * supplier got, whatever changes after.
     */
    recordSend(sent: { text: string; introduce: string; lines: SentLine[] }, channel: TMessageService) {
      if (!target) return;
      saveMessage();
      void enqueue({ kind: 'send', ...target, channel, sentAt: new Date().toISOString(), ...sent });
    },
    /** The order as the screen shows it: the message being written and every quantity typed or tapped. */
    text,
    /** How many products the order has above 0, as the screen shows it. */
    lineCount,
    hasLines: lineCount > 0,
  };
}
