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
