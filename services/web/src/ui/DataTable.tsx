import { type ColumnDef, flexRender, getCoreRowModel, getSortedRowModel, type SortingState, useReactTable } from '@tanstack/react-table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import './DataTable.css';

export type { ColumnDef } from '@tanstack/react-table';

/**
 * A wide table where an owner compares (a supplier's catalogue: issue 45),
 * each column sortable by its header (a button that says how it sorts). Its
 * rows take ↑/↓ (ui/Shortcuts.tsx) and open with Enter where `onOpen` is given.
 * Numbers sit right (`meta: { numeric: true }` on a column).
 */
export function DataTable<Row>({
  label,
  columns,
  data,
  onOpen,
  initialSort,
}: {
  label: string;
  columns: ColumnDef<Row>[];
  data: Row[];
  onOpen?: (row: Row) => void;
  initialSort?: SortingState;
}) {
  const { t } = useTranslation();
  const [sorting, setSorting] = useState<SortingState>(initialSort ?? []);
  const table = useReactTable({
    data,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    // Every column goes up first, then down: a number column too.
    sortDescFirst: false,
  });
  return (
    <div className="data-table__scroll">
      <table className="data-table" aria-label={label}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const numeric = (header.column.columnDef.meta as { numeric?: boolean } | undefined)?.numeric;
                const title = flexRender(header.column.columnDef.header, header.getContext()) as ReactNode;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={numeric ? 'data-table__num' : undefined}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                  >
                    <button
                      type="button"
                      className="data-table__sort"
                      title={t('nav.keys.sortBy', { column: String(header.column.columnDef.header ?? '') })}
                      onClick={header.column.getToggleSortingHandler()}
                    >
                      {title}
                      <span aria-hidden="true" className="data-table__arrow">
                        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.id}
              data-key-item=""
              tabIndex={0}
              className="data-table__row"
              onKeyDown={(event) => {
                if (event.key === 'Enter' && onOpen) {
                  event.preventDefault();
                  onOpen(row.original);
                }
              }}
              onDoubleClick={() => onOpen?.(row.original)}
            >
              {row.getVisibleCells().map((cell) => (
                <td
                  key={cell.id}
                  className={(cell.column.columnDef.meta as { numeric?: boolean } | undefined)?.numeric ? 'data-table__num' : undefined}
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
