import type { TOrder, TReorderMode, TSentOrder } from '@reorder/schemas';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { type Translation, useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useOrder } from './api.ts';
import { enqueue } from './outbox-runtime.ts';

/**
 * Re-order from the history or a sent order: the same, then the order screen
 * opens for review, with its Send button in view and focused: the second tap
 * (docs/decisions.md §3).
 */
export function useReorderForReview(supplierId: number) {
  const [, navigate] = useLocation();
  return useReorder(supplierId, () => navigate(href('orders.order', { supplierId }), { state: { focusSend: true } }));
}

/** How long Undo stays offered after a re-order. */
export const UNDO_MS = 10_000;

/** The toast after a re-order: how many lines it left out because the supplier could not deliver them, if any. */
export function reorderedMessage(t: Translation['t'], leftOut: number): string {
  return leftOut > 0 ? t('orders.reorderedLeftOut', { count: leftOut }) : t('orders.reordered');
}

/**
 * Puts a sent order back into the current order (docs/decisions.md §8.1)
 * through the one save path: when the current order is not empty it asks
 * "Replace or add?" first; a message being kept (not empty) stays; and the
 * toast offers Undo for 10 seconds, which puts back the order as it was.
 * `onDone` runs once it is made (the screens then show the order for review).
 */
export function useReorder(supplierId: number, onDone?: () => void) {
  const { t } = useTranslation();
  const toast = useToast();
  const order = useOrder(supplierId).data;
  const [asking, setAsking] = useState<TSentOrder | null>(null);

  const run = (current: TOrder, sent: TSentOrder, mode: TReorderMode) => {
    setAsking(null);
    const target = { supplierId, orderId: current.id };
    const before = {
      introduce: current.introduce,
      lines: current.products.filter((p) => p.quantity > 0).map(({ productId, quantity }) => ({ productId, quantity })),
    };
    const unavailable = new Set(sent.confirmation?.unavailable ?? []);
    const lines = sent.lines.filter((line) => !unavailable.has(line.productId)).map(({ productId, quantity }) => ({ productId, quantity }));
    void enqueue({ kind: 'reorder', ...target, sentOrderId: sent.id, mode, introduce: sent.introduce, lines });
    // "Replace" takes the sent message; a message the owner is keeping stays ("add" keeps it by itself).
    if (mode === 'replace' && current.introduce.trim() && current.introduce !== sent.introduce) {
      void enqueue({ kind: 'message', ...target, introduce: current.introduce });
    }
    const leftOut = current.products.filter((p) => unavailable.has(p.productId)).length;
    toast.success(reorderedMessage(t, leftOut), {
      durationMs: UNDO_MS,
      action: { label: t('orders.undo'), onClick: () => void enqueue({ kind: 'restore', ...target, ...before }) },
    });
    onDone?.();
  };

  return {
    /** False until the current order is known (it decides whether to ask). */
    ready: order !== undefined,
    start(sent: TSentOrder) {
      if (!order) return;
      if (order.products.some((p) => p.quantity > 0)) setAsking(sent);
      else run(order, sent, 'replace');
    },
    question: (
      <ConfirmDialog
        open={asking !== null}
        title={t('orders.reorderAskTitle')}
        confirmLabel={t('orders.reorderReplace')}
        cancelLabel={t('app.cancel')}
        onConfirm={() => order && asking && run(order, asking, 'replace')}
        onCancel={() => setAsking(null)}
        alternative={{ label: t('orders.reorderAdd'), onClick: () => order && asking && run(order, asking, 'add') }}
      >
        <p>{t('orders.reorderAskText', { count: order?.products.filter((p) => p.quantity > 0).length ?? 0 })}</p>
      </ConfirmDialog>
    ),
  };
}
