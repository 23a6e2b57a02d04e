import { formatAmount } from '@reorder/schemas/order-text';

/** A stored amount as a field shows it: blank for none, else with the language's decimal mark ("2,5" in Spanish). */
export const amountText = (value: number | null | undefined, language: 'en' | 'es', decimals?: number) =>
  value === null || value === undefined ? '' : formatAmount(value, language, decimals);
