import {
  offStepMessage,
  ZBulkProductsInput,
  ZBulkProductsResult,
  ZClearProductsInput,
  ZClearProductsResult,
  ZCreateProductInput,
  ZDeletedResult,
  ZProduct,
  ZProductIdInput,
  ZProductListInput,
  ZProductPrice,
  ZQuantityLine,
  ZSetParInput,
  ZSetQuantityInput,
  ZSetStockInput,
  ZUpdateProductInput,
  zOptionalInput,
} from '@reorder/schemas';
import { z } from 'zod';
import { nowOf } from '../context.ts';
import { AppError, found, notFound, SIGNED_IN_ERRORS } from '../errors.ts';
import { clearQuantities, setQuantity } from '../quantities.ts';
import { memberProcedure } from '../sessions/require-user.ts';
import { bulkProducts } from './bulk.ts';
import { listProductPage } from './list-kept.ts';
import { listPrices } from './prices.ts';
import { deleteProduct, findProduct, orderExists, setPar, setStock, stepOf, updateProduct } from './products.repository.ts';
import { createProduct, PRODUCT_LIMIT_MESSAGE } from './products.service.ts';

const tags = ['products'];

/**
 * The catalogue of each supplier, and each product's quantity in its order
 * (`setQuantity`, `clear`: the writes are the core's quantities.ts, which
 * orders/ shares).
 */
export const productProcedures = {
  list: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'GET',
        path: '/products',
        tags,
        summary: 'List products',
        description:
          'Sorted by name. With `orderId`, the products of that order with its quantities; `q` searches product names. At most `limit` (default and maximum 1000) rows from `offset`.',
      },
      message: 'Products loaded',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND: 'Order not found' },
    })
    .input(zOptionalInput(ZProductListInput))
    .output(z.array(ZProduct))
    .query(async ({ ctx, input }) => {
      const products = await listProductPage(ctx.db, ctx.business.id, input);
      // The list reaches an order's products through the order's row and its owner, so a product on the
      // page proves the order is the owner's: only an empty page asks whether it exists (one round trip less).
      if (input.orderId !== undefined && products.length === 0 && !(await orderExists(ctx.db, ctx.business.id, input.orderId))) {
        throw notFound('Order');
      }
      return products;
    }),

  byId: memberProcedure
    .meta({
      role: 'staff',
      openapi: { method: 'GET', path: '/products/{id}', tags, summary: 'Get a product' },
      message: 'Product loaded',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND: 'Product not found' },
    })
    .input(ZProductIdInput)
    .output(ZProduct)
    .query(async ({ ctx, input }) => found(await findProduct(ctx.db, ctx.business.id, input.id), 'Product')),

  prices: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'GET',
        path: '/products/{id}/prices',
        tags,
        summary: "A product's price history",
        description:
          'The last 50 prices the product has had, newest first, each with who set it: `owner` (the owner or a manager, in the app or through the API) or `supplier` (confirming an order).',
      },
      message: 'Prices loaded',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND: 'Product not found' },
    })
    .input(ZProductIdInput)
    .output(z.array(ZProductPrice))
    .query(async ({ ctx, input }) => found(await listPrices(ctx.db, ctx.business.id, input.id), 'Product')),

  create: memberProcedure
    .meta({
      role: 'manager',
      openapi: {
        method: 'POST',
        path: '/products',
        tags,
        summary: "Add a product to a supplier's order",
        description: 'At most 1,000 products per supplier.',
      },
      message: 'Product saved!',
      errors: {
        ...SIGNED_IN_ERRORS,
        BAD_REQUEST: PRODUCT_LIMIT_MESSAGE,
        NOT_FOUND: 'Order not found',
      },
    })
    .input(ZCreateProductInput)
    .output(ZProduct)
    .mutation(({ ctx, input }) => createProduct(ctx, input)),

  bulk: memberProcedure
    .meta({
      heavy: true,
      role: 'manager',
      openapi: {
        method: 'POST',
        path: '/products/bulk',
        tags,
        summary: 'Add or update many products of a supplier at once',
        description:
          "All or nothing (docs/decisions.md §8.3): 1 to 1,000 rows. A row whose name matches a product of this supplier, case and accents aside, updates it (its unit and the fields the row gives) instead of adding a twin; the others are added. A row's `quantity` goes into the current order. One bad row answers 400 with issues at `products.<i>.<field>`, and nothing is written. At most 1,000 products per supplier.",
      },
      message: ({ output }) => {
        const { created, updated } = output as { created: number; updated: number };
        return `${created} added, ${updated} updated`;
      },
      errors: {
        ...SIGNED_IN_ERRORS,
        BAD_REQUEST: 'Unit must be at most 20 characters',
        NOT_FOUND: 'Order not found',
      },
    })
    .input(ZBulkProductsInput)
    .output(ZBulkProductsResult)
    .mutation(({ ctx, input }) => bulkProducts(ctx, input)),

  update: memberProcedure
    .meta({
      role: 'manager',
      openapi: { method: 'PUT', path: '/products/{id}', tags, summary: 'Rename a product or change its unit' },
      message: 'Success! Product updated!',
      errors: { ...SIGNED_IN_ERRORS, BAD_REQUEST: 'Unit must be at most 20 characters', NOT_FOUND: 'Product not found' },
    })
    .input(ZUpdateProductInput)
    .output(ZProduct)
    .mutation(async ({ ctx, input: { id, ...fields } }) =>
      found(await updateProduct(ctx.db, ctx.business.id, id, fields, nowOf(ctx)), 'Product'),
    ),

  setStock: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'PUT',
        path: '/products/stock',
        tags,
        summary: "Record a product's stock count",
        description: 'Sets `onHand` and `countedAt` (now); `onHand: null` forgets the last count. Answers the product.',
      },
      message: 'Stock count saved',
      errors: { ...SIGNED_IN_ERRORS, BAD_REQUEST: 'On hand must be at most 99999', NOT_FOUND: 'Product in this order not found' },
    })
    .input(ZSetStockInput)
    .output(ZProduct)
    .mutation(async ({ ctx, input }) => found(await setStock(ctx.db, ctx.business.id, ctx.user.id, input), 'Product in this order')),

  setPar: memberProcedure
    .meta({
      role: 'manager',
      openapi: {
        method: 'PUT',
        path: '/products/par',
        tags,
        summary: "Set a product's par level",
        description:
          'Sets `par` alone (name and unit stay as they are), so a par typed while counting never undoes a rename made elsewhere; `par: null` clears it. Answers the product.',
      },
      message: 'Par level saved',
      errors: { ...SIGNED_IN_ERRORS, BAD_REQUEST: 'Par must be at most 99999', NOT_FOUND: 'Product in this order not found' },
    })
    .input(ZSetParInput)
    .output(ZProduct)
    .mutation(async ({ ctx, input }) => found(await setPar(ctx.db, ctx.business.id, input), 'Product in this order')),

  delete: memberProcedure
    .meta({
      role: 'manager',
      openapi: { method: 'DELETE', path: '/products/{id}', tags, summary: 'Delete a product' },
      message: 'Delete product successful!',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND: 'Product not found' },
    })
    .input(ZProductIdInput)
    .output(ZDeletedResult)
    .mutation(async ({ ctx, input }) => {
      if (!(await deleteProduct(ctx.db, ctx.business.id, input.id))) throw notFound('Product');
      return { id: input.id };
    }),

  // An order's quantities, under `products` as the contract names them (docs/rest-api.md); kept last, where
  // they always were, so the REST routes and the OpenAPI document keep their order.
  setQuantity: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'PUT',
        path: '/products/quantity',
        tags,
        summary: "Set a product's quantity in its order",
        description: 'A quantity of 0 takes the product out of the order.',
      },
      message: 'Success! Order updated!',
      errors: { ...SIGNED_IN_ERRORS, BAD_REQUEST: 'Quantity must be at most 99999', NOT_FOUND: 'Product in this order not found' },
    })
    .input(ZSetQuantityInput)
    .output(ZQuantityLine)
    .mutation(async ({ ctx, input }) => {
      const line = await setQuantity(ctx.db, ctx.business.id, input);
      if (line) return line;
      // Nothing set: a product elsewhere (404), or a quantity off its step (400, docs/decisions.md §8.4).
      const step = await stepOf(ctx.db, ctx.business.id, input);
      if (step === undefined || step === null) throw notFound('Product in this order');
      const message = offStepMessage(step);
      throw new AppError('BAD_REQUEST', message, { issues: [{ path: 'quantity', message }] });
    }),

  clear: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'POST',
        path: '/products/clear',
        tags,
        summary: 'Clear an order',
        description: 'Sets every quantity of the order to 0. The products stay in the catalogue.',
      },
      message: 'Clear products successful!',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND: 'Order not found' },
    })
    .input(ZClearProductsInput)
    .output(ZClearProductsResult)
    .mutation(async ({ ctx, input }) => {
      if (!(await orderExists(ctx.db, ctx.business.id, input.orderId))) throw notFound('Order');
      return { orderId: input.orderId, cleared: await clearQuantities(ctx.db, ctx.business.id, input.orderId) };
    }),
};
