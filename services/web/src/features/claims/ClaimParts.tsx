import type { TClaim, TReceipt } from '@reorder/schemas';
import { formatAmount, formatMoney } from '@reorder/schemas/order-text';
import { formatDateTime } from '../../lib/format-date.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { Hint } from '../../ui/layout.tsx';
import './claims.css';

/** A claim's status, as a badge the owner reads at a glance ("Abonado"). */
export function ClaimStatus({ claim }: { claim: Pick<TClaim, 'status'> }) {
  const { t } = useTranslation();
  return (
    <span className={`claim-status claim-status--${claim.status}`} data-testid="claim-status">
      {t(`claims.status.${claim.status}`)}
    </span>
  );
}

/** What is claimed, line by line, named from the receipt (the claim keeps only product ids), and the total. */
export function ClaimLines({ claim, receipt }: { claim: TClaim; receipt: TReceipt | undefined }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, claim.currency, i18n.language);
  return (
    <>
      <ul className="claim-lines" aria-label={t('claims.lines')}>
        {claim.lines.map((line) => {
          const of = receipt?.lines.find((l) => l.productId === line.productId);
          const what = line.quantity > 0 ? `${formatAmount(line.quantity, i18n.language)} ${of?.unit ?? ''} · ` : '';
          return (
            <li key={line.productId}>
              <span>
                <strong>{of?.name ?? `#${line.productId}`}</strong>
                <br />
                {what}
                {t(`claims.reason.${line.reason}`)}
              </span>
              <span className="claim-lines__amount">{money(line.amount)}</span>
            </li>
          );
        })}
      </ul>
      <p className="claim-total">{t('claims.totalClaimed', { amount: money(claim.amount) })}</p>
    </>
  );
}

/** The supplier's answer: credit, redeliver or dispute, their note and credit note's number; or that none came yet. */
export function SupplierAnswer({ claim }: { claim: TClaim }) {
  const { t, i18n } = useTranslation();
  const answer = claim.supplierAnswer;
  if (!answer) return <Hint data-testid="supplier-answer">{t('claims.noAnswer')}</Hint>;
  return (
    <div className="claim-answer" data-testid="supplier-answer">
      <p>
        <strong>{t(`claims.answer.${answer.answer}`)}</strong> ·{' '}
        {t('claims.answeredOn', { date: formatDateTime(answer.at, i18n.language) })}
      </p>
      {answer.creditNote ? <p>{t('claims.creditNote', { number: answer.creditNote })}</p> : null}
      {answer.note ? <p className="claim-answer__note">{t('claims.note', { note: answer.note })}</p> : null}
    </div>
  );
}
