import { useLocation } from 'wouter';
import { type Translation, useTranslation } from '../../app/i18n.ts';
import { useToast } from '../../app/toast.tsx';
import { href } from '../../lib/paths.ts';
import { useReorder } from './api.ts';

/** The toast after a re-order: how many lines it left out because the supplier could not deliver them, if any. */
export function reorderedMessage(t: Translation['t'], leftOut: number): string {
  return leftOut > 0 ? t('orders.reorderedLeftOut', { count: leftOut }) : t('orders.reordered');
}

/**
 * Re-orders a sent order and opens the current order for review, with its
 * Send button in view and focused: the second tap (docs/decisions.md §3).
 */
export function useReorderForReview(supplierId: number) {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  return useReorder(supplierId, {
    onSuccess(leftOut) {
      toast.success(reorderedMessage(t, leftOut));
      navigate(href('orders.order', { supplierId }), { state: { focusSend: true } });
    },
    onError: () => toast.error(t('orders.reorderError')),
  });
}
