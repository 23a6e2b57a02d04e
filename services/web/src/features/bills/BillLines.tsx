import type { TBillMatchLine } from '@reorder/schemas';
import { formatMoney } from '@reorder/schemas/order-text';
import { useTranslation } from '../../lib/i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/fields.tsx';
import { Empty } from '../../ui/layout.tsx';
import { draftAmount, type LineDraft, type LineField, type LineProblem, type LineProblems } from './lines.ts';
import { flagText } from './match.ts';
import './bills.css';

const PROBLEM_KEYS = {
  required: 'validation.required',
  quantity: 'validation.quantityRange',
  price: 'validation.price',
  taxRate: 'tax.rateInvalid',
  tooLong: 'validation.maxLength',
} as const;

/**
 * A bill's lines as fields (docs/decisions.md §9.6): what the invoice says,
 * the quantity, the unit price and the tax rate, each line's amount, and its
 * match flag in words beside it ("Price higher than confirmed"). `readOnly`
 * once approved.
 */
export function BillLines({
  lines,
  matches,
  problems,
  currency,
  readOnly,
  onChange,
  onRemove,
}: {
  lines: LineDraft[];
  /** Each line's match as last saved (undefined for a line not saved yet, or a bill matched against nothing). */
  matches: (TBillMatchLine | undefined)[];
  problems: LineProblems[];
  currency: string;
  readOnly: boolean;
  onChange: (index: number, field: LineField, value: string) => void;
  onRemove: (index: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const problemText = (problem: LineProblem | undefined) =>
    problem === undefined
      ? undefined
      : problem === 'quantity'
        ? t(PROBLEM_KEYS.quantity, { max: 99999 })
        : problem === 'tooLong'
          ? t(PROBLEM_KEYS.tooLong, { count: 200 })
          : t(PROBLEM_KEYS[problem]);
  if (lines.length === 0) return <Empty>{t('bills.noLines')}</Empty>;
  return (
    <ol className="bill-lines" aria-label={t('bills.linesLabel')}>
      {lines.map((line, index) => {
        const number = index + 1;
        const match = matches[index];
        const flag = match ? flagText(match) : undefined;
        const amount = draftAmount(line);
        const field = (name: LineField) => ({
          id: `bill-line-${line.key}-${name}`,
          name: `lines.${index}.${name}`,
          value: line[name],
          error: problemText(problems[index]?.[name]),
          onChange: (event: { target: { value: string } }) => onChange(index, name, event.target.value),
        });
        return (
          <li key={line.key} className={`bill-line ${flag ? 'bill-line--flagged' : ''}`}>
            <fieldset className="bill-line__fields" disabled={readOnly}>
              <legend className="bill-line__legend">
                {t('bills.line', { line: number })}
                {flag ? (
                  <span className="bills-flag bill-line__flag" data-flag={match?.flag}>
                    {t(`bills.flags.${flag}`)}
                  </span>
                ) : null}
              </legend>
              <TextField {...field('description')} label={t('bills.description')} maxLength={200} autoComplete="off" />
              <div className="bill-line__numbers">
                <TextField {...field('quantity')} label={t('bills.quantity')} inputMode="decimal" autoComplete="off" />
                <TextField {...field('unitPrice')} label={t('bills.unitPrice')} inputMode="decimal" autoComplete="off" />
                <TextField {...field('taxRate')} label={t('bills.taxRate')} inputMode="decimal" autoComplete="off" />
              </div>
              <p className="bill-line__amount">
                <span>{t('bills.lineTotal')}</span>
                <strong>{amount === undefined ? '—' : formatMoney(amount, currency, i18n.language)}</strong>
              </p>
            </fieldset>
            {readOnly ? null : (
              <Button variant="ghost" small onClick={() => onRemove(index)} aria-label={t('bills.removeLine', { line: number })}>
                {t('bills.remove')}
              </Button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
