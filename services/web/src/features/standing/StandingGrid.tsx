import { formatAmount } from '@reorder/schemas/order-text';
import { readTypedQuantity, stepQuantity } from '@reorder/schemas/quantities';
import { useMemo } from 'react';
import { type Translation, useTranslation } from '../../lib/i18n.ts';
import { weekdayLabel, weekdayNames } from '../../lib/schedule-format.ts';
import { type ColumnDef, DataTable } from '../../ui/DataTable.tsx';
import { List } from '../../ui/List.tsx';
import { ProductLine, Stepper } from '../../ui/ProductLine.tsx';
import type { OrderProduct } from '../orders/order-drafts.ts';
import { quantityIssueText } from '../orders/quantity-issue.ts';
import { type DayKey, dayKeyOf } from '../orders/usual.ts';
import { cellKey, type DraftIssues, dayCount, type StandingDraft } from './standing-form.ts';
import './standing.css';

type Product = Pick<OrderProduct, 'productId' | 'name' | 'unit' | 'step'>;

interface GridProps {
  products: readonly Product[];
  /** The supplier's delivery days, ISO weekdays. */
  days: readonly number[];
  draft: StandingDraft;
  issues: DraftIssues;
  /** What the server said of a cell, worded already. */
  serverIssues: Record<string, string>;
  setCell: (key: string, text: string) => void;
}

/** A cell's error in the user's language: the order screen's words for a quantity ("Huevos se venden de 6 en 6"), or the server's. */
function cellError(translation: Translation, props: GridProps, product: Product, day: DayKey): string | undefined {
  const key = cellKey(product.productId, day);
  const issue = props.issues.cells[key];
  return issue ? quantityIssueText(translation, issue, product.name) : props.serverIssues[key];
}

/**
 * One delivery day of the standing order at a time, for a phone (docs/decisions.md §9.5):
 * the days as chips with how many products each has, then each product's quantity for
 * the chosen day with − and +, as on the order screen.
 */
export function StandingDay({ day, setDay, ...props }: GridProps & { day: number; setDay: (day: number) => void }) {
  const translation = useTranslation();
  const { t, i18n } = translation;
  const key = dayKeyOf(day);
  // Mid-sentence, as the language writes it: "Pan el sábado".
  const dayName = weekdayNames(i18n.language, 'long')[day - 1]?.name ?? '';
  return (
    <>
      <fieldset className="standing-days">
        <legend className="visually-hidden">{t('week.days')}</legend>
        {props.days.map((d) => {
          const count = dayCount(props.draft, props.products, dayKeyOf(d));
          return (
            <button key={d} type="button" className="standing-days__day choice" aria-pressed={d === day} onClick={() => setDay(d)}>
              <span aria-hidden="true">{weekdayLabel(d, i18n.language)}</span>
              <span className="visually-hidden">{weekdayLabel(d, i18n.language, 'long')}</span>
              <span className="standing-days__count">{t('week.dayTotal', { count })}</span>
            </button>
          );
        })}
      </fieldset>
      <List label={`${t('week.grid')}: ${dayName}`}>
        {props.products.map((product) => {
          const cell = cellKey(product.productId, key);
          const text = props.draft.cells[cell] ?? '';
          const error = cellError(translation, props, product, key);
          const id = `standing-${product.productId}-${key}`;
          const read = readTypedQuantity(text, product.step);
          const quantity = 'quantity' in read ? read.quantity : 0;
          return (
            <ProductLine
              key={product.productId}
              inputId={id}
              name={product.name}
              unit={product.unit}
              ordered={quantity > 0}
              error={error}
              control={
                <Stepper
                  id={id}
                  value={text}
                  placeholder="0"
                  label={t('week.quantityOn', { name: product.name, day: dayName })}
                  decreaseLabel={t('week.decreaseOn', { name: product.name, day: dayName })}
                  increaseLabel={t('week.increaseOn', { name: product.name, day: dayName })}
                  invalid={error !== undefined}
                  onStep={(by) => {
                    const next = stepQuantity(quantity, by, product.step);
                    props.setCell(cell, next > 0 ? formatAmount(next, i18n.language) : '');
                  }}
                  onType={(typed) => props.setCell(cell, typed)}
                />
              }
            />
          );
        })}
      </List>
    </>
  );
}

/**
 * The whole week of the standing order, for a desktop (docs/decisions.md §9.5):
 * products down, the supplier's delivery days across, a quantity field in each cell.
 */
export function StandingWeek(props: GridProps & { savedCells: Record<string, string> }) {
  const { t, i18n } = useTranslation();
  const { products, days, savedCells } = props;
  const columns = useMemo<ColumnDef<Product>[]>(
    () => [
      { accessorKey: 'name', header: t('week.product'), cell: ({ row }) => <ProductName product={row.original} /> },
      ...days.map(
        (day): ColumnDef<Product> => ({
          id: dayKeyOf(day),
          header: weekdayLabel(day, i18n.language, 'long'),
          meta: { numeric: true },
          // Sorted by what was saved, so a row stays where it is while its quantity is typed.
          accessorFn: (product) => Number.parseFloat((savedCells[cellKey(product.productId, dayKeyOf(day))] ?? '0').replace(',', '.')),
          cell: ({ row }) => <WeekCell {...props} product={row.original} day={day} />,
        }),
      ),
    ],
    // The cells read the draft and its issues through `props`: the columns change with them.
    [t, i18n.language, days, savedCells, props],
  );
  return <DataTable label={t('week.grid')} columns={columns} data={products as Product[]} initialSort={[{ id: 'name', desc: false }]} />;
}

function ProductName({ product }: { product: Product }) {
  return (
    <>
      <span className="standing-week__name">{product.name}</span> <span className="standing-week__unit">{product.unit}</span>
    </>
  );
}

function WeekCell({ product, day, ...props }: GridProps & { product: Product; day: number }) {
  const translation = useTranslation();
  const { t, i18n } = translation;
  const key = dayKeyOf(day);
  const cell = cellKey(product.productId, key);
  const error = cellError(translation, props, product, key);
  const id = `standing-${product.productId}-${key}`;
  return (
    <div className="standing-week__cell">
      <input
        id={id}
        className="input standing-week__input"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        aria-label={t('week.quantityOn', { name: product.name, day: weekdayNames(i18n.language, 'long')[day - 1]?.name ?? '' })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={props.draft.cells[cell] ?? ''}
        placeholder="0"
        onChange={(event) => props.setCell(cell, event.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="standing-week__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
