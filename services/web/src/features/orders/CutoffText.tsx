import { useTranslation } from '../../lib/i18n.ts';
import { cutoffLabel } from '../../lib/schedule-format.ts';
import { useOwnerTimeZone } from '../../lib/session.ts';
import './CutoffText.css';

/** "Order by Mon 14:00 for Tue", "Due today 14:00" (in red once passed), or the delivery day alone (docs/decisions.md §6.2). */
export function CutoffText({ supplier }: { supplier: { nextDelivery: string | null; orderBy: string | null } }) {
  const { t, i18n } = useTranslation();
  const label = cutoffLabel(supplier, useOwnerTimeZone(), i18n.language);
  if (!label) return null;
  if (label.kind === 'delivery') return <span className="cutoff">{t('orders.cutoffDelivery', { delivery: label.delivery })}</span>;
  if (label.kind === 'orderBy') {
    return <span className="cutoff">{t('orders.cutoffOrderBy', { when: label.when, delivery: label.delivery })}</span>;
  }
  return (
    <span className={`cutoff cutoff--today${label.past ? ' cutoff--missed' : ''}`}>
      {t(label.past ? 'orders.cutoffMissed' : 'orders.cutoffToday', { time: label.time })}
    </span>
  );
}
