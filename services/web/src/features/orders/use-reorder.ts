import { useLocation } from 'wouter';
import { useTranslation } from '../../app/i18n.ts';
import { useToast } from '../../app/toast.tsx';
import { href } from '../../lib/paths.ts';
import { useReorder } from './api.ts';

/**
 * Re-orders a sent order and opens the current order for review, with its
 * Send button in view and focused: the second tap (docs/decisions.md §3).
 */
export function useReorderForReview(supplierId: number) {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  return useReorder(supplierId, {
    onSuccess() {
      toast.success(t('orders.reordered'));
      navigate(href('orders.order', { supplierId }), { state: { focusSend: true } });
    },
    onError: () => toast.error(t('orders.reorderError')),
  });
}
