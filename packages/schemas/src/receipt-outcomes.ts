/**
 * The words of receiving (docs/decisions.md §9.4) without zod, so the order
 * screens that check a delivery in (the web app's features/receiving) do not
 * download it.
 */

/** How a line of a delivery turned out (docs/decisions.md §9.4); `pending` until it is checked. */
export const RECEIPT_OUTCOMES = ['pending', 'ok', 'short', 'damaged', 'wrong', 'substituted', 'extra', 'refused'] as const;
export type TReceiptOutcome = (typeof RECEIPT_OUTCOMES)[number];
/** The outcomes a member may set (every one but `pending`). */
export const CHECKED_OUTCOMES = ['ok', 'short', 'damaged', 'wrong', 'substituted', 'extra', 'refused'] as const;
export type TCheckedOutcome = (typeof CHECKED_OUTCOMES)[number];
/** Lines whose `received` arrived usable: closing adds it to the product's count. */
export const STOCKED_OUTCOMES: readonly TReceiptOutcome[] = ['ok', 'short', 'substituted', 'extra'];
/** Lines whose missing quantity (`expected − received`) is claimed and may be brought next time. */
export const MISSING_OUTCOMES: readonly TReceiptOutcome[] = ['short', 'damaged', 'wrong', 'refused'];
export const RECEIPT_STATUSES = ['checking', 'done'] as const;
export const CLAIM_STATUSES = ['open', 'credited', 'redelivered', 'rejected', 'closed'] as const;
export const CLAIM_ANSWERS = ['credit', 'redeliver', 'dispute'] as const;
/** A claim line's reason: the line's outcome, or `overcharged` for a line claimed only for its price. */
export const CLAIM_REASONS = ['short', 'damaged', 'wrong', 'refused', 'overcharged'] as const;
/** How long a receipt may be reopened after it was closed, and a claim's link answered after it was made. */
export const RECEIPT_REOPEN_DAYS = 7;
export const CLAIM_ANSWER_DAYS = 14;
