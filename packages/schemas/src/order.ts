import { z } from 'zod';
import { zDateTime, zId, zMemberRef, zNullAsEmpty, zQuantity, zSafeString } from './fields.ts';
import { LIMITS } from './limits.ts';
import { TOMATOES_STOCK_AND_PRICE } from './product.ts';
import { lineFields, zPrice, zProductName, zUnit } from './product-columns.ts';
import { ZUsual } from './standing.ts';
import { zMessageService } from './supplier.ts';

export const ZOrderProduct = z
  .object({
    productId: z.number().int().describe('Product id'),
    // name and unit, as product-columns.ts defines them on a line.
    ...lineFields('product'),
    quantity: z.number().describe('Quantity in this order; 0 when not ordered'),
  })
  .meta({ id: 'OrderProduct', example: { productId: 301, name: 'Tomatoes', unit: 'Kg', quantity: 2.5 } });

const TOMATOES_LINE = {
  productId: 301,
  name: 'Tomatoes',
  unit: 'Kg',
  quantity: 2.5,
  ...TOMATOES_STOCK_AND_PRICE,
  usual: { quantity: 2.5, low: 2, high: 3, weekday: 6, basedOn: 6 },
  lineTotal: 4.625,
};

const { priceChange, ...linePrice } = lineFields('catalogue');

/**
 * What a line of the current order carries of the catalogue (price, step,
 * note and the price change, from product-columns.ts) and of money
 * (docs/decisions.md §8.4); `lineTotal` sits before `priceChange`, where the
 * contract has always had it.
 */
const lineMoneyFields = {
  ...linePrice,
  lineTotal: z.number().nullable().describe('quantity × price, or null without a price'),
  priceChange,
};

/** A product of the current order: its line, what the owner knows of its stock, and its price. */
export const ZOrderLine = ZOrderProduct.extend(lineFields('stock'))
  // On a line, `usual` is the weekday's (docs/decisions.md §9.5), in the place §6.1's number had; a Product keeps the number.
  .extend({ usual: ZUsual })
  .extend(lineMoneyFields)
  .meta({ id: 'OrderLine', example: TOMATOES_LINE });
export type TOrderLine = z.infer<typeof ZOrderLine>;

/** "Ready to send" on an order (docs/decisions.md §9.3): who said it and when; null once the order is sent or changed. */
export const ZOrderReady = z
  .object({
    by: z
      .object({ userId: z.number().int().describe('User id'), fullName: z.string().describe('Full name') })
      .describe('The member who said the order is ready'),
    at: zDateTime('When they said it (ISO 8601)'),
  })
  .nullable()
  .describe(
    '"Ready to send": who said the order is ready, and when; null when nobody did, or once the order was sent or changed (a quantity or the message) after it',
  );
export type TOrderReady = z.infer<typeof ZOrderReady>;

export const ZOrder = z
  .object({
    id: z.number().int().describe('Order id'),
    supplierId: z.number().int().describe('Supplier id'),
    introduce: z.string().describe('The message above the order, at most 300 characters'),
    products: z.array(ZOrderLine).describe("Every product of the supplier's catalogue, sorted by name"),
    text: z
      .string()
      .describe(
        'The order text: the message, then "quantity x unit: name" per product above 0 (in the owner\'s language\'s decimal mark); with showPrices, " · amount" after each priced line and a last "Total: amount" line',
      ),
    total: z.number().describe('The sum of quantity × price over the lines with a price (0 when none)'),
    unpricedLines: z.number().int().describe('How many lines with a quantity above 0 have no price'),
    currency: z.string().describe("The business's currency (ISO 4217) that prices and totals are in"),
    showPrices: z.boolean().describe("The supplier's showPrices: whether the text gives each line's amount and a total"),
    confirmUrl: z
      .string()
      .nullable()
      .describe(
        "The link the next send's text will end with (after a blank line, in one line inviting the supplier to confirm), or null when the supplier's askConfirmation is off",
      ),
    ready: ZOrderReady,
  })
  .meta({
    id: 'Order',
    description: "A supplier's current order",
    example: {
      id: 12,
      supplierId: 12,
      introduce: 'Hi Pepe, for tomorrow please:',
      products: [
        {
          productId: 302,
          name: 'Lemons',
          unit: 'Kg',
          quantity: 0,
          par: null,
          onHand: null,
          countedAt: null,
          countedBy: null,
          usual: { quantity: 1, low: 1, high: 2, weekday: 6, basedOn: 4 },
          price: null,
          step: null,
          note: '',
          lineTotal: null,
          priceChange: null,
        },
        TOMATOES_LINE,
      ],
      text: 'Hi Pepe, for tomorrow please:\n2.5 x Kg: Tomatoes',
      total: 4.625,
      unpricedLines: 0,
      currency: 'EUR',
      showPrices: false,
      confirmUrl: 'https://reorder.example/confirm/Yq3vX0m2kR8tLw5nB1cZp7sD',
      ready: { by: { userId: 9, fullName: 'Javi Ruiz' }, at: '2026-11-23T09:42:00.000Z' },
    },
  });
export type TOrder = z.infer<typeof ZOrder>;

export const ZFillOrderInput = z.object({ id: zId('Order id').describe('Order id') });

export const ZFillResult = z
  .object({
    order: ZOrder,
    filled: z.number().int().describe('How many products had a par and a count, and got quantity = max(0, par − on hand)'),
    skipped: z.number().int().describe('How many products were left alone: no par, or never counted'),
  })
  .meta({ id: 'FillResult', description: 'The order after "Fill to par"' });
export type TFillResult = z.infer<typeof ZFillResult>;

export const ZOrderBySupplierInput = z.object({ supplierId: zId('Supplier id').describe('Supplier id') });

/** The message above an order: at most 300 characters ("" for none). */
const zMessage = zSafeString('Message', { multiline: true }).max(LIMITS.messageMax, {
  error: `Message must be at most ${LIMITS.messageMax} characters`,
});

export const ZUpdateOrderInput = z.object({
  id: zId('Order id').describe('Order id'),
  // Required (it may be ""), so a body that forgets it cannot wipe the message.
  introduce: zNullAsEmpty(zMessage, 'Message is required (send "" for no message)', { maxLength: LIMITS.messageMax }).describe(
    'The message above the order, at most 300 characters ("" for none)',
  ),
});

/** What a supplier answers to a sent order (docs/decisions.md §6.4). */
export const CONFIRMATION_STATUSES = ['confirmed', 'partial', 'declined'] as const;
export type TConfirmationStatus = (typeof CONFIRMATION_STATUSES)[number];

/** Each supplier's current order at a glance, for the orders list. */
export const ZOrderSummary = z
  .object({
    id: z.number().int().describe('Order id'),
    supplierId: z.number().int().describe('Supplier id'),
    lines: z.number().int().describe('How many products have a quantity above 0; 0 when the order is empty'),
    lastSentAt: zDateTime('When the order was last sent (ISO 8601)')
      .nullable()
      .describe('When the order was last sent (ISO 8601), or null when never'),
    lastAnswer: z
      .object({
        status: z
          .enum(['pending', 'unanswered', ...CONFIRMATION_STATUSES])
          .describe('"pending" (asked, no answer yet, the link still works), "unanswered" (its link expired), or the answer\'s status'),
        missing: z.array(z.string()).describe('The names of the lines the supplier cannot deliver, as sent'),
        changed: z.number().int().describe('How many lines the supplier answered differently (another quantity, a price, a substitute)'),
      })
      .nullable()
      .describe('What the supplier answered to the last send, or null when it was never sent or asked no confirmation'),
    ready: ZOrderReady,
    claims: z
      .object({
        open: z.number().int().describe('How many claims to this supplier are not closed yet'),
        owed: z.number().describe('What the supplier owes: the amounts of the claims open or credited, not yet closed'),
      })
      .describe('The claims to this supplier not closed yet (docs/decisions.md §9.4): "Te deben 23,40 € (2 reclamaciones)"'),
  })
  .meta({
    id: 'OrderSummary',
    description: "A supplier's current order at a glance",
    example: {
      id: 12,
      supplierId: 12,
      lines: 5,
      lastSentAt: '2026-11-23T09:30:00.000Z',
      lastAnswer: { status: 'partial', missing: ['Strawberries'], changed: 1 },
      ready: { by: { userId: 9, fullName: 'Javi Ruiz' }, at: '2026-11-23T09:42:00.000Z' },
      claims: { open: 2, owed: 23.4 },
    },
  });
export type TOrderSummary = z.infer<typeof ZOrderSummary>;

/** The supplier's answer to a sent order (docs/decisions.md §6.4). */
/** A line as the supplier answered it (docs/decisions.md §8.4). */
export const ZAnsweredLine = z
  .object({
    productId: z.number().int().describe('The product of the sent line'),
    quantity: z.number().describe('What the supplier will deliver (0: not available)'),
    price: z.number().nullable().describe('The price per unit the supplier confirmed, or null when they gave none'),
    substitute: z.string().describe('What the supplier offers instead ("" when nothing)'),
    priceBefore: z.number().nullable().describe('The price the line was sent with, or null'),
    rise: z.boolean().describe('Whether the confirmed price is 5% or more above the price it was sent with'),
  })
  .meta({ id: 'AnsweredLine' });
export type TAnsweredLine = z.infer<typeof ZAnsweredLine>;

export const ZConfirmation = z
  .object({
    status: z
      .enum(CONFIRMATION_STATUSES)
      .describe('"confirmed" (nothing unavailable), "partial" (some lines unavailable) or "declined" (every line unavailable)'),
    respondedAt: z.iso.datetime().describe('When the supplier last answered (ISO 8601)'),
    note: z.string().describe('The supplier\'s note ("" when none)'),
    deliveryDate: z.iso.date().nullable().describe('The delivery date the supplier gave (ISO date), or null'),
    unavailable: z.array(z.number().int()).describe('The product ids the supplier cannot deliver'),
    lines: z
      .array(ZAnsweredLine)
      .describe(
        'The lines the supplier answered differently from what was sent: another quantity, a price, or a substitute ([] when none)',
      ),
  })
  .meta({
    id: 'Confirmation',
    description: "The supplier's answer to a sent order",
    example: {
      status: 'partial',
      respondedAt: '2026-11-23T10:02:00.000Z',
      note: 'No lemons this week',
      deliveryDate: '2026-11-24',
      unavailable: [302],
      lines: [
        { productId: 302, quantity: 0, price: null, substitute: 'Limes instead?', priceBefore: null, rise: false },
        { productId: 301, quantity: 2, price: 2.05, substitute: '', priceBefore: 1.85, rise: true },
      ],
    },
  });
export type TConfirmation = z.infer<typeof ZConfirmation>;

/** The status an answer has: none unavailable is confirmed, all is declined, else partial. */
export function confirmationStatus(unavailable: number, lines: number): TConfirmationStatus {
  if (unavailable === 0) return 'confirmed';
  return unavailable >= lines ? 'declined' : 'partial';
}

/** A line as it was sent: its price then (null when it had none) and quantity × price. */
export const ZSentLine = ZOrderProduct.extend({
  price: z.number().nullable().describe('The price per unit it was sent with, or null when it had none'),
  lineTotal: z.number().nullable().describe('quantity × price, or null without a price'),
}).meta({
  id: 'SentLine',
  example: { productId: 301, name: 'Tomatoes', unit: 'Kg', quantity: 2.5, price: 1.85, lineTotal: 4.625 },
});
export type TSentLine = z.infer<typeof ZSentLine>;

export const ZSentOrder = z
  .object({
    id: z.number().int().describe('Sent order id'),
    orderId: z.number().int().describe('The current order it was sent from'),
    supplierId: z.number().int().describe('Supplier id'),
    channel: zMessageService.describe('How it was sent'),
    text: z
      .string()
      .describe(
        'The exact text that was sent: the order text, then (when the supplier was asked to confirm) a blank line and the line with confirmUrl',
      ),
    introduce: z.string().describe('The message above the order, as it was'),
    lines: z.array(ZSentLine).describe('The products with a quantity above 0, as they were (name, unit and price at the time)'),
    total: z.number().describe('quantity × price over the lines that had a price, as sent (0 when none)'),
    unpricedLines: z.number().int().describe('How many of its lines had no price'),
    currency: z.string().describe('The currency its prices were in (ISO 4217)'),
    sentAt: zDateTime('When it was sent (ISO 8601)'),
    confirmUrl: z
      .string()
      .nullable()
      .describe(
        "The link at the end of the text where the supplier confirms (it works 14 days), or null when the supplier's askConfirmation was off",
      ),
    confirmation: ZConfirmation.nullable().describe("The supplier's answer, or null until they answer"),
    sentBy: zMemberRef('The member who sent it; null for sends before teams, once that user is gone, or when the standing order sent it'),
    byStandingOrder: z
      .boolean()
      .describe('Whether the standing order sent it by itself, by email before the cut-off ("Pedido fijo", docs/decisions.md §9.5)'),
  })
  .meta({
    id: 'SentOrder',
    description: 'An order as it was sent to the supplier',
    example: {
      id: 40,
      orderId: 12,
      supplierId: 12,
      channel: 'whatsapp',
      text: "Hi Pepe, for tomorrow please:\n2.5 x Kg: Tomatoes\n\nPlease confirm this order and mark anything you can't supply here: https://reorder.example/confirm/Yq3vX0m2kR8tLw5nB1cZp7sD",
      introduce: 'Hi Pepe, for tomorrow please:',
      lines: [{ productId: 301, name: 'Tomatoes', unit: 'Kg', quantity: 2.5, price: 1.85, lineTotal: 4.625 }],
      total: 4.625,
      unpricedLines: 0,
      currency: 'EUR',
      sentAt: '2026-11-23T09:30:00.000Z',
      confirmUrl: 'https://reorder.example/confirm/Yq3vX0m2kR8tLw5nB1cZp7sD',
      confirmation: null,
      sentBy: { userId: 7, fullName: 'Marta López' },
      byStandingOrder: false,
    },
  });
export type TSentOrder = z.infer<typeof ZSentOrder>;

/** The longest order text: the message plus a line for each of the most products a supplier can have. */
export const ORDER_TEXT_MAX = LIMITS.messageMax + LIMITS.productsPerSupplier * (LIMITS.nameMax + LIMITS.unitMax + 16);

/** A line of an order as a device sent it (docs/decisions.md §8.1). */
export const ZSentLineInput = z.object({
  productId: zId('Product id').describe('The product (kept by its name and unit if it is deleted meanwhile)'),
  name: zProductName,
  unit: zUnit,
  quantity: zQuantity.describe('The quantity sent; lines at 0 are left out of the text and of the record'),
  price: zPrice
    .optional()
    .describe(
      "The price per unit the line was sent with (null for none); when left out, the product's price now (null for a product deleted meanwhile)",
    ),
});
export type TSentLineInput = z.infer<typeof ZSentLineInput>;

export const ZSendOrderInput = z.object({
  id: zId('Order id').describe('Order id'),
  channel: zMessageService.optional().describe("How it is sent; the supplier's own service when left out"),
  text: zSafeString('Text', { multiline: true, trim: false, allowBidi: true, typeError: 'Text must be the order text that was sent' })
    .max(ORDER_TEXT_MAX, { error: 'Text is longer than any order text' })
    .optional()
    .describe(
      "The exact text that was opened in the supplier's app, with or without the line of its confirmation link. With `lines`, it must be the text that `introduce` and `lines` make (400 otherwise). Without `lines`, the order must still make exactly this text, else 409 and nothing is recorded, so the history never differs from what the supplier got.",
    ),
  introduce: zMessage
    .optional()
    .describe('With `lines`: the message above the order as it was sent ("" when left out). Ignored without `lines`.'),
  lines: z
    .array(ZSentLineInput)
    .max(LIMITS.productsPerSupplier, { error: `An order has at most ${LIMITS.productsPerSupplier} lines` })
    .refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, {
      error: 'Each product may appear only once in lines',
    })
    .optional()
    .describe(
      'What the device actually sent, in the order it listed them. The server records exactly these lines and `introduce` as the sent order, whatever the current order holds by then (a product deleted meanwhile keeps its name and unit), and the confirmation link in `text` stays valid for this sent order. Without `lines`, the order is recorded as it stands.',
    ),
  sentAt: z.iso
    .datetime({ offset: true, error: 'Sent at must be a date and time (ISO 8601)' })
    .optional()
    .describe(
      `When the text was really opened in the supplier's app, for a send recorded later (an app that was offline): at most ${LIMITS.sentAtMaxAgeDays} days ago and at most ${LIMITS.sentAtMaxAheadMinutes} minutes ahead of the server's clock, with or without \`lines\` (400 otherwise); a time ahead within that is taken as now. Now when left out.`,
    ),
});
export type TSendOrderInput = z.infer<typeof ZSendOrderInput>;

export const ZOrderHistoryInput = z.object({ id: zId('Order id').describe('Order id') });

export const ZSentOrderInput = z.object({
  id: zId('Order id').describe('Order id'),
  sentOrderId: zId('Sent order id').describe('Sent order id'),
});

export const REORDER_MODES = ['replace', 'add'] as const;
export type TReorderMode = (typeof REORDER_MODES)[number];

export const ZReorderInput = z.object({
  id: zId('Order id').describe('Order id'),
  sentOrderId: zId('Sent order id').describe('The sent order whose quantities and message to restore'),
  mode: z
    .enum(REORDER_MODES, { error: 'Mode must be "replace" or "add"' })
    .default('replace')
    .describe(
      '"replace" (the default): the order becomes the sent one, its message too. "add": the sent quantities are added to the current ones (at most 99999 each), and the current message stays unless it is empty.',
    ),
});

export const ZRestoreOrderInput = z.object({
  id: zId('Order id').describe('Order id'),
  introduce: zNullAsEmpty(zMessage, 'Message is required (send "" for no message)', { maxLength: LIMITS.messageMax }).describe(
    'The message above the order, at most 300 characters ("" for none)',
  ),
  lines: z
    .array(z.object({ productId: zId('Product id').describe('Product id'), quantity: zQuantity }))
    .max(LIMITS.productsPerSupplier, { error: `An order has at most ${LIMITS.productsPerSupplier} lines` })
    .refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, {
      error: 'Each product may appear only once in lines',
    })
    .describe('The quantities to set; every other product of the order goes to 0, and products deleted since are skipped'),
});
