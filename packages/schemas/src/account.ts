import { z } from 'zod';
import { ZApiToken } from './api-token.ts';
import { ZBill, ZBillFile } from './bill.ts';
import { zDateTime, zSafeString } from './fields.ts';
import { LIMITS } from './limits.ts';
import { ZOrderProduct, ZSentOrder } from './order.ts';
import { ZClaim, ZReceipt } from './receipt.ts';
import { ZStandingOrder } from './standing.ts';
import { ZSupplier } from './supplier.ts';
import { ZSessionInfo, ZUser } from './user.ts';
import { ZWebhook } from './webhook.ts';

/**
 * Everything of an owner's account as one JSON document (docs/decisions.md §7): what
 * the privacy policy promises for access and portability.
 */
export const ZAccountExport = z
  .object({
    exportedAt: zDateTime('When this copy was made (ISO 8601)'),
    profile: ZUser.extend({ createdAt: zDateTime('When the account was created (ISO 8601)') }).describe('The account'),
    suppliers: z
      .array(
        ZSupplier.extend({
          order: z
            .object({
              id: z.number().int().describe('Order id'),
              introduce: z.string().describe('The message above the order'),
              products: z.array(ZOrderProduct).describe("Every product of the supplier's catalogue, with its quantity in the order"),
              text: z.string().describe('The order text as it would be sent now'),
            })
            .describe("The supplier's current order"),
          history: z.array(ZSentOrder).describe('Every order sent to the supplier, newest first'),
        }),
      )
      .describe('The suppliers, each with its current order, its products and its history'),
    feedback: z
      .array(
        z.object({
          id: z.number().int().describe('Feedback id'),
          fullName: z.string().describe('Who sent it'),
          email: z.string().describe('Where to answer'),
          note: z.string().describe('The feedback'),
          createdAt: zDateTime('When it was sent (ISO 8601)'),
        }),
      )
      .describe('Feedback sent from the account'),
    devices: z.array(ZSessionInfo).describe('The devices signed in now'),
    apiTokens: z.array(ZApiToken).describe('The personal API tokens that work (never their secrets)'),
    webhooks: z.array(ZWebhook).describe("The business's webhook endpoints, for its owner (never their secrets)"),
    standingOrders: z.array(ZStandingOrder).describe("The business's standing orders, for its owner (docs/decisions.md §9.5)"),
    receipts: z
      .array(ZReceipt)
      .describe("The deliveries received, line by line, oldest first, for the business's owner (docs/decisions.md §9.4)"),
    claims: z
      .array(ZClaim)
      .describe("The claims made to suppliers and their answers, oldest first, for the business's owner (docs/decisions.md §9.4)"),
    bills: z
      .array(
        ZBill.extend({
          file: ZBillFile.extend({ content: z.string().describe('The file itself, in base64') })
            .nullable()
            .describe("The invoice's photo or PDF with its bytes, or null"),
        }),
      )
      .describe("The business's bills with their files, for its owner (docs/decisions.md §9.6)"),
  })
  .meta({ id: 'AccountExport', description: 'Everything of an account, for the owner to keep or take elsewhere' });
export type TAccountExport = z.infer<typeof ZAccountExport>;

export const ZDeleteAccountInput = z.object({
  currentPassword: zSafeString('Current password', {
    trim: false,
    allowBidi: true,
    typeError: 'Enter your current password to delete the account',
  })
    .max(LIMITS.passwordMax, { error: `Current password must be at most ${LIMITS.passwordMax} characters` })
    .describe('Your current password (an account without one needs a sign-in less than 15 minutes old instead)')
    .optional(),
});
