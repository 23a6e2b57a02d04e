import type { TMessageService, TOrder, TSentLineInput } from '@reorder/schemas';
import { LIMITS } from '@reorder/schemas/limits';
import { formatAmount } from '@reorder/schemas/order-text';
import { quantityIssue, stepQuantity } from '@reorder/schemas/quantities';
import { useEffect, useReducer, useRef } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { serverNow } from '../../lib/server-clock.ts';
import { sessionStore } from '../../lib/session.ts';
import type { OrderChange } from './changes.ts';
import {
  draftQuantity,
  draftReading,
  draftsReducer,
  filledCounts,
  NO_DRAFTS,
  type OrderProduct,
  shownOrderText,
  shownQuantity,
  shownText,
} from './order-drafts.ts';
import { enqueue } from './outbox-runtime.ts';

type SentLine = TSentLineInput;

/**
 * The order screen's edits, each made through the one save path
 * (features/orders/changes.ts, docs/architecture.md "One save path"): a
 * quantity, the message, a count, a par, "Fill to par", clear, and the record
 * of a send all become changes of the outbox, in the order made. The screen
 * shows each at once (`order` is the server's order with the changes on their
 * way applied). What stays here is what a field holds and the order does
 * not: a quantity half typed ("2,"), one the server would refuse ("7" eggs
 * sold by 6: never queued, shown with its nearest choices until one is
 * picked or it is fixed, docs/decisions.md §9.1), and the message being
 * written.
 */
export function useOrderChanges(order: TOrder | undefined) {
  const [state, dispatch] = useReducer(draftsReducer, NO_DRAFTS);
  const { language } = useTranslation().i18n;

  const target = order ? { supplierId: order.supplierId, orderId: order.id } : undefined;
  // enqueue checks each change by the server's rule first (checkChange); the fields below never offer one it refuses.
  const make = (change: OrderChange) => void enqueue(change);
  const setQuantity = (product: OrderProduct, quantity: number) => {
    if (target) make({ kind: 'quantity', ...target, productId: product.productId, name: product.name, quantity });
  };

  const messageDraft = state.message;
  const message = messageDraft ?? order?.introduce ?? '';
  const messageTooLong = [...message].length > LIMITS.messageMax;

  /** Makes the message being written the order's; false when there was nothing to save (or it is too long). */
  const saveMessage = (): boolean => {
    if (!target || messageDraft === undefined || messageTooLong) return false;
    make({ kind: 'message', ...target, introduce: messageDraft });
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
  const issueOf = (product: OrderProduct) => {
    const reading = draftReading(state, product);
    return reading && 'issue' in reading ? reading : undefined;
  };
  /** The products whose field holds a quantity the server would refuse: Send waits for them. */
  const unresolved = (order?.products ?? []).filter((p) => issueOf(p) !== undefined);
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
    /**
     * What is wrong with the quantity in a product's field, by the server's
     * rule, and the nearest allowed quantities to offer; undefined when
     * nothing is.
     */
    issueOf,
    /**
     * The issue the field says now: at once for what can never become a
     * quantity by typing on ("-", a fifth decimal), and for a quantity off
     * the step once the field is left, so typing "12" never flashes the
     * message at the "1".
     */
    shownIssueOf(product: OrderProduct) {
      const problem = issueOf(product);
      return problem && (problem.issue.kind !== 'offStep' || state.quantities[product.productId]?.left) ? problem : undefined;
    },
    unresolved,
    /** A quantity typed: each one the server takes is a change at once; the field keeps the text as typed until it is left. */
    type(product: OrderProduct, typed: string) {
      dispatch({ type: 'edit', productId: product.productId, text: typed });
      const quantity = draftQuantity({ text: typed }, product.step);
      if (quantity !== undefined && quantity !== product.quantity) setQuantity(product, quantity);
    },
    /**
     * The field is left: it shows the order's quantity again, but for one
     * the server would refuse, which stays as typed with what is wrong and
     * its choices until one is picked or it is fixed.
     */
    leave(product: OrderProduct) {
      const draft = state.quantities[product.productId];
      if (issueOf(product) === undefined) dispatch({ type: 'drop', productId: product.productId });
      else if (draft && !draft.left) dispatch({ type: 'edit', productId: product.productId, text: draft.text, left: true });
    },
    /** Sets a quantity in one tap (the usual one, or a choice the field offers); one off the step stays in the field, with its choices. */
    set(product: OrderProduct, quantity: number) {
      if (quantityIssue(quantity, product.step)) {
        dispatch({ type: 'edit', productId: product.productId, text: formatAmount(quantity, language), left: true });
        return;
      }
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
      if (target) make({ kind: 'stock', ...target, productId: product.productId, name: product.name, onHand, ...(by ? { by } : {}) });
    },
    par(product: OrderProduct, par: number | null) {
      if (target) make({ kind: 'par', ...target, productId: product.productId, name: product.name, par });
    },
    /** "Fill to par": how many products it fills and leaves alone, counted as the server counts them. */
    fillToPar(): { filled: number; skipped: number } | undefined {
      if (!target || !order) return undefined;
      make({ kind: 'fill', ...target });
      return filledCounts(order);
    },
    clear() {
      if (target) make({ kind: 'clear', ...target });
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
      make({ kind: 'send', ...target, channel, sentAt: new Date(serverNow()).toISOString(), ...sent });
    },
    /** The order as the screen shows it: the message being written and every quantity typed or tapped. */
    text,
    /** How many products the order has above 0, as the screen shows it. */
    lineCount,
    hasLines: lineCount > 0,
  };
}
