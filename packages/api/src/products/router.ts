import {
  LIMITS,
  ZClearProductsInput,
  ZClearProductsResult,
  ZCreateProductInput,
  ZDeletedResult,
  ZProduct,
  ZProductIdInput,
  ZProductListInput,
  ZQuantityLine,
  ZSetQuantityInput,
  ZUpdateProductInput,
} from '@reorder/schemas';
import { z } from 'zod';
import { authedProcedure } from '../auth/require-user.ts';
import { AppError, found, notFound } from '../errors.ts';
import { router } from '../trpc.ts';
import {
  clearQuantities,
  deleteProduct,
  findProduct,
  insertProduct,
  listProducts,
  lockOrderAndCountProducts,
  orderExists,
  setQuantity,
  updateProduct,
} from './products.repository.ts';

const tags = ['products'];

// Order matters: REST requests go to the first procedure whose path fits, so
// `PUT /products/quantity` is declared before `PUT /products/{id}`.
export const productsRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/products',
        tags,
        summary: 'List products',
        description:
          'Sorted by name. With `orderId`, the products of that order with its quantities; `q` searches product names. At most `limit` (default and maximum 1000) rows from `offset`.',
      },
      message: 'Products loaded',
    })
    .input(ZProductListInput)
    .output(z.array(ZProduct))
    .query(async ({ ctx, input }) => {
      if (input.orderId !== undefined && !(await orderExists(ctx.db, ctx.user.id, input.orderId))) throw notFound('Order');
      return listProducts(ctx.db, ctx.user.id, input);
    }),

  setQuantity: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/products/quantity',
        tags,
        summary: "Set a product's quantity in its order",
        description: 'A quantity of 0 takes the product out of the order.',
      },
      message: 'Success! Order updated!',
    })
    .input(ZSetQuantityInput)
    .output(ZQuantityLine)
    .mutation(async ({ ctx, input }) => found(await setQuantity(ctx.db, ctx.user.id, input), 'Product in this order')),

  clear: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/products/clear',
        tags,
        summary: 'Clear an order',
        description: 'Sets every quantity of the order to 0. The products stay in the catalogue.',
      },
      message: 'Clear products successful!',
    })
    .input(ZClearProductsInput)
    .output(ZClearProductsResult)
    .mutation(async ({ ctx, input }) => {
      if (!(await orderExists(ctx.db, ctx.user.id, input.orderId))) throw notFound('Order');
      return { orderId: input.orderId, cleared: await clearQuantities(ctx.db, ctx.user.id, input.orderId) };
    }),

  byId: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/products/{id}', tags, summary: 'Get a product' }, message: 'Product loaded' })
    .input(ZProductIdInput)
    .output(ZProduct)
    .query(async ({ ctx, input }) => found(await findProduct(ctx.db, ctx.user.id, input.id), 'Product')),

  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/products',
        tags,
        summary: "Add a product to a supplier's order",
        description: 'At most 1,000 products per supplier.',
      },
      message: 'Product saved!',
    })
    .input(ZCreateProductInput)
    .output(ZProduct)
    .mutation(({ ctx, input }) =>
      ctx.db.transaction().execute(async (tx) => {
        const count = await lockOrderAndCountProducts(tx, ctx.user.id, input.orderId);
        if (count === undefined) throw notFound('Order');
        if (count >= LIMITS.productsPerSupplier) {
          throw new AppError(
            'BAD_REQUEST',
            `This supplier has reached the limit of ${LIMITS.productsPerSupplier} products. Delete one to add another.`,
          );
        }
        return insertProduct(tx, ctx.user.id, input);
      }),
    ),

  update: authedProcedure
    .meta({
      openapi: { method: 'PUT', path: '/products/{id}', tags, summary: 'Rename a product or change its unit' },
      message: 'Success! Product updated!',
    })
    .input(ZUpdateProductInput)
    .output(ZProduct)
    .mutation(async ({ ctx, input: { id, ...fields } }) => found(await updateProduct(ctx.db, ctx.user.id, id, fields), 'Product')),

  delete: authedProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/products/{id}', tags, summary: 'Delete a product' },
      message: 'Delete product successful!',
    })
    .input(ZProductIdInput)
    .output(ZDeletedResult)
    .mutation(async ({ ctx, input }) => {
      if (!(await deleteProduct(ctx.db, ctx.user.id, input.id))) throw notFound('Product');
      return { id: input.id };
    }),
});
