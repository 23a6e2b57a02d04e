import type { TClaim } from '@reorder/schemas';
import { formatMoney } from '@reorder/schemas/order-text';
import { useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { formatDate } from '../../lib/format-date.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { type ColumnDef, DataTable } from '../../ui/DataTable.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { List, ListItem, ListLink } from '../../ui/List.tsx';
import { ClaimStatus } from './ClaimParts.tsx';

/** A claim with what the list shows beside it: the supplier's name and when the delivery was checked. */
export interface ClaimRow {
  claim: TClaim;
  supplier: string;
  /** When its delivery was checked (the receipt closed), ISO; "" when not known. */
  checkedAt: string;
}

/** The claims as a sortable table (a desktop): supplier, delivery checked, status, amount, the supplier's answer. */
export function ClaimsTable({ rows }: { rows: ClaimRow[] }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const columns = useMemo<ColumnDef<ClaimRow>[]>(
    () => [
      {
        id: 'supplier',
        header: t('claims.supplier'),
        accessorFn: (row) => row.supplier,
        cell: ({ row }) => <Link href={href('orders.claim', { id: row.original.claim.id })}>{row.original.supplier}</Link>,
      },
      {
        id: 'checked',
        header: t('claims.checked'),
        accessorFn: (row) => row.checkedAt,
        cell: ({ row }) => (row.original.checkedAt ? formatDate(row.original.checkedAt, i18n.language) : '—'),
      },
      {
        id: 'status',
        header: t('claims.state'),
        accessorFn: (row) => t(`claims.status.${row.claim.status}`),
        cell: ({ row }) => <ClaimStatus claim={row.original.claim} />,
      },
      {
        id: 'amount',
        header: t('claims.claimed'),
        accessorFn: (row) => row.claim.amount,
        meta: { numeric: true },
        cell: ({ row }) => formatMoney(row.original.claim.amount, row.original.claim.currency, i18n.language),
      },
      {
        id: 'answer',
        header: t('claims.reply'),
        accessorFn: (row) => answerText(row.claim, t),
      },
    ],
    [t, i18n.language],
  );
  return (
    <DataTable
      label={t('claims.title')}
      columns={columns}
      data={rows}
      initialSort={[{ id: 'checked', desc: true }]}
      onOpen={(row) => navigate(href('orders.claim', { id: row.claim.id }))}
    />
  );
}

/** The claims as a list (a phone): each row opens its claim. */
export function ClaimsList({ rows }: { rows: ClaimRow[] }) {
  const { t, i18n } = useTranslation();
  return (
    <List label={t('claims.title')}>
      {rows.map(({ claim, supplier, checkedAt }) => (
        <ListItem key={claim.id}>
          <ListLink
            href={href('orders.claim', { id: claim.id })}
            title={`${supplier} · ${formatMoney(claim.amount, claim.currency, i18n.language)}`}
            meta={
              <>
                {checkedAt ? `${t('claims.checked')}: ${formatDate(checkedAt, i18n.language)}` : null}
                {claim.supplierAnswer ? (
                  <>
                    <br />
                    {answerText(claim, t)}
                  </>
                ) : null}
              </>
            }
            status={<ClaimStatus claim={claim} />}
            highlight={claim.status !== 'closed'}
          />
          <Icon name="next" />
        </ListItem>
      ))}
    </List>
  );
}

/** "Credit · AB-7 · Sorry" : the supplier's answer in a line, or "—". */
function answerText(claim: TClaim, t: ReturnType<typeof useTranslation>['t']): string {
  const answer = claim.supplierAnswer;
  if (!answer) return '—';
  return [t(`claims.answer.${answer.answer}`), answer.creditNote, answer.note].filter(Boolean).join(' · ');
}
