import type { Translation } from '../../lib/i18n.ts';
import type { OrderChange } from '../orders/changes.ts';
import type { Rejection } from './outbox-runtime.ts';

const REASONS = ['NOT_FOUND', 'BAD_REQUEST', 'CONFLICT', 'FORBIDDEN'];

/** A refused change in the owner's language: what it was, and why ("Lemons: quantity 3. It was deleted meanwhile…"). */
export function refusalText(t: Translation['t'], rejection: Pick<Rejection, 'change' | 'kind'>, supplier: string): string {
  const change: OrderChange = rejection.change;
  const what =
    change.kind === 'quantity'
      ? t('offline.change.quantity', { name: change.name, quantity: change.quantity })
      : change.kind === 'stock' || change.kind === 'par'
        ? t(`offline.change.${change.kind}`, { name: change.name })
        : t(`offline.change.${change.kind}`, { supplier });
  const reason = t(`offline.reason.${REASONS.includes(rejection.kind) ? rejection.kind : 'other'}`);
  return t('offline.rejected', { change: what, reason });
}
