import type { TSentOrder } from '@reorder/schemas';
import { LIMITS } from '@reorder/schemas/limits';
import { useTranslation } from '../../lib/i18n.ts';
import './ConfirmationStatus.css';

const LINK_MS = LIMITS.confirmationDays * 24 * 60 * 60 * 1000;

/** Whether a sent order has a confirmation to show: it asked for one, or the supplier answered. */
export function hasConfirmation(sent: TSentOrder): boolean {
  return sent.confirmUrl !== null || sent.confirmation !== null;
}

/** A delivery date ("2026-12-01") as people of the language write it, with the weekday ("Tue, 1 Dec"). */
function deliveryDay(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
}

/**
 * What the supplier answered to a sent order (docs/decisions.md §6.4): pending,
 * confirmed, partial (naming what is missing) or declined, with the delivery
 * date and the supplier's note unless `compact`. Nothing for a send that
 * asked for no confirmation.
 */
export function ConfirmationStatus({ sent, compact = false }: { sent: TSentOrder; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const answer = sent.confirmation;
  if (!hasConfirmation(sent)) return null;
  if (!answer) {
    const expired = Date.parse(sent.sentAt) + LINK_MS < Date.now();
    return (
      <span className="confirmation confirmation--pending" data-status={expired ? 'unanswered' : 'pending'}>
        {expired ? t('orders.confirmation.unanswered') : t('orders.confirmation.pending')}
      </span>
    );
  }
  const missing = sent.lines.filter((line) => answer.unavailable.includes(line.productId)).map((line) => line.name);
  const label =
    answer.status === 'partial'
      ? t('orders.confirmation.partial', { items: missing.join(', ') })
      : t(`orders.confirmation.${answer.status}`);
  return (
    <span className={`confirmation confirmation--${answer.status}`} data-status={answer.status}>
      <strong>{label}</strong>
      {answer.deliveryDate ? (
        <span> · {t('orders.confirmation.delivery', { date: deliveryDay(answer.deliveryDate, i18n.language) })}</span>
      ) : null}
      {!compact && answer.note ? <span className="confirmation__note">{t('orders.confirmation.note', { note: answer.note })}</span> : null}
    </span>
  );
}
