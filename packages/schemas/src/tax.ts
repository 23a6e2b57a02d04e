import { z } from 'zod';
import { zSafeString } from './fields.ts';
import { hasAllowedDecimals } from './limits.ts';

/** The tax data of docs/decisions.md §9.6: a tax id (NIF, VAT number) of at most 20 characters, and rates 0 to 30 % with 2 decimals. */
export const TAX_LIMITS = { taxIdMax: 20, taxRateMax: 30, taxRateDecimals: 2 } as const;

/** A rate as it may be written: 0 to 30, at most 2 decimals (21, 10, 5.5). */
export const zTaxRateValue = (label = 'Tax rate') =>
  z
    .number({ error: `${label} must be a number from 0 to ${TAX_LIMITS.taxRateMax}` })
    .min(0, { error: `${label} must be 0 or more` })
    .max(TAX_LIMITS.taxRateMax, { error: `${label} must be at most ${TAX_LIMITS.taxRateMax}` })
    .refine((value) => hasAllowedDecimals(value, TAX_LIMITS.taxRateDecimals), {
      error: `${label} must have at most ${TAX_LIMITS.taxRateDecimals} decimals`,
    })
    .meta({ multipleOf: 0.01 });

/** A product's tax rate: 0 to 30 with 2 decimals, or null for the business's default. */
export const zProductTaxRate = zTaxRateValue()
  .nullable()
  .describe("The tax rate (VAT, IVA) in percent, 0 to 30 with at most 2 decimals; null for the business's default");

/** A tax id (NIF, CIF, VAT number): at most 20 characters, trimmed; missing or null is "". */
export const zTaxId = z
  .string({ error: 'Tax id must be text' })
  .meta({ maxLength: TAX_LIMITS.taxIdMax })
  .nullish()
  .transform((value) => value ?? '')
  .pipe(zSafeString('Tax id').max(TAX_LIMITS.taxIdMax, { error: `Tax id must be at most ${TAX_LIMITS.taxIdMax} characters` }))
  .describe(`The tax id (NIF, CIF, VAT number), at most ${TAX_LIMITS.taxIdMax} characters; "" or null for none`);

/** Xero's account code for bills when the business sets none (Xero's "Purchases", docs/decisions.md §9.6). */
export const XERO_ACCOUNT_CODE_DEFAULT = '300';

/**
 * Xero's tax type for a rate when the business names none (docs/decisions.md
 * §9.6): the names of Xero's own VAT rates on expenses ("20% (VAT on
 * Expenses)", "Zero Rated Expenses"), written for any rate.
 */
export function defaultXeroTaxType(rate: number): string {
  return rate === 0 ? 'Zero Rated Expenses' : `${rate}% (VAT on Expenses)`;
}

/** The Xero settings' limits: the account code's and a tax type's length, and how many rates get a name. */
export const XERO_LIMITS = { accountCodeMax: 10, taxTypeMax: 50, taxTypes: 20 } as const;

export const zXeroAccountCode = zSafeString('Xero account code')
  .min(1, { error: 'Xero account code is required' })
  .max(XERO_LIMITS.accountCodeMax, { error: `Xero account code must be at most ${XERO_LIMITS.accountCodeMax} characters` })
  .describe(`The account code of bill lines in the Xero export, at most 10 characters (default "${XERO_ACCOUNT_CODE_DEFAULT}")`);

export const ZXeroTaxType = z
  .object({
    rate: zTaxRateValue('Rate').describe('A tax rate in percent'),
    taxType: zSafeString('Tax type')
      .min(1, { error: 'Tax type is required' })
      .max(XERO_LIMITS.taxTypeMax, { error: `Tax type must be at most ${XERO_LIMITS.taxTypeMax} characters` })
      .describe('The name of that rate in Xero, as its bill import reads `*TaxType`'),
  })
  .meta({ id: 'XeroTaxType' });
export type TXeroTaxType = z.infer<typeof ZXeroTaxType>;

export const zXeroTaxTypes = z
  .array(ZXeroTaxType, { error: 'Xero tax types must be a list of {rate, taxType}' })
  .max(XERO_LIMITS.taxTypes, { error: `At most ${XERO_LIMITS.taxTypes} Xero tax types` })
  .refine((list) => new Set(list.map((item) => item.rate)).size === list.length, { error: 'Xero tax types must name each rate once' })
  .describe('The Xero tax type per rate; a rate not listed uses "<rate>% (VAT on Expenses)", or "Zero Rated Expenses" for 0');

/** The tax type of a rate in the Xero export: the business's own for that rate, else the default. */
export function xeroTaxTypeOf(rate: number, taxTypes: readonly TXeroTaxType[]): string {
  return taxTypes.find((item) => Math.round(item.rate * 100) === Math.round(rate * 100))?.taxType ?? defaultXeroTaxType(rate);
}

/** What the Xero export writes of a business (docs/decisions.md §9.6): `GET/PUT /business/accounting`. */
export const ZAccountingSettings = z
  .object({
    xeroAccountCode: z.string().describe(`The account code of bill lines in the Xero export ("${XERO_ACCOUNT_CODE_DEFAULT}" until set)`),
    xeroTaxTypes: z.array(ZXeroTaxType).describe('The Xero tax type named per rate ([] until set: the defaults per rate)'),
  })
  .meta({ id: 'AccountingSettings', description: "What the accountant's exports write of the business" });
export type TAccountingSettings = z.infer<typeof ZAccountingSettings>;

export const ZUpdateAccountingSettingsInput = z
  .object({ xeroAccountCode: zXeroAccountCode.optional(), xeroTaxTypes: zXeroTaxTypes.optional() })
  .meta({ id: 'UpdateAccountingSettingsInput', description: 'What changes; a field left out stays as it is' });
export type TUpdateAccountingSettingsInput = z.infer<typeof ZUpdateAccountingSettingsInput>;
