import { TAX_LIMITS } from '@reorder/schemas';
import { hasAllowedDecimals, readTypedNumber } from '@reorder/schemas/limits';
import { z } from 'zod';

/**
 * An amount as typed (a par, a price, a step, a minimum): blank is none
 * (null), else a number with at most `decimals` decimals, with a decimal
 * comma or point ("2,5" is 2.5), that `ok` accepts; `rule` names the words
 * the form shows for anything else (forms/issues.ts).
 */
export const zAmountText = (rule: string, message: string, decimals: number, ok: (value: number) => boolean) =>
  z
    .string()
    .trim()
    .transform((text, ctx) => {
      if (text === '') return null;
      const value = readTypedNumber(text);
      if (value === undefined || !hasAllowedDecimals(value, decimals) || !ok(value)) {
        ctx.addIssue({ code: 'custom', message, params: { rule } });
        return z.NEVER;
      }
      return value;
    });

/** A tax rate as typed (a product's, the business's default, a Xero tax type's): 0 to 30, 2 decimals; blank is none. */
export const zTaxRateText = zAmountText(
  'taxRate',
  'Must be a tax rate',
  TAX_LIMITS.taxRateDecimals,
  (value) => value <= TAX_LIMITS.taxRateMax,
);
