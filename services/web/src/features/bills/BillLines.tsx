import type { TBillMatchLine } from '@reorder/schemas';
import { formatMoney } from '@reorder/schemas/order-text';
import { memo } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/fields.tsx';
import { LongList, type RowPlace, rowPlaceProps } from '../../ui/LongList.tsx';
import { Empty } from '../../ui/layout.tsx';
import { sameRowProps } from '../../ui/list-rows.ts';
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
 * once approved. Each row is memoized: with `onChange` and `onRemove` kept
 * the same, a keystroke re-renders its own line, not the other 199
 * (docs/performance.md, "The receipt and the bill at 200 lines").
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
  const { t } = useTranslation();
  if (lines.length === 0) return <Empty>{t('bills.noLines')}</Empty>;
  // From 100 lines on only those on screen are in the page (LongList), as the order screen's products.
  return (
    <LongList
      label={t('bills.linesLabel')}
      className="bill-lines"
      ordered
      gap={12}
      items={lines.map((_, index) => index)}
      rowKey={(index) => lines[index]?.key ?? index}
      rowHeight={260}
      renderRow={(index, place) => (
        <BillLine
          line={lines[index] as LineDraft}
          index={index}
          match={matches[index]}
          problems={problems[index]}
          currency={currency}
          readOnly={readOnly}
          onChange={onChange}
          onRemove={onRemove}
          place={place}
        />
      )}
    />
  );
}

const BillLine = memo(function BillLine({
  line,
  index,
  match,
  problems,
  currency,
  readOnly,
  onChange,
  onRemove,
  place,
}: {
  line: LineDraft;
  index: number;
  match: TBillMatchLine | undefined;
  problems: LineProblems | undefined;
  currency: string;
  readOnly: boolean;
  onChange: (index: number, field: LineField, value: string) => void;
  onRemove: (index: number) => void;
  /** Where the line stands in a long bill (LongList). */
  place: RowPlace;
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
  const number = index + 1;
  const flag = match ? flagText(match) : undefined;
  const amount = draftAmount(line);
  const field = (name: LineField) => ({
    id: `bill-line-${line.key}-${name}`,
    name: `lines.${index}.${name}`,
    value: line[name],
    error: problemText(problems?.[name]),
    onChange: (event: { target: { value: string } }) => onChange(index, name, event.target.value),
  });
  return (
    <li {...rowPlaceProps(place)} className={`bill-line ${flag ? 'bill-line--flagged' : ''}`}>
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
}, sameRowProps);
