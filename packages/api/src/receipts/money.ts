import type { StoredClaimLine } from '@reorder/db';
import { MISSING_OUTCOMES, type TReceiptLine } from '@reorder/schemas';
import { cents } from '../platform/cents.ts';

/** What one line of a closed receipt claims: the missing quantity at the expected price, plus any overcharge on what arrived; null when nothing. */
export function claimLineOf(line: TReceiptLine): StoredClaimLine | null {
  const received = line.received ?? 0;
  const missing = MISSING_OUTCOMES.includes(line.outcome) ? Math.max(0, Math.round((line.expected - received) * 1000) / 1000) : 0;
  const overcharge =
    line.chargedPrice !== null && line.expectedPrice !== null && line.chargedPrice > line.expectedPrice
      ? Math.round((line.chargedPrice - line.expectedPrice) * 10_000) / 10_000
      : 0;
  let amount = 0n;
  if (missing > 0 && line.expectedPrice !== null) amount += cents(missing, line.expectedPrice);
  if (overcharge > 0 && received > 0) amount += cents(received, overcharge);
  if (missing === 0 && (overcharge === 0 || received === 0)) return null;
  const reason = missing > 0 ? (line.outcome as StoredClaimLine['reason']) : 'overcharged';
  return { productId: line.productId, quantity: missing, amount: Number(amount) / 100, reason };
}

/** The sum of claim lines, to the cent. */
export function claimTotal(lines: readonly StoredClaimLine[]): number {
  return Number(lines.reduce((sum, line) => sum + BigInt(Math.round(line.amount * 100)), 0n)) / 100;
}
