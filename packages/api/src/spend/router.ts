import { ZCatalogueFile, ZSpend, ZSpendInput, ZSpendRange, zOptionalInput } from '@reorder/schemas';
import { SIGNED_IN_ERRORS } from '../errors.ts';
import { memberProcedure } from '../sessions/require-user.ts';
import { router } from '../trpc.ts';
import { sentOrdersCsv, spend } from './spend.service.ts';

const tags = ['spend'];

/** What the business spent, from what it sent (docs/decisions.md §8.4, §8.4). */
export const spendRouter = router({
  get: memberProcedure
    .meta({
      role: 'manager',
      openapi: {
        method: 'GET',
        path: '/spend',
        tags,
        summary: 'What was spent, grouped by month, week, supplier or product',
        description:
          "Owners and managers. From the orders sent between `from` and `to` (days in the owner's time zone, both included, at most two years; the last 12 months when left out): quantity × price over the lines that had a price when sent, and how many lines had none. Months and weeks come oldest first, every one of the range; suppliers and products largest first.",
      },
      message: 'Spend loaded',
      errors: { ...SIGNED_IN_ERRORS, BAD_REQUEST: 'From must be on or before To' },
    })
    .input(zOptionalInput(ZSpendInput))
    .output(ZSpend)
    .query(({ ctx, input }) => spend(ctx, input)),

  sentOrdersCsv: memberProcedure
    .meta({
      heavy: true,
      role: 'manager',
      file: {
        contentType: 'text/csv; charset=utf-8',
        example:
          'date,supplier,product,unit,quantity,price,line_total,currency,sent_by,status\r\n2026-11-23,Frutas Pepe,Tomatoes,Kg,2.5,1.85,4.63,EUR,Marta López,confirmed\r\n',
      },
      openapi: {
        method: 'GET',
        path: '/sent-orders.csv',
        tags,
        summary: 'The lines sent in a range, as CSV for the accountant',
        description:
          "Owners and managers. One row per line sent between `from` and `to` (days in the owner's time zone, both included; the last 12 months when left out), oldest first: `date,supplier,product,unit,quantity,price,line_total,currency,sent_by,status`. `status` is the supplier's answer for the line: `sent` (none yet), `confirmed`, `changed` or `unavailable`. `line_total` is rounded to the currency's cents. In the user's language: for `es` the header `fecha;proveedor;producto;unidad;cantidad;precio;importe;moneda;enviado_por;estado` and the statuses `enviado`, `confirmado`, `cambiado`, `no_disponible`. The CSV convention of the catalogue: UTF-8 with a BOM, `;` and decimal commas when the user's language is `es`, formula-like cells prefixed with `'`. Answers the file itself (`text/csv`); errors are JSON envelopes.",
      },
      message: 'Sent orders exported',
      errors: { ...SIGNED_IN_ERRORS, BAD_REQUEST: 'From must be on or before To' },
    })
    .input(zOptionalInput(ZSpendRange))
    .output(ZCatalogueFile)
    .query(({ ctx, input }) => sentOrdersCsv(ctx, input)),
});
