import { z } from 'zod';
import { zId, zSafeString } from './fields.ts';
import { LIMITS } from './limits.ts';
import { ZConfirmation, ZOrderProduct } from './order.ts';

/** What the supplier's page shows: the order as sent, from whom, and the answer so far. Nothing else of the owner. */
export const ZPublicConfirmation = z
  .object({
    businessName: z.string().describe('The business that sent the order'),
    supplierName: z.string().describe('Who it was sent to'),
    introduce: z.string().describe('The message above the order'),
    lines: z.array(ZOrderProduct).describe('The lines as they were sent'),
    sentAt: z.iso.datetime().describe('When it was sent (ISO 8601)'),
    expiresAt: z.iso.datetime().describe('Until when the answer can be given or changed (ISO 8601)'),
    confirmation: ZConfirmation.nullable().describe('The answer so far, or null'),
  })
  .meta({
    id: 'PublicConfirmation',
    description: 'A sent order as its supplier sees it on the confirmation page',
    example: {
      businessName: 'Café Luna',
      supplierName: 'Verduras Núñez',
      introduce: 'Hi Pepe, for tomorrow please:',
      lines: [
        { productId: 301, name: 'Tomatoes', unit: 'Kg', quantity: 2.5 },
        { productId: 302, name: 'Lemons', unit: 'Kg', quantity: 1 },
      ],
      sentAt: '2026-11-23T09:30:00.000Z',
      expiresAt: '2026-12-07T09:30:00.000Z',
      confirmation: null,
    },
  });
export type TPublicConfirmation = z.infer<typeof ZPublicConfirmation>;

/** The token of a link: any text (an unknown one is a 404, never a 400 that tells tokens apart). */
const zConfirmToken = z.string().max(200).describe('The token at the end of the confirmation link');

export const ZConfirmationTokenInput = z.object({ token: zConfirmToken });

const DELIVERY_DATE_ERROR = 'Delivery date must be a date like 2026-12-01';

export const ZAnswerConfirmationInput = z.object({
  token: zConfirmToken,
  unavailable: z
    .array(zId('Unavailable product id'), { error: 'Unavailable must be a list of product ids' })
    .max(LIMITS.productsPerSupplier, { error: 'Unavailable lists more products than an order has' })
    .transform((ids) => [...new Set(ids)])
    .describe('The product ids of the lines the supplier cannot deliver ([] when everything can be delivered)'),
  note: zSafeString('Note', { multiline: true })
    .max(LIMITS.messageMax, { error: `Note must be at most ${LIMITS.messageMax} characters` })
    .nullish()
    .transform((value) => value ?? '')
    .describe(`A note to the business, at most ${LIMITS.messageMax} characters`),
  deliveryDate: z.iso
    .date({ error: DELIVERY_DATE_ERROR })
    .nullish()
    .transform((value) => value ?? null)
    .describe('When the supplier will deliver (ISO date), or null'),
});
export type TAnswerConfirmationInput = z.infer<typeof ZAnswerConfirmationInput>;
