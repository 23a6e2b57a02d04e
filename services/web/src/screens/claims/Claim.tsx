import type { TClaim } from '@reorder/schemas';
import { formatMoney } from '@reorder/schemas/order-text';
import { useState } from 'react';
import { useParams } from 'wouter';
import { useClaim, useClaimReceipt, useCloseClaim } from '../../features/claims/api.ts';
import { ClaimSend } from '../../features/claims/ClaimCard.tsx';
import { ClaimLines, ClaimStatus, SupplierAnswer } from '../../features/claims/ClaimParts.tsx';
import { useSupplier } from '../../features/suppliers/api.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { ButtonRow, Empty, Preformatted } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useToast } from '../../ui/toast.tsx';

/**
 * One claim (docs/decisions.md §9.4): its status and amount, the supplier's
 * answer (credit, redeliver or dispute, a note, the credit note's number),
 * what is claimed line by line, the message with Send again, and Close.
 */
export default function Claim() {
  const { t } = useTranslation();
  const { id } = useParams<{ id: string }>();
  const claim = useClaim(Number(id));
  if (claim.data) return <ClaimOf data={claim.data} />;
  return (
    <Screen route="orders.claim" title={t('claims.title')} back={href('orders.claims')}>
      {claim.isPending ? <Loading /> : <Empty role="alert">{t('claims.error')}</Empty>}
    </Screen>
  );
}

function ClaimOf({ data }: { data: TClaim }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const receipt = useClaimReceipt(data.receiptId);
  const supplier = useSupplier(data.supplierId);
  const [asking, setAsking] = useState(false);
  const close = useCloseClaim({
    onSuccess: () => toast.success(t('claims.closed')),
    onError: () => toast.error(t('claims.closeError')),
  });
  const title = supplier.data ? t('claims.claimTitle', { supplier: supplier.data.name }) : t('claims.title');

  return (
    <Screen route="orders.claim" title={title} back={href('orders.claims')}>
      <Card title={t('claims.supplierAnswer')}>
        <p>
          <strong data-testid="claim-amount">
            {t('claims.amount', { amount: formatMoney(data.amount, data.currency, i18n.language) })}
          </strong>{' '}
          <ClaimStatus claim={data} />
        </p>
        <SupplierAnswer claim={data} />
        {data.status === 'closed' ? null : (
          <ButtonRow>
            <Button variant="secondary" aria-label={t('claims.closeLabel')} onClick={() => setAsking(true)}>
              {t('claims.close')}
            </Button>
          </ButtonRow>
        )}
      </Card>
      <Card title={t('claims.lines')}>
        <ClaimLines claim={data} receipt={receipt.data} />
      </Card>
      <Card title={t('claims.message')}>
        <Preformatted data-testid="claim-text">{data.text}</Preformatted>
        <ClaimSend claim={data} />
      </Card>
      <ConfirmDialog
        open={asking}
        title={t('claims.closeTitle')}
        confirmLabel={t('claims.closeLabel')}
        cancelLabel={t('app.cancel')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          close.mutate({ id: data.id });
        }}
      >
        <p>{t('claims.closeText')}</p>
      </ConfirmDialog>
    </Screen>
  );
}
