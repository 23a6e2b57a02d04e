import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { TSupplierMonths } from './months.ts';

const helper = createColumnHelper<TSupplierMonths>();

/** Whose words the table uses: the column names and the amounts as the business's currency reads. */
interface Texts {
  supplier: string;
  total: string;
  caption: string;
  /** The months' short names, as the columns' headers. */
  months: string[];
  money: (amount: number) => string;
}

/**
 * Spend by supplier and month (docs/decisions.md §8.4): a row per supplier,
 * a column per month and the total, a last row of the months' totals; a
 * column's header sorts by it (again: the other way). The table scrolls
 * sideways inside its own box on a phone, the suppliers' names held at the left.
 */
export function SpendTable({ rows, texts }: { rows: TSupplierMonths[]; texts: Texts }) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const { supplier, total, months, money } = texts;
  const columns = useMemo(
    () => [
      helper.accessor('label', {
        id: 'supplier',
        header: supplier,
        sortingFn: (a, b) => a.original.label.localeCompare(b.original.label),
      }),
      ...months.map((name, index) =>
        helper.accessor((row) => row.months[index] ?? 0, {
          id: `m${index}`,
          header: name,
          sortingFn: 'basic',
          sortDescFirst: true,
          cell: (info) => money(info.getValue()),
        }),
      ),
      helper.accessor('total', {
        id: 'total',
        header: total,
        sortingFn: 'basic',
        sortDescFirst: true,
        cell: (info) => money(info.getValue()),
      }),
    ],
    [supplier, total, months, money],
  );
  const table = useReactTable({
    columns,
    data: rows,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  const monthTotals = months.map((_, index) => rows.reduce((sum, row) => sum + (row.months[index] ?? 0), 0));
  const grand = rows.reduce((sum, row) => sum + row.total, 0);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways takes the keyboard's arrows (axe: scrollable-region-focusable).
    <section className="spend-grid" tabIndex={0} aria-label={texts.caption}>
      <table className="spend-table spend-table--wide">
        <caption className="visually-hidden">{texts.caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th key={header.id} scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                    <button type="button" className="spend-sort" onClick={header.column.getToggleSortingHandler()}>
                      {flexRender(header.column.columnDef.header, header.getContext())}
                      {sorted ? (
                        <span aria-hidden="true" className="spend-sort__mark">
                          {sorted === 'asc' ? '▲' : '▼'}
                        </span>
                      ) : null}
                    </button>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) =>
                cell.column.id === 'supplier' ? (
                  <th key={cell.id} scope="row">
                    {row.original.label}
                  </th>
                ) : (
                  <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{total}</th>
            {monthTotals.map((amount, index) => (
              <td key={months[index]}>{money(amount)}</td>
            ))}
            <td>{money(grand)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
