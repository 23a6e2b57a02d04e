import { z } from 'zod';
import { zCount, zId, zQuantity, zSearch, zText } from './fields.ts';
import { LIMITS } from './limits.ts';

export const ZProduct = z
  .object({
    id: z.number().int().describe('Product id'),
    name: z.string().describe('Product name'),
    unit: z.string().describe('Unit, for example "Kg"'),
    orderId: z.number().int().describe('Id of the order (and so the supplier) the product belongs to'),
    quantity: z.number().describe("Quantity in this order's current order; 0 when not ordered"),
  })
  .meta({
    id: 'Product',
    description: "A product of a supplier's catalogue with its quantity in the current order",
    example: { id: 301, name: 'Tomatoes', unit: 'Kg', orderId: 12, quantity: 2.5 },
  });
export type TProduct = z.infer<typeof ZProduct>;

const zProductName = zText('Product name', LIMITS.nameMax).describe('Product name, 1 to 100 characters');
const zUnit = zText('Unit', LIMITS.unitMax).describe('Unit, 1 to 20 characters, for example "Kg"');

export const ZProductListInput = z.object({
  q: zSearch,
  orderId: zId('Order id').describe('Only the products of this order, with its quantities').optional(),
  limit: zCount('Limit', 1, LIMITS.productsPerSupplier, LIMITS.productsPerSupplier).describe(
    'At most this many products (1 to 1000, default 1000)',
  ),
  offset: zCount('Offset', 0, 1_000_000, 0).describe('Skip this many products first (default 0)'),
});

export const ZProductIdInput = z.object({ id: zId('Product id').describe('Product id') });

export const ZCreateProductInput = z.object({
  name: zProductName,
  unit: zUnit,
  orderId: zId('Order id').describe('The order (supplier) the product belongs to'),
});
export type TCreateProductInput = z.infer<typeof ZCreateProductInput>;

export const ZUpdateProductInput = z.object({
  id: zId('Product id').describe('Product id'),
  name: zProductName,
  unit: zUnit,
});
export type TUpdateProductInput = z.infer<typeof ZUpdateProductInput>;

export const ZSetQuantityInput = z.object({
  productId: zId('Product id').describe('Product id'),
  orderId: zId('Order id').describe('Order id (the product must belong to it)'),
  quantity: zQuantity,
});
export type TSetQuantityInput = z.infer<typeof ZSetQuantityInput>;

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
