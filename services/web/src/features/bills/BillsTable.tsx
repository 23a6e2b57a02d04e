import type { TBill } from '@reorder/schemas';
import { formatMoney } from '@reorder/schemas/order-text';
import { useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { formatDate } from '../../lib/format-date.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { type ColumnDef, DataTable } from '../../ui/DataTable.tsx';
import { List, ListItem, ListLink } from '../../ui/List.tsx';
import { billFlags, noonOf } from './match.ts';
import './bills.css';

/** A bill with its supplier's name, as the lists show it. */
export type BillRow = TBill & { supplierName: string };

/** A bill's differences, worded: "Not received · Price higher than confirmed", or none. */
function useFlagWords() {
  const { t } = useTranslation();
  return (bill: TBill) => {
    const { texts } = billFlags(bill);
    return texts.map((text) => t(`bills.flags.${text}`)).join(' · ');
  };
}

/** The bills as a desktop table (docs/decisions.md §9.6): each column sorts; Enter or a double click opens a bill. */
export function BillsTable({ bills }: { bills: BillRow[] }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const flagWords = useFlagWords();
  const columns = useMemo<ColumnDef<BillRow>[]>(
    () => [
      {
        accessorKey: 'issuedOn',
        header: t('bills.issuedOn'),
        cell: ({ row }) => formatDate(noonOf(row.original.issuedOn), i18n.language),
      },
      { accessorKey: 'supplierName', header: t('bills.supplier') },
      {
        accessorKey: 'number',
        header: t('bills.numberShort'),
        cell: ({ row }) => (
          <Link className="bills-link" href={href('bills.bill', { billId: row.original.id })}>
            {row.original.number}
          </Link>
        ),
      },
      {
        id: 'dueOn',
        accessorFn: (row) => row.dueOn ?? '',
        header: t('bills.dueOn'),
        cell: ({ row }) => (row.original.dueOn ? formatDate(noonOf(row.original.dueOn), i18n.language) : '—'),
      },
      {
        id: 'total',
        accessorFn: (row) => row.totals.total,
        header: t('bills.amount'),
        meta: { numeric: true },
        cell: ({ row }) => formatMoney(row.original.totals.total, row.original.currency, i18n.language),
      },
      {
        accessorKey: 'status',
        header: t('bills.status'),
        cell: ({ row }) => (
          <span className={`bills-status bills-status--${row.original.status}`}>{t(`bills.statuses.${row.original.status}`)}</span>
        ),
      },
      {
        id: 'flags',
        accessorFn: (row) => billFlags(row).count,
        header: t('bills.flagsColumn'),
        cell: ({ row }) => {
          const words = flagWords(row.original);
          return words ? <span className="bills-flag">{words}</span> : <span className="bills-muted">{t('bills.noFlags')}</span>;
        },
      },
    ],
    [t, i18n.language, flagWords],
  );
  return (
    <DataTable
      label={t('bills.listLabel')}
      columns={columns}
      data={bills}
      initialSort={[{ id: 'issuedOn', desc: true }]}
      onOpen={(bill) => navigate(href('bills.bill', { billId: bill.id }))}
    />
  );
}

/** The bills as a phone list: supplier and number, the day and amount, the state and differences. */
export function BillsPhoneList({ bills }: { bills: BillRow[] }) {
  const { t, i18n } = useTranslation();
  const flagWords = useFlagWords();
  return (
    <List label={t('bills.listLabel')}>
      {bills.map((bill) => {
        const words = flagWords(bill);
        return (
          <ListItem key={bill.id}>
            <ListLink
              href={href('bills.bill', { billId: bill.id })}
              title={`${bill.supplierName} · ${bill.number}`}
              meta={`${formatDate(noonOf(bill.issuedOn), i18n.language)} · ${formatMoney(bill.totals.total, bill.currency, i18n.language)}`}
              status={words ? `${t(`bills.statuses.${bill.status}`)} · ${words}` : t(`bills.statuses.${bill.status}`)}
              highlight={Boolean(words)}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
