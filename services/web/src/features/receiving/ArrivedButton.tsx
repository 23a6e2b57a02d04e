import type { TOrderSummary } from '@reorder/schemas';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { LinkButton } from '../../ui/Button.tsx';
import { usePrefetchArrival } from './api.ts';
import './receiving.css';

/** Whether the supplier's last send waits to be checked in: sent, and its receipt not closed. */
export const awaitsArrival = (summary: TOrderSummary | undefined): summary is TOrderSummary & { lastSentOrderId: number } =>
  summary?.lastSentOrderId != null && summary.lastReceipt?.status !== 'done';

/**
 * "The order has arrived" on a row of the orders list (docs/decisions.md
 * §9.4): the first of the two taps of a delivery that is all good. What the
 * check needs is loaded meanwhile, for the cellar without a connection.
 */
export function ArrivedButton({ summary, supplier }: { summary: TOrderSummary & { lastSentOrderId: number }; supplier: string }) {
  const { t } = useTranslation();
  usePrefetchArrival(summary.supplierId, summary.id, summary.lastSentOrderId);
  return (
    <span className="arrived-button">
      <LinkButton
        small
        variant="secondary"
        href={href('orders.receipt', { supplierId: summary.supplierId, sentOrderId: summary.lastSentOrderId })}
        aria-label={t('receiving.arrivedOf', { supplier })}
      >
        {t('receiving.arrived')}
      </LinkButton>
    </span>
  );
}
