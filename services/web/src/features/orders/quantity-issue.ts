import { formatAmount } from '@reorder/schemas/order-text';
import type { TTypedQuantity } from '@reorder/schemas/quantities';
import type { Translation } from '../../lib/i18n.ts';

export type TFieldIssue = Extract<TTypedQuantity, { issue: unknown }>['issue'];

/** What is wrong with a quantity field, in the owner's language: "Huevos se venden de 6 en 6" (docs/decisions.md §9.1). */
export function quantityIssueText({ t, i18n }: Translation, issue: TFieldIssue, name: string): string {
  switch (issue.kind) {
    case 'offStep':
      return t('orders.quantityIssue.offStep', { name, step: formatAmount(issue.step, i18n.language) });
    case 'negative':
      return t('orders.quantityIssue.negative');
    case 'tooLarge':
      return t('orders.quantityIssue.tooLarge', { max: formatAmount(issue.max, i18n.language) });
    case 'decimals':
      return t('orders.quantityIssue.decimals', { count: issue.decimals });
    case 'notNumber':
      return t('orders.quantityIssue.notNumber', { max: formatAmount(issue.max, i18n.language) });
  }
}
