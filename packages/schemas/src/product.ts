import { z } from 'zod';
import { AMOUNT_STEP, PRICE_STEP, zAmount, zCount, zDateTime, zId, zMemberRef, zQuantity, zSafeString, zSearch, zText } from './fields.ts';
import { hasAllowedDecimals, LIMITS } from './limits.ts';

/** What an owner knows of a product's stock (docs/decisions.md §6.1), on Product and on an Order's products. */
export const stockFields = {
  par: z.number().nullable().describe('The stock wanted after a delivery, or null when not set'),
  onHand: z.number().nullable().describe('The last count of the stock, or null when never counted'),
  countedAt: zDateTime('When it was last counted (ISO 8601)').nullable().describe('When it was last counted (ISO 8601), or null'),
  countedBy: zMemberRef('The member who counted it last; null when never counted, counted before teams, or that user is gone'),
  usual: z
    .number()
    .nullable()
    .describe('The median quantity of the last 4 sends of this order that had this product, or null when none had it'),
};

/** The tomatoes of the examples: their stock and price, on a Product and on an order's line alike. */
export const TOMATOES_STOCK_AND_PRICE = {
  par: 6,
  onHand: 3.5,
  countedAt: '2026-11-23T08:15:00.000Z',
  countedBy: { userId: 7, fullName: 'Marta López' },
  usual: 2.5,
  price: 1.85,
  step: null,
  note: 'The ripe ones',
  priceChange: { from: 1.7, to: 1.85, percent: 8.8, at: '2026-11-20T09:30:00.000Z' },
};

/** A product's last big price change (docs/decisions.md §8.4), on the product and on its order line. */
export const zPriceChange = z
  .object({
    from: z.number().describe('The price before'),
    to: z.number().describe('The price it changed to'),
    percent: z.number().describe('The change in percent, one decimal: 7.5 for a rise, -10 for a drop'),
    at: zDateTime('When the price changed (ISO 8601)'),
  })
  .nullable()
  .meta({ id: 'PriceChange' })
  .describe('The latest rise or drop of 5% or more in the last 30 days, or null');

/** What the catalogue keeps of a product beside its name and unit (docs/decisions.md §8.3, §8.4). */
export const catalogueFields = {
  price: z.number().nullable().describe("The price per unit in the business's currency, or null when unknown"),
  step: z.number().nullable().describe('The smallest amount the supplier sells (quantities are multiples of it), or null for any amount'),
  note: z.string().describe('A note for whoever prepares the order ("" when none); not part of the order text'),
  priceChange: zPriceChange,
};

export const ZProduct = z
  .object({
    id: z.number().int().describe('Product id'),
    name: z.string().describe('Product name'),
    unit: z.string().describe('Unit, for example "Kg"'),
    orderId: z.number().int().describe('Id of the order (and so the supplier) the product belongs to'),
    quantity: z.number().describe("Quantity in this order's current order; 0 when not ordered"),
    ...stockFields,
    ...catalogueFields,
  })
  .meta({
    id: 'Product',
    description: "A product of a supplier's catalogue with its quantity in the current order",
    example: { id: 301, name: 'Tomatoes', unit: 'Kg', orderId: 12, quantity: 2.5, ...TOMATOES_STOCK_AND_PRICE },
  });
export type TProduct = z.infer<typeof ZProduct>;

/** A product's name and unit, as the catalogue keeps them (and as a sent order's lines carry them). */
export const zProductName = zText('Product name', LIMITS.nameMax).describe('Product name, 1 to 100 characters');
export const zUnit = zText('Unit', LIMITS.unitMax).describe('Unit, 1 to 20 characters, for example "Kg"');

export const ZProductListInput = z.object({
  q: zSearch,
  orderId: zId('Order id').describe('Only the products of this order, with its quantities').optional(),
  limit: zCount('Limit', 1, LIMITS.productsPerSupplier, LIMITS.productsPerSupplier).describe(
    'At most this many products (1 to 1000, default 1000)',
  ),
  offset: zCount('Offset', 0, 1_000_000, 0).describe('Skip this many products first (default 0)'),
});

export const ZProductIdInput = z.object({ id: zId('Product id').describe('Product id') });

const zPar = zAmount('Par')
  .nullable()
  .describe('The stock wanted after a delivery, 0 to 99999 with at most 3 decimals; null for none')
  .optional();

/** A price per unit: 0 to 1,000,000 with at most 4 decimals; null for unknown. */
export const zPrice = z
  .number({ error: 'Price must be a number' })
  .min(0, { error: 'Price must be 0 or more' })
  .max(LIMITS.priceMax, { error: `Price must be at most ${LIMITS.priceMax}` })
  .refine((value) => hasAllowedDecimals(value, LIMITS.priceDecimals), {
    error: `Price must have at most ${LIMITS.priceDecimals} decimals`,
  })
  .meta({ multipleOf: PRICE_STEP })
  .nullable()
  .describe('The price per unit, 0 to 1000000 with at most 4 decimals; null when unknown');

/** The smallest amount the supplier sells: above 0, at most 99,999 with 3 decimals; null for any amount. */
export const zStep = z
  .number({ error: 'Step must be a number' })
  .gt(0, { error: 'Step must be more than 0' })
  .max(LIMITS.quantityMax, { error: `Step must be at most ${LIMITS.quantityMax}` })
  .refine((value) => hasAllowedDecimals(value), { error: `Step must have at most ${LIMITS.quantityDecimals} decimals` })
  .meta({ multipleOf: AMOUNT_STEP })
  .nullable()
  .describe('The smallest amount the supplier sells (a box of 6: 6), above 0 with at most 3 decimals; null for any amount');

/** A product's note: at most 300 characters, several lines allowed; null reads as "". */
export const zProductNote = z
  .string({ error: 'Note must be text' })
  .meta({ maxLength: LIMITS.productNoteMax })
  .nullable()
  .transform((value) => value ?? '')
  .pipe(
    zSafeString('Note', { multiline: true }).max(LIMITS.productNoteMax, {
      error: `Note must be at most ${LIMITS.productNoteMax} characters`,
    }),
  )
  .describe('A note for whoever prepares the order, at most 300 characters ("" or null for none)');

export const ZCreateProductInput = z.object({
  name: zProductName,
  unit: zUnit,
  orderId: zId('Order id').describe('The order (supplier) the product belongs to'),
  par: zPar,
  price: zPrice.optional(),
  step: zStep.optional(),
  note: zProductNote.optional(),
});
export type TCreateProductInput = z.infer<typeof ZCreateProductInput>;

/** The fields an update (or a bulk row that matches a product) may leave out to keep them. */
const keptFields = {
  par: zPar.describe('The stock wanted after a delivery; null clears it, and leaving it out keeps it'),
  price: zPrice.optional().describe('The price per unit; null clears it, and leaving it out keeps it'),
  step: zStep.optional().describe('The smallest amount the supplier sells; null clears it, and leaving it out keeps it'),
  note: zProductNote.optional().describe('A note for whoever prepares the order; "" or null clears it, and leaving it out keeps it'),
};

export const ZUpdateProductInput = z.object({
  id: zId('Product id').describe('Product id'),
  name: zProductName,
  unit: zUnit,
  ...keptFields,
});
export type TUpdateProductInput = z.infer<typeof ZUpdateProductInput>;

export const ZSetQuantityInput = z.object({
  productId: zId('Product id').describe('Product id'),
  orderId: zId('Order id').describe('Order id (the product must belong to it)'),
  quantity: zQuantity,
});
export type TSetQuantityInput = z.infer<typeof ZSetQuantityInput>;

export const ZSetStockInput = z.object({
  productId: zId('Product id').describe('Product id'),
  orderId: zId('Order id').describe('Order id (the product must belong to it)'),
  onHand: zAmount('On hand').nullable().describe('The stock counted now, 0 to 99999 with at most 3 decimals; null forgets the last count'),
});
export type TSetStockInput = z.infer<typeof ZSetStockInput>;

export const ZSetParInput = z.object({
  productId: zId('Product id').describe('Product id'),
  orderId: zId('Order id').describe('Order id (the product must belong to it)'),
  par: zAmount('Par').nullable().describe('The stock wanted after a delivery, 0 to 99999 with at most 3 decimals; null clears it'),
});
export type TSetParInput = z.infer<typeof ZSetParInput>;

export const ZQuantityLine = z
  .object({
    productId: z.number().int().describe('Product id'),
    orderId: z.number().int().describe('Order id'),
    quantity: z.number().describe('The quantity now stored'),
  })
  .meta({ id: 'QuantityLine' });

export const ZClearProductsInput = z.object({ orderId: zId('Order id').describe('The order to clear') });

export const ZClearProductsResult = z
  .object({
    orderId: z.number().int().describe('Order id'),
    cleared: z.number().int().describe('How many lines were set from a quantity above 0 to 0'),
  })
  .meta({ id: 'ClearResult' });

export const ZDeletedResult = z.object({ id: z.number().int().describe('Id of the deleted row') }).meta({ id: 'Deleted' });

/** One row of `POST /products/bulk` (docs/decisions.md §8.3): a product, and its quantity in the current order. */
export const ZBulkProductRow = z.object({
  name: zProductName,
  unit: zUnit,
  quantity: zQuantity
    .optional()
    .describe('Its quantity in the current order; leaving it out keeps the quantity it has (0 for a new product)'),
  ...keptFields,
});
export type TBulkProductRow = z.infer<typeof ZBulkProductRow>;

export const ZBulkProductsInput = z.object({
  orderId: zId('Order id').describe('The order (supplier) the products belong to'),
  products: z
    .array(ZBulkProductRow, { error: 'Products must be a list' })
    .min(1, { error: 'Add at least one product' })
    .max(LIMITS.bulkRowsMax, { error: `At most ${LIMITS.bulkRowsMax} products at once` })
    .describe(
      'The products, 1 to 1000. A row whose name matches a product of this supplier (case and accents aside) updates it instead of adding a twin.',
    ),
});
export type TBulkProductsInput = z.infer<typeof ZBulkProductsInput>;

export const ZBulkProductsResult = z
  .object({
    created: z.number().int().describe('How many products were added'),
    updated: z.number().int().describe('How many existing products the rows matched and updated'),
    products: z.array(ZProduct).describe('Every product of the rows, in their order, as now stored'),
  })
  .meta({ id: 'BulkProductsResult' });

export const PRICE_SOURCES = ['owner', 'supplier'] as const;

/** One price a product has had (`GET /products/{id}/prices`). */
export const ZProductPrice = z
  .object({
    price: z.number().describe('The price per unit'),
    source: z.enum(PRICE_SOURCES).describe('Who set it: the owner (or a manager), or the supplier confirming an order'),
    at: zDateTime('When it was set (ISO 8601)'),
  })
  .meta({ id: 'ProductPrice', example: { price: 1.85, source: 'supplier', at: '2026-11-20T09:30:00.000Z' } });
