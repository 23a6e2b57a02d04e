import type { TOrderSummary } from '@reorder/schemas';
import { formatMoney } from '@reorder/schemas/order-text';
import { Link } from 'wouter';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { Hint } from '../../ui/layout.tsx';
import { useActiveBusiness, useCan } from '../businesses/api.ts';

type Owed = TOrderSummary['claims'];

/**
 * "Owed 23.40 € (2 claims)": what is owed on claims not closed (docs/decisions.md §9.4); "1 open claim" when
 * those owe no money (a redelivery, a dispute); nothing when none, or for staff.
 */
export function useOwedText() {
  const { t, i18n } = useTranslation();
  const currency = useActiveBusiness()?.currency ?? 'EUR';
  const mayClaim = useCan('manager');
  return (claims: Owed | undefined) =>
    !mayClaim || !claims || claims.open === 0
      ? null
      : claims.owed > 0
        ? t('claims.owed', { amount: formatMoney(claims.owed, currency, i18n.language), count: claims.open })
        : t('claims.openOnly', { count: claims.open });
}

/** Over the orders list: what all suppliers owe on open claims, a link to the claims; nothing when none, or for staff. */
export function ClaimsOwed({ summaries }: { summaries: readonly TOrderSummary[] | undefined }) {
  const owedText = useOwedText();
  const all = (summaries ?? []).reduce<Owed>(
    (sum, s) => ({ open: sum.open + s.claims.open, owed: Math.round((sum.owed + s.claims.owed) * 100) / 100 }),
    { open: 0, owed: 0 },
  );
  const text = owedText(all);
  if (!text) return null;
  return (
    <Hint data-testid="claims-owed">
      <Link href={href('orders.claims')}>{text}</Link>
    </Hint>
  );
}
