import { type CLAIM_REASONS, MISSING_OUTCOMES, type TReceipt, type TReceiptLine } from '@reorder/schemas';

/**
 * Whether a line of a closed receipt is claimed (docs/decisions.md §9.4): some
 * of it is missing (short, damaged, wrong or refused, `received` below
 * `expected`), or it was charged above its expected price on what arrived.
 */
export function differs(line: TReceiptLine): boolean {
  const received = line.received ?? 0;
  const missing = MISSING_OUTCOMES.includes(line.outcome) && received < line.expected;
  const overcharged = line.chargedPrice !== null && line.expectedPrice !== null && line.chargedPrice > line.expectedPrice && received > 0;
  return missing || overcharged;
}

/** Whether a receipt offers a claim: closed, with a line that differs. */
export function claimable(receipt: TReceipt): boolean {
  return receipt.status === 'done' && receipt.lines.some(differs);
}

/** Why a line that differs is claimed: its outcome when some of it is missing, else `overcharged`. */
export function reasonOf(line: TReceiptLine): (typeof CLAIM_REASONS)[number] {
  const missing = MISSING_OUTCOMES.includes(line.outcome) && (line.received ?? 0) < line.expected;
  return missing ? (line.outcome as (typeof CLAIM_REASONS)[number]) : 'overcharged';
}
