import { z } from 'zod';
import { zAmount, zCount, zDateTime, zId, zQuantity, zSearch } from './fields.ts';
import { LIMITS } from './limits.ts';
import { PRODUCT_COLUMNS, productFields, zPrice, zProductName, zProductNote, zStep, zUnit } from './product-columns.ts';
import { zProductTaxRate } from './tax.ts';

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

/** What an owner knows of a product's stock (docs/decisions.md §6.1), on Product and on an Order's products. */
export const stockFields = productFields('stock');

/** What the catalogue keeps of a product beside its name and unit (docs/decisions.md §8.3, §8.4). */
export const catalogueFields = productFields('catalogue');

export const ZProduct = z
  .object({
    id: z.number().int().describe('Product id'),
    // name, unit and orderId, as product-columns.ts defines them (so are the stock and catalogue fields).
    ...productFields('product'),
    quantity: z.number().describe("Quantity in this order's current order; 0 when not ordered"),
    ...stockFields,
    ...catalogueFields,
  })
  .meta({
    id: 'Product',
    description: "A product of a supplier's catalogue with its quantity in the current order",
    example: { id: 301, name: 'Tomatoes', unit: 'Kg', orderId: 12, quantity: 2.5, ...TOMATOES_STOCK_AND_PRICE, taxRate: null },
  });
export type TProduct = z.infer<typeof ZProduct>;

export const ZProductListInput = z.object({
  q: zSearch,
  orderId: zId('Order id').describe('Only the products of this order, with its quantities').optional(),
  limit: zCount('Limit', 1, LIMITS.productsPerSupplier, LIMITS.productsPerSupplier).describe(
    'At most this many products (1 to 1000, default 1000)',
  ),
  offset: zCount('Offset', 0, 1_000_000, 0).describe('Skip this many products first (default 0)'),
});

export const ZProductIdInput = z.object({ id: zId('Product id').describe('Product id') });

/** A par level, left out for none (or to keep it). */
const zPar = PRODUCT_COLUMNS.par.input.optional();

export const ZCreateProductInput = z.object({
  name: zProductName,
  unit: zUnit,
  orderId: zId('Order id').describe('The order (supplier) the product belongs to'),
  par: zPar,
  price: zPrice.optional(),
  step: zStep.optional(),
  note: zProductNote.optional(),
  taxRate: zProductTaxRate.optional(),
});
export type TCreateProductInput = z.infer<typeof ZCreateProductInput>;

/** The fields an update (or a bulk row that matches a product) may leave out to keep them. */
const keptFields = {
  par: zPar.describe('The stock wanted after a delivery; null clears it, and leaving it out keeps it'),
  price: zPrice.optional().describe('The price per unit; null clears it, and leaving it out keeps it'),
  step: zStep.optional().describe('The smallest amount the supplier sells; null clears it, and leaving it out keeps it'),
  note: zProductNote.optional().describe('A note for whoever prepares the order; "" or null clears it, and leaving it out keeps it'),
  taxRate: zProductTaxRate
    .optional()
    .describe("The tax rate in percent, 0 to 30 with 2 decimals; null is the business's default, and leaving it out keeps it"),
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
