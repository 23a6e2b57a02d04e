import { ZCatalogueExportInput, ZCatalogueFile, ZCatalogueImportInput, ZCatalogueImportResult, zOptionalInput } from '@reorder/schemas';
import { SIGNED_IN_ERRORS } from '../errors.ts';
import { memberProcedure } from '../sessions/require-user.ts';
import { router } from '../trpc.ts';
import { exportCatalogue, importCatalogue } from './catalogue.service.ts';

const tags = ['catalogue'];

/** The catalogue as a spreadsheet, both ways (docs/decisions.md §8.3). */
export const catalogueRouter = router({
  export: memberProcedure
    .meta({
      heavy: true,
      role: 'staff',
      file: {
        contentType: 'text/csv; charset=utf-8',
        example:
          "supplier,service,contact,product,unit,par,price,step,note\r\nFrutas Pepe,whatsapp,'+34 600 111 222,Tomatoes,kg,6,1.85,,The ripe ones\r\n",
      },
      openapi: {
        method: 'GET',
        path: '/catalogue.csv',
        tags,
        summary: 'Export the catalogue as CSV',
        description:
          "Every supplier of the business with its service and contact, and its products with unit, par, price, step and note: one row per product (a supplier without products has a row of its own), with the header `supplier,service,contact,product,unit,par,price,step,note`. UTF-8 with a byte order mark; `;`-separated with decimal commas when the user's language is `es`, `,` with points otherwise; a cell starting with `=`, `+`, `-` or `@` gets a leading `'`. Answers the file itself (`text/csv`), not the JSON envelope; errors are JSON envelopes as everywhere.",
      },
      message: 'Catalogue exported',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND: 'Supplier not found' },
    })
    .input(zOptionalInput(ZCatalogueExportInput))
    .output(ZCatalogueFile)
    .query(({ ctx, input }) => exportCatalogue(ctx, input.supplierId)),

  import: memberProcedure
    .meta({
      heavy: true,
      role: 'manager',
      openapi: {
        method: 'POST',
        path: '/catalogue/import',
        tags,
        summary: 'Import a catalogue CSV',
        description:
          "Reads a CSV (at most 5,000 rows and 2 MB: 400 beyond) in either convention of the export (the separator and decimal mark detected). Columns are read by meaning, in English or Spanish, case, accents and spacing aside (proveedor/supplier/vendor, producto/artículo/product/item, unidad/ud/unit, precio/coste/price/cost, objetivo/stock deseado/par, paso/múltiplo/se vende por/step/pack, nota/note, servicio/canal/service, contacto/teléfono/email/contact); any other column is ignored, listed in `columns`, and `columns` of the request maps it to a field. Suppliers and products match existing ones by name, case and accents aside. A blank cell keeps the current value. A price that differs from one the supplier confirmed, or from one changed after the date in `fileName`, is a `conflict`: the current price is kept unless `keep` says `\"file\"` for its row. With `apply: false` (the default) it answers each row's fate (`new supplier`, `new product`, `updated` with its changes before → after, `unchanged`, `conflict`, `error` with its issues by column, `ignored` for a blank row), counts that add up to the file's data lines, and writes nothing; with `apply: true` it writes every row, or nothing and 400 with issues at `rows.<row>.<column>` when a row has an error. Messages are in the user's language.",
      },
      message: ({ output }) => {
        const { applied, counts } = output as { applied: boolean; counts: { newSuppliers: number; newProducts: number; updated: number } };
        return applied
          ? `Imported: ${counts.newSuppliers} new suppliers, ${counts.newProducts} new products, ${counts.updated} updated`
          : 'Preview of the import: nothing was written';
      },
      errors: {
        ...SIGNED_IN_ERRORS,
        BAD_REQUEST: 'Row 3, column «unit»: a new product needs its unit, like kg or box. Nothing was imported.',
      },
    })
    .input(ZCatalogueImportInput)
    .output(ZCatalogueImportResult)
    .mutation(({ ctx, input }) => importCatalogue(ctx, input)),
});
