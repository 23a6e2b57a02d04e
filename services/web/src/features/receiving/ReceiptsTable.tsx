import type { TReceipt } from '@reorder/schemas';
import { useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { formatDateTime } from '../../lib/format-date.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { type ColumnDef, DataTable } from '../../ui/DataTable.tsx';
import { List, ListItem, ListLink } from '../../ui/List.tsx';
import { lineDiffers } from './receipt-copy.ts';

/** A receipt as the table and the list show it: its supplier's name and how many lines differ. */
export interface ReceiptRow {
  receipt: TReceipt;
  supplier: string;
  differing: number;
}

export const receiptRows = (receipts: readonly TReceipt[], names: ReadonlyMap<number, string>): ReceiptRow[] =>
  receipts.map((receipt) => ({
    receipt,
    supplier: names.get(receipt.supplierId) ?? '',
    differing: receipt.lines.filter(lineDiffers).length,
  }));

const hrefOf = (receipt: TReceipt) => href('orders.receipt', { supplierId: receipt.supplierId, sentOrderId: receipt.sentOrderId });

/** The deliveries checked, on a desktop (docs/decisions.md §9.4): date, supplier, status, who received, lines differing; a row opens it. */
export function ReceiptsTable({ rows }: { rows: ReceiptRow[] }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const columns = useMemo<ColumnDef<ReceiptRow>[]>(
    () => [
      {
        id: 'date',
        header: t('receiving.columns.date'),
        accessorFn: (row) => row.receipt.doneAt ?? row.receipt.startedAt,
        cell: ({ getValue }) => formatDateTime(getValue<string>(), i18n.language),
      },
      {
        id: 'supplier',
        header: t('receiving.columns.supplier'),
        accessorFn: (row) => row.supplier,
        cell: ({ row }) => <Link href={hrefOf(row.original.receipt)}>{row.original.supplier}</Link>,
      },
      {
        id: 'status',
        header: t('receiving.columns.status'),
        accessorFn: (row) => row.receipt.status,
        cell: ({ getValue }) => (getValue<string>() === 'done' ? t('receiving.done') : t('receiving.checking')),
      },
      { id: 'by', header: t('receiving.columns.by'), accessorFn: (row) => row.receipt.receivedBy?.fullName ?? '—' },
      { id: 'differing', header: t('receiving.columns.differing'), accessorFn: (row) => row.differing, meta: { numeric: true } },
    ],
    [t, i18n.language],
  );
  return (
    <DataTable
      label={t('receiving.receiptsTitle')}
      columns={columns}
      data={rows}
      initialSort={[{ id: 'date', desc: true }]}
      onOpen={(row) => navigate(hrefOf(row.receipt))}
    />
  );
}

/** The same on a phone: a row each, opening it. */
export function ReceiptsList({ rows }: { rows: ReceiptRow[] }) {
  const { t, i18n } = useTranslation();
  return (
    <List label={t('receiving.receiptsTitle')}>
      {rows.map(({ receipt, supplier, differing }) => (
        <ListItem key={receipt.id}>
          <ListLink
            href={hrefOf(receipt)}
            title={supplier}
            meta={`${formatDateTime(receipt.doneAt ?? receipt.startedAt, i18n.language)} · ${
              receipt.status === 'done' ? t('receiving.done') : t('receiving.checking')
            }${receipt.receivedBy ? ` · ${receipt.receivedBy.fullName}` : ''}`}
            status={differing > 0 ? t('receiving.differing', { count: differing }) : t('receiving.nothingDiffers')}
            highlight={differing > 0}
          />
        </ListItem>
      ))}
    </List>
  );
}
