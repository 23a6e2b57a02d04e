import { z } from 'zod';
import { zEmail, zId, zText } from './fields.ts';
import { LIMITS } from './limits.ts';
import { ROLES } from './roles.ts';
import { zTaxId, zTaxRateValue } from './tax.ts';

/** What a member may do (docs/decisions.md §8.2): owner > manager > staff. */
export const ZRole = z.enum(ROLES).describe('Role in the business: owner, manager or staff');
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
  .meta({ pattern: '^[A-Z]{3}$' })
  .describe('ISO 4217 currency code, e.g. EUR');

export const ZBusiness = z
  .object({
    id: z.number().int().describe('Business id: send it as `X-Business-Id` to act in this business'),
    name: z.string().describe('Name of the business'),
    role: ZRole.describe('Your role in it'),
    currency: z.string().describe('ISO 4217 currency code of its prices'),
    taxId: z.string().describe('Its tax id (NIF, CIF, VAT number; "" when none)'),
    defaultTaxRate: z.number().describe('The tax rate in percent of a product whose own `taxRate` is null (0 until set)'),
  })
  .meta({ id: 'Business', description: 'A business you are a member of, with your role in it' });
export type TBusiness = z.infer<typeof ZBusiness>;

export const zBusinessNameField = zText('Business name', LIMITS.nameMax).describe('Name of the business, 1 to 100 characters');

export const ZCreateBusinessInput = z.object({ name: zBusinessNameField }).meta({ id: 'CreateBusinessInput' });
export type TCreateBusinessInput = z.infer<typeof ZCreateBusinessInput>;

export const ZUpdateBusinessInput = z
  .object({
    name: zBusinessNameField.optional(),
    currency: zCurrency.optional(),
    taxId: zTaxId.optional(),
    defaultTaxRate: zTaxRateValue('Default tax rate')
      .optional()
      .describe('The tax rate in percent, 0 to 30 with 2 decimals, of products whose own rate is null'),
  })
  .meta({ id: 'UpdateBusinessInput', description: 'What changes; a field left out stays as it is' });
export type TUpdateBusinessInput = z.infer<typeof ZUpdateBusinessInput>;

export const ZMember = z
  .object({
    userId: z.number().int().describe('User id of the member'),
    fullName: z.string().describe('Full name'),
    email: z.string().describe('Email address'),
    role: ZRole,
    joinedAt: z.string().describe('When they joined the business (ISO 8601)'),
  })
  .meta({ id: 'Member', description: 'A member of the business' });
export type TMember = z.infer<typeof ZMember>;

export const ZMemberIdInput = z.object({ userId: zId('User id').describe('User id of the member') });
export const ZSetRoleInput = z
  .object({ userId: zId('User id').describe('User id of the member'), role: ZRole })
  .meta({ id: 'SetRoleInput' });

export const ZInvitation = z
  .object({
    id: z.number().int().describe('Invitation id'),
    email: z.string().describe('The address invited: only a signed-in user with this address, confirmed, can accept'),
    role: ZRole,
    createdAt: z.string().describe('When it was sent (ISO 8601)'),
    expiresAt: z.string().describe('When the link stops working (ISO 8601), 7 days after it was sent'),
  })
  .meta({ id: 'Invitation', description: 'An invitation to join the business, waiting for an answer' });
export type TInvitation = z.infer<typeof ZInvitation>;

export const ZInviteInput = z.object({ email: zEmail, role: ZRole }).meta({ id: 'InviteInput' });
export type TInviteInput = z.infer<typeof ZInviteInput>;

export const ZInvitationIdInput = z.object({ id: zId('Invitation id').describe('Invitation id') });

export const ZInvitationTokenInput = z.object({
  token: z
    .string()
    .trim()
    .min(1, 'Invitation token is required')
    .max(200, 'Invitation token is not valid')
    .describe('The token of the invitation link'),
});

export const ZInvitationView = z
  .object({
    businessName: z.string().describe('The business that invites'),
    role: ZRole.describe('The role offered'),
    email: z.string().describe('The address invited'),
  })
  .meta({ id: 'InvitationView', description: 'What an invitation link offers' });
export type TInvitationView = z.infer<typeof ZInvitationView>;
