import type { TClaim, TReceipt } from '@reorder/schemas';
import { formatMoney } from '@reorder/schemas/order-text';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { Button, LinkButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { ButtonRow, Hint, Preformatted } from '../../ui/layout.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useCan } from '../businesses/api.ts';
import { useSupplier } from '../suppliers/api.ts';
import { useClaims, useMakeClaim } from './api.ts';
import { ClaimStatus, SupplierAnswer } from './ClaimParts.tsx';
import { claimable, differs, reasonOf } from './claimable.ts';
import { useSendClaim } from './use-send-claim.ts';

/**
 * The claim of a closed receipt with a difference (docs/decisions.md §9.4),
 * to drop into the receipt's screen: for owners and managers only (staff see
 * nothing). "Prepare the claim" makes it on the server (once: a second time
 * answers the same claim), which computes the amount and writes the text in
 * the business's language, ending with the supplier's link; then the text is
 * sent through the supplier's channel as an order is.
 */
export function ClaimCard({
  receipt,
  heading,
  onMade,
}: {
  receipt: TReceipt;
  /** The card's title, when not "Claim the difference" (a list of deliveries names each). */
  heading?: string;
  /** What to do once the claim is made (the claims list opens it); else the card shows it. */
  onMade?: (claim: TClaim) => void;
}) {
  const mayClaim = useCan('manager');
  if (!mayClaim || !claimable(receipt)) return null;
  return <ClaimOfReceipt receipt={receipt} heading={heading} onMade={onMade} />;
}

function ClaimOfReceipt({ receipt, heading, onMade }: { receipt: TReceipt; heading?: string; onMade?: (claim: TClaim) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const claims = useClaims();
  const made = claims.data?.find((claim) => claim.receiptId === receipt.id);
  const make = useMakeClaim({ onSuccess: onMade, onError: () => toast.error(t('claims.makeError')) });
  const claim = made ?? make.data;
  const lines = receipt.lines.filter(differs);
  return (
    <Card title={heading ?? t('claims.cardTitle')}>
      {claim ? (
        <MadeClaim claim={claim} />
      ) : (
        <>
          <Hint>{t('claims.cardHint')}</Hint>
          <ul aria-label={t('claims.lines')}>
            {lines.map((line) => (
              <li key={line.productId}>
                {line.name}: {t(`claims.reason.${reasonOf(line)}`)}
              </li>
            ))}
          </ul>
          <ButtonRow>
            <Button busy={make.isPending} disabled={claims.isPending} onClick={() => make.mutate({ id: receipt.id })}>
              {t('claims.prepare')}
            </Button>
          </ButtonRow>
        </>
      )}
    </Card>
  );
}

/** A claim made: its amount and status, the text, Send through the supplier's channel, Copy, and the claim's own screen. */
function MadeClaim({ claim }: { claim: TClaim }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <p>
        <strong data-testid="claim-amount">
          {t('claims.amount', { amount: formatMoney(claim.amount, claim.currency, i18n.language) })}
        </strong>{' '}
        <ClaimStatus claim={claim} />
      </p>
      <SupplierAnswer claim={claim} />
      <h3>{t('claims.message')}</h3>
      <Preformatted data-testid="claim-text">{claim.text}</Preformatted>
      <ClaimSend claim={claim}>
        <LinkButton variant="ghost" href={href('orders.claim', { id: claim.id })}>
          {t('claims.openClaim')}
        </LinkButton>
      </ClaimSend>
    </>
  );
}

/** Send the claim's text through the supplier's channel (while it is not closed), and Copy it. */
export function ClaimSend({ claim, children }: { claim: TClaim; children?: ReactNode }) {
  const { t } = useTranslation();
  const supplier = useSupplier(claim.supplierId);
  const sending = useSendClaim(supplier.data);
  return (
    <ButtonRow>
      {claim.status === 'closed' ? null : (
        <Button disabled={!supplier.data} onClick={() => void sending.send(claim)}>
          {supplier.data ? t('claims.sendThrough', { service: sending.serviceName }) : t('claims.prepare')}
        </Button>
      )}
      <CopyButton label={t('claims.copy')} copy={() => navigator.clipboard.writeText(claim.text)} />
      {children}
    </ButtonRow>
  );
}
