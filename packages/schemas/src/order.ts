import { z } from 'zod';
import { zId } from './fields.ts';
import { LIMITS } from './limits.ts';
import { zMessageService } from './supplier.ts';

export const ZOrderProduct = z
  .object({
    productId: z.number().int().describe('Product id'),
    name: z.string().describe('Product name'),
    unit: z.string().describe('Unit'),
    quantity: z.number().describe('Quantity in this order; 0 when not ordered'),
  })
  .meta({ id: 'OrderProduct' });

export const ZOrder = z
  .object({
    id: z.number().int().describe('Order id'),
    supplierId: z.number().int().describe('Supplier id'),
    introduce: z.string().describe('The message above the order, at most 300 characters'),
    products: z.array(ZOrderProduct).describe("Every product of the supplier's catalogue, sorted by name"),
    text: z.string().describe('The order as it is sent: the message, then "quantity x unit: name" per product above 0'),
  })
  .meta({ id: 'Order', description: "A supplier's current order" });
export type TOrder = z.infer<typeof ZOrder>;

export const ZOrderBySupplierInput = z.object({ supplierId: zId('Supplier id').describe('Supplier id') });

export const ZUpdateOrderInput = z.object({
  id: zId('Order id').describe('Order id'),
  // Required (it may be ""), so a body that forgets it cannot wipe the message.
  introduce: z
    .preprocess(
      (value) => (value === null ? '' : value),
      z
        .string({ error: 'Message is required (send "" for no message)' })
        .trim()
        .max(LIMITS.messageMax, { error: `Message must be at most ${LIMITS.messageMax} characters` }),
    )
    .describe('The message above the order, at most 300 characters ("" for none)'),
});

export const ZSentOrder = z
  .object({
    id: z.number().int().describe('Sent order id'),
    orderId: z.number().int().describe('The current order it was sent from'),
    supplierId: z.number().int().describe('Supplier id'),
    channel: zMessageService.describe('How it was sent'),
    text: z.string().describe('The exact text that was sent'),
    introduce: z.string().describe('The message above the order, as it was'),
    lines: z.array(ZOrderProduct).describe('The products with a quantity above 0, as they were (name and unit at the time)'),
    sentAt: z.string().describe('When it was sent (ISO 8601)'),
  })
  .meta({ id: 'SentOrder', description: 'An order as it was sent to the supplier' });
export type TSentOrder = z.infer<typeof ZSentOrder>;

export const ZSendOrderInput = z.object({
  id: zId('Order id').describe('Order id'),
  channel: zMessageService.optional().describe("How it is sent; the supplier's own service when left out"),
});

export const ZOrderHistoryInput = z.object({ id: zId('Order id').describe('Order id') });

export const ZSentOrderInput = z.object({
  id: zId('Order id').describe('Order id'),
  sentOrderId: zId('Sent order id').describe('Sent order id'),
});

export const ZReorderInput = z.object({
  id: zId('Order id').describe('Order id'),
  sentOrderId: zId('Sent order id').describe('The sent order whose quantities and message to restore'),
});
