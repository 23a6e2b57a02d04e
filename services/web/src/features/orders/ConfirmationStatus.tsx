import type { TOrderSummary, TSentOrder } from '@reorder/schemas';
import { LIMITS } from '@reorder/schemas/limits';
import { formatAmount, formatMoney } from '@reorder/schemas/order-text';
import { percentChange } from '@reorder/schemas/quantities';
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
      {compact && answer.lines.length > 0 ? <span> · {t('orders.confirmation.changed', { count: answer.lines.length })}</span> : null}
      {!compact && answer.note ? <span className="confirmation__note">{t('orders.confirmation.note', { note: answer.note })}</span> : null}
      {!compact && answer.lines.length > 0 ? <AnsweredLines sent={sent} /> : null}
    </span>
  );
}

/**
 * The lines the supplier answered differently (docs/decisions.md §8.4),
 * highlighted: the quantity they will deliver, the price they confirmed (a
 * rise of 5% or more flagged), and what they offer instead.
 */
function AnsweredLines({ sent }: { sent: TSentOrder }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const answered = sent.confirmation?.lines ?? [];
  return (
    <span className="answered-lines" data-testid="answered-lines">
      <span className="answered-lines__title">{t('orders.confirmation.changes')}</span>
      {answered.map((line) => {
        const was = sent.lines.find((l) => l.productId === line.productId);
        if (!was) return null;
        const parts: string[] = [];
        if (line.quantity === 0) parts.push(t('orders.confirmation.unavailableLine'));
        else if (line.quantity !== was.quantity) {
          parts.push(
            t('orders.confirmation.quantity', {
              quantity: formatAmount(line.quantity, language),
              sent: formatAmount(was.quantity, language),
            }),
          );
        }
        if (line.price !== null)
          parts.push(t('orders.confirmation.price', { price: formatMoney(line.price, sent.currency, language), unit: was.unit }));
        if (line.substitute) parts.push(t('orders.confirmation.substitute', { substitute: line.substitute }));
        return (
          <span key={line.productId} className={`answered-line ${line.rise ? 'answered-line--rise' : ''}`}>
            <strong>{was.name}</strong>: {parts.join(' · ')}
            {line.rise && line.price !== null && line.priceBefore !== null ? (
              <span className="answered-line__flag">
                {' '}
                ⚠ {t('orders.confirmation.rise', { percent: formatAmount(percentChange(line.priceBefore, line.price), language) })}
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}

/**
 * The supplier's answer to the last send, on the orders list (issue 32): the
 * status, what is missing in full, and how many lines changed.
 */
export function LastAnswer({ answer }: { answer: NonNullable<TOrderSummary['lastAnswer']> }) {
  const { t } = useTranslation();
  const status = answer.status === 'unanswered' ? 'pending' : answer.status;
  return (
    <span className={`confirmation confirmation--${status}`} data-testid="last-answer" data-status={answer.status}>
      <strong>
        {answer.status === 'partial'
          ? t('orders.confirmation.partial', { items: answer.missing.join(', ') })
          : t(`orders.confirmation.${answer.status}`)}
      </strong>
      {answer.changed > 0 ? ` · ${t('orders.confirmation.changed', { count: answer.changed })}` : null}
    </span>
  );
}
