import type { Translation } from '../../lib/i18n.ts';
import type { OrderChange } from './changes.ts';
import type { Rejection } from './outbox-runtime.ts';

/**
 * The refusals only the server can know (docs/decisions.md §9.1: a product
 * deleted meanwhile, a role, another device), each worded in en and es with
 * what happened and what to do; any other kind reads `other`. Typed keys: a
 * refusal without its text fails the type check, and refusal-text.test.ts
 * words each of them for every kind of change of the registry.
 */
export const REFUSAL_REASONS = ['NOT_FOUND', 'BAD_REQUEST', 'CONFLICT', 'FORBIDDEN', 'other'] as const;
export type TRefusalReason = (typeof REFUSAL_REASONS)[number];

/** The refusal reason an error's kind is worded by. */
export function refusalReason(kind: string): TRefusalReason {
  return (REFUSAL_REASONS as readonly string[]).includes(kind) ? (kind as TRefusalReason) : 'other';
}

/** A refused change in the owner's language: what it was, why, and what now ("Lemons: quantity 3. It was deleted meanwhile…"). */
export function refusalText(t: Translation['t'], rejection: Pick<Rejection, 'change' | 'kind'>, supplier: string): string {
  const change: OrderChange = rejection.change;
  const what =
    change.kind === 'quantity'
      ? t('offline.change.quantity', { name: change.name, quantity: change.quantity })
      : change.kind === 'stock' || change.kind === 'par'
        ? t(`offline.change.${change.kind}`, { name: change.name })
        : t(`offline.change.${change.kind}`, { supplier });
  return t('offline.rejected', { change: what, reason: t(`offline.reason.${refusalReason(rejection.kind)}`) });
}
