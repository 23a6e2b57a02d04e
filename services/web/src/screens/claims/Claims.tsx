import { CLAIM_STATUSES, type TClaim } from '@reorder/schemas';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { useClaims, useClosedReceipts } from '../../features/claims/api.ts';
import { ClaimCard } from '../../features/claims/ClaimCard.tsx';
import { type ClaimRow, ClaimsList, ClaimsTable } from '../../features/claims/ClaimsTable.tsx';
import { claimable } from '../../features/claims/claimable.ts';
import { useSuppliers } from '../../features/suppliers/api.ts';
import { formatDate } from '../../lib/format-date.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { SelectField } from '../../ui/fields.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Empty, Toolbar } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';

/**
 * The claims to suppliers (docs/decisions.md §9.4), newest first, by status:
 * a table on a desktop, a list on a phone. Read again on opening and when the
 * window comes back, so a supplier's answer shows without a reload.
 */
export default function Claims() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [status, setStatus] = useState<TClaim['status'] | ''>('');
  const claims = useClaims(status || undefined);
  const suppliers = useSuppliers('');
  const receipts = useClosedReceipts(true);
  const names = useMemo(() => new Map((suppliers.data ?? []).map((s) => [s.id, s.name])), [suppliers.data]);
  // Closed deliveries with a difference and no claim yet: each offers its claim here too.
  const unclaimed = useMemo(() => {
    const claimed = new Set((claims.data ?? []).map((claim) => claim.receiptId));
    return (receipts.data ?? []).filter((receipt) => claimable(receipt) && !claimed.has(receipt.id));
  }, [claims.data, receipts.data]);
  const rows = useMemo<ClaimRow[]>(() => {
    const checked = new Map((receipts.data ?? []).map((r) => [r.id, r.doneAt ?? r.startedAt]));
    return (claims.data ?? []).map((claim) => ({
      claim,
      supplier: names.get(claim.supplierId) ?? '',
      checkedAt: checked.get(claim.receiptId) ?? '',
    }));
  }, [claims.data, names, receipts.data]);

  return (
    <Screen route="orders.claims" title={t('claims.title')} back={href('orders')} wide={desktop}>
      <Toolbar>
        <SelectField
          id="claims-status"
          name="status"
          label={t('claims.show')}
          value={status}
          options={[
            { value: '', label: t('claims.all') },
            ...CLAIM_STATUSES.map((value) => ({ value, label: t(`claims.status.${value}`) })),
          ]}
          onChange={(event) => setStatus(event.target.value as TClaim['status'] | '')}
        />
      </Toolbar>
      {status === '' || status === 'open'
        ? unclaimed.map((receipt) => (
            <ClaimCard
              key={receipt.id}
              receipt={receipt}
              heading={t('claims.unclaimed', {
                supplier: names.get(receipt.supplierId) ?? '',
                date: formatDate(receipt.doneAt ?? receipt.startedAt, i18n.language),
              })}
              onMade={(claim) => navigate(href('orders.claim', { id: claim.id }))}
            />
          ))
        : null}
      {claims.isPending ? (
        <Loading />
      ) : !claims.data ? (
        <Empty role="alert">{t('claims.listError')}</Empty>
      ) : rows.length === 0 ? (
        <Empty role="status">{status ? t('claims.noneIn') : t('claims.none')}</Empty>
      ) : desktop ? (
        <ClaimsTable rows={rows} />
      ) : (
        <ClaimsList rows={rows} />
      )}
    </Screen>
  );
}
