import { z } from 'zod';
import { zAmount, zCount, zDateTime, zId, zMemberRef, zQuantity, zSearch, zText } from './fields.ts';
import { LIMITS } from './limits.ts';

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

export const ZProduct = z
  .object({
    id: z.number().int().describe('Product id'),
    name: z.string().describe('Product name'),
    unit: z.string().describe('Unit, for example "Kg"'),
    orderId: z.number().int().describe('Id of the order (and so the supplier) the product belongs to'),
    quantity: z.number().describe("Quantity in this order's current order; 0 when not ordered"),
    ...stockFields,
  })
  .meta({
    id: 'Product',
    description: "A product of a supplier's catalogue with its quantity in the current order",
    example: {
      id: 301,
      name: 'Tomatoes',
      unit: 'Kg',
      orderId: 12,
      quantity: 2.5,
      par: 6,
      onHand: 3.5,
      countedAt: '2026-11-23T08:15:00.000Z',
      countedBy: { userId: 7, fullName: 'Marta López' },
      usual: 2.5,
    },
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

export const ZCreateProductInput = z.object({
  name: zProductName,
  unit: zUnit,
  orderId: zId('Order id').describe('The order (supplier) the product belongs to'),
  par: zPar,
});
export type TCreateProductInput = z.infer<typeof ZCreateProductInput>;

export const ZUpdateProductInput = z.object({
  id: zId('Product id').describe('Product id'),
  name: zProductName,
  unit: zUnit,
  par: zPar.describe('The stock wanted after a delivery; null clears it, and leaving it out keeps it'),
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
