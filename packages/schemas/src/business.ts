import { z } from 'zod';
import { zText } from './fields.ts';
import { LIMITS } from './limits.ts';

/** What a member may do (docs/decisions.md §8.2): owner > manager > staff. */
export const ZRole = z.enum(['owner', 'manager', 'staff']).describe('Role in the business: owner, manager or staff');
export type TRole = z.infer<typeof ZRole>;

/** ISO 4217 codes this runtime knows (Intl), e.g. EUR, USD, MXN. */
const CURRENCIES = new Set(
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : ['EUR', 'USD', 'GBP', 'MXN'],
);

export const zCurrency = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => /^[A-Z]{3}$/.test(code) && CURRENCIES.has(code), { message: 'Currency must be an ISO 4217 code, e.g. EUR' })
  .describe('ISO 4217 currency code, e.g. EUR');

export const ZBusiness = z
  .object({
    id: z.number().int().describe('Business id: send it as `X-Business-Id` to act in this business'),
    name: z.string().describe('Name of the business'),
    role: ZRole.describe('Your role in it'),
    currency: z.string().describe('ISO 4217 currency code of its prices'),
  })
  .meta({ id: 'Business', description: 'A business you are a member of, with your role in it' });
export type TBusiness = z.infer<typeof ZBusiness>;

export const zBusinessNameField = zText('Business name', LIMITS.nameMax).describe('Name of the business, 1 to 100 characters');

export const ZCreateBusinessInput = z.object({ name: zBusinessNameField }).meta({ id: 'CreateBusinessInput' });
export type TCreateBusinessInput = z.infer<typeof ZCreateBusinessInput>;

export const ZUpdateBusinessInput = z
  .object({ name: zBusinessNameField.optional(), currency: zCurrency.optional() })
  .meta({ id: 'UpdateBusinessInput', description: 'What changes; a field left out stays as it is' });
export type TUpdateBusinessInput = z.infer<typeof ZUpdateBusinessInput>;
