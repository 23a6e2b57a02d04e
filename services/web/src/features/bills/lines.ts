import { BILL_LIMITS, TAX_LIMITS, type TBillLine, type TBillLineInput } from '@reorder/schemas';
import { hasAllowedDecimals, LIMITS, readTypedNumber } from '@reorder/schemas/limits';
import { amountText } from '../../lib/amount.ts';

/** A bill line as its fields hold it: the amounts as typed, with a decimal comma or point. */
export interface LineDraft {
  /** A stable key for React while lines come and go. */
  key: number;
  productId: number | null;
  description: string;
  quantity: string;
  unitPrice: string;
  taxRate: string;
}

export type LineField = 'description' | 'quantity' | 'unitPrice' | 'taxRate';
/** What is wrong with a field, by the keys the screen words (`validation.*`, `tax.rateInvalid`). */
export type LineProblem = 'required' | 'quantity' | 'price' | 'taxRate' | 'tooLong';
export type LineProblems = Partial<Record<LineField, LineProblem>>;

let keys = 0;
export const nextKey = () => ++keys;

/** The bill's lines as fields start, in the reader's language. */
export function draftsOf(lines: TBillLine[], language: 'en' | 'es'): LineDraft[] {
  return lines.map((line) => ({
    key: nextKey(),
    productId: line.productId,
    description: line.description,
    quantity: amountText(line.quantity, language),
    unitPrice: amountText(line.unitPrice, language, LIMITS.priceDecimals),
    taxRate: amountText(line.taxRate, language),
  }));
}

/** A new line of its own (transport, a deposit): no product, the business's default rate. */
export function blankLine(defaultRate: number, language: 'en' | 'es'): LineDraft {
  return { key: nextKey(), productId: null, description: '', quantity: '1', unitPrice: '', taxRate: amountText(defaultRate, language) };
}

const number = (text: string, decimals: number, max: number) => {
  const value = readTypedNumber(text.trim());
  return value !== undefined && value >= 0 && value <= max && hasAllowedDecimals(value, decimals) ? value : undefined;
};

/**
 * The lines as the API takes them, or each line's problems: the rules of
 * ZBillLineInput (docs/decisions.md §9.6), told per field.
 */
export function readLines(drafts: LineDraft[]): { lines: TBillLineInput[] } | { problems: LineProblems[] } {
  const lines: TBillLineInput[] = [];
  const problems: LineProblems[] = [];
  for (const draft of drafts) {
    const problem: LineProblems = {};
    const description = draft.description.trim();
    if (draft.productId === null && !description) problem.description = 'required';
    if (description.length > BILL_LIMITS.descriptionMax) problem.description = 'tooLong';
    const quantity = number(draft.quantity, LIMITS.quantityDecimals, LIMITS.quantityMax);
    if (quantity === undefined) problem.quantity = 'quantity';
    const unitPrice = number(draft.unitPrice, LIMITS.priceDecimals, LIMITS.priceMax);
    if (unitPrice === undefined) problem.unitPrice = 'price';
    const taxRate = number(draft.taxRate, TAX_LIMITS.taxRateDecimals, TAX_LIMITS.taxRateMax);
    if (taxRate === undefined) problem.taxRate = 'taxRate';
    problems.push(problem);
    if (quantity !== undefined && unitPrice !== undefined && taxRate !== undefined)
      lines.push({ productId: draft.productId, ...(description ? { description } : {}), quantity, unitPrice, taxRate });
  }
  return problems.some((p) => Object.keys(p).length > 0) ? { problems } : { lines };
}

/** A line's amount as typed so far (quantity × unit price, to the cent), or undefined while a field does not read. */
export function draftAmount(draft: LineDraft): number | undefined {
  const quantity = readTypedNumber(draft.quantity.trim());
  const price = readTypedNumber(draft.unitPrice.trim());
  return quantity === undefined || price === undefined ? undefined : Math.round(quantity * price * 100) / 100;
}
