import type { TOrder } from '@reorder/schemas';
import { formatMoney } from '@reorder/schemas/order-text';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { Card } from '../../ui/Card.tsx';
import { type ColumnDef, DataTable } from '../../ui/DataTable.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Empty } from '../../ui/layout.tsx';
import { useActiveBusiness } from '../businesses/api.ts';
import { useOrder } from './api.ts';

type Line = TOrder['products'][number];

/**
 * A supplier's catalogue as a wide table beside it on a desktop (issue 45):
 * name, unit, price, usual quantity, par level and what is in the order now,
 * each column sortable, so an owner compares; Enter on a row edits the product
 * (for those who may).
 */
export function CatalogueTable({ supplierId, canEdit }: { supplierId: number; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const order = useOrder(supplierId);
  const currency = useActiveBusiness()?.currency ?? 'EUR';
  const number = useMemo(() => new Intl.NumberFormat(i18n.language === 'es' ? 'es-ES' : 'en-US'), [i18n.language]);
  const columns = useMemo<ColumnDef<Line>[]>(
    () => [
      { accessorKey: 'name', header: t('products.name') },
      { accessorKey: 'unit', header: t('products.unit') },
      {
        accessorKey: 'price',
        header: t('products.price'),
        meta: { numeric: true },
        sortUndefined: 'last',
        cell: ({ row }) => (row.original.price === null ? '—' : formatMoney(row.original.price, currency, i18n.language)),
      },
      {
        // The weekday's usual (docs/decisions.md §9.5), sorted by its quantity.
        id: 'usual',
        accessorFn: (line) => line.usual?.quantity ?? null,
        header: t('suppliers.columns.usual'),
        meta: { numeric: true },
        cell: ({ row }) => (row.original.usual === null ? '—' : number.format(row.original.usual.quantity)),
      },
      {
        accessorKey: 'par',
        header: t('suppliers.columns.par'),
        meta: { numeric: true },
        cell: ({ row }) => (row.original.par === null ? '—' : number.format(row.original.par)),
      },
      {
        accessorKey: 'quantity',
        header: t('suppliers.columns.inOrder'),
        meta: { numeric: true },
        cell: ({ row }) => (row.original.quantity ? number.format(row.original.quantity) : '—'),
      },
    ],
    [t, currency, i18n.language, number],
  );
  return (
    <Card title={t('suppliers.catalogueTitle')}>
      {order.isPending ? (
        <Loading />
      ) : !order.data?.products.length ? (
        <Empty>{t('suppliers.catalogueEmpty')}</Empty>
      ) : (
        <DataTable
          label={t('suppliers.catalogueTitle')}
          columns={columns}
          data={order.data.products}
          initialSort={[{ id: 'name', desc: false }]}
          onOpen={canEdit ? (line) => navigate(href('orders.productUpdate', { supplierId, productId: line.productId })) : undefined}
        />
      )}
    </Card>
  );
}
