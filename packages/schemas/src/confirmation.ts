import { z } from 'zod';
import { zId, zQuantity, zSafeString } from './fields.ts';
import { LIMITS } from './limits.ts';
import { ZConfirmation, ZSentLine } from './order.ts';
import { zPrice } from './product-columns.ts';

/** What the supplier's page shows: the order as sent, from whom, and the answer so far. Nothing else of the owner. */
export const ZPublicConfirmation = z
  .object({
    businessName: z.string().describe('The business that sent the order'),
    supplierName: z.string().describe('Who it was sent to'),
    introduce: z.string().describe('The message above the order'),
    lines: z
      .array(ZSentLine.extend({ note: z.string().describe('The product\'s note for whoever prepares the order ("" when none)') }))
      .describe("The lines as they were sent, with each product's note; their prices only when showPrices is on (else null)"),
    showPrices: z
      .boolean()
      .describe('Whether the business shares its prices with this supplier: the page shows and takes prices only then'),
    currency: z.string().describe('The currency of the prices (ISO 4217)'),
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
        { productId: 301, name: 'Tomatoes', unit: 'Kg', quantity: 2.5, price: 1.85, lineTotal: 4.625, note: 'The ripe ones' },
        { productId: 302, name: 'Lemons', unit: 'Kg', quantity: 1, price: null, lineTotal: null, note: '' },
      ],
      showPrices: true,
      currency: 'EUR',
      sentAt: '2026-11-23T09:30:00.000Z',
      expiresAt: '2026-12-07T09:30:00.000Z',
      confirmation: null,
    },
  });
export type TPublicConfirmation = z.infer<typeof ZPublicConfirmation>;

/** The token of a link: any text (an unknown one is a 404, never a 400 that tells tokens apart). */
const zConfirmToken = z.string().max(200).describe('The token at the end of the confirmation link');

export const ZConfirmationTokenInput = z.object({ token: zConfirmToken });

/** A line as the supplier answers it (docs/decisions.md §8.4). */
export const ZAnswerLineInput = z.object({
  productId: zId('Product id').describe('A product of the sent order'),
  quantity: zQuantity.describe('What the supplier will deliver, 0 to 99999 with at most 3 decimals (0 = not available)'),
  price: zPrice.optional().describe('The price per unit the supplier confirms (0 to 1000000, 4 decimals); null or left out for none'),
  substitute: zSafeString('Substitute')
    .max(LIMITS.substituteMax, { error: `Substitute must be at most ${LIMITS.substituteMax} characters` })
    .nullish()
    .transform((value) => value ?? '')
    .describe(`What the supplier offers instead, at most ${LIMITS.substituteMax} characters`),
});

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
  lines: z
    .array(ZAnswerLineInput, { error: 'Lines must be a list of {productId, quantity}' })
    .max(LIMITS.productsPerSupplier, { error: 'Lines lists more products than an order has' })
    .refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, {
      error: 'Each product may appear only once in lines',
    })
    .optional()
    .describe(
      "The supplier's answer line by line (any lines left out are delivered as sent): the quantity they will deliver (0 = not available, as if listed in `unavailable`), the price per unit (only when showPrices is on; it becomes the product's price), and a substitute note",
    ),
});
export type TAnswerConfirmationInput = z.infer<typeof ZAnswerConfirmationInput>;
