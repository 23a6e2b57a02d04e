import { z } from 'zod';
import { zId } from './fields.ts';

/** `GET /catalogue.csv` (docs/decisions.md §8.3): the whole business's catalogue, or one supplier's. */
export const ZCatalogueExportInput = z.object({
  supplierId: zId('Supplier id').describe("Only this supplier's products").optional(),
});

/** What the tRPC call answers; REST sends `content` itself as `text/csv`. */
export const ZCatalogueFile = z.object({
  filename: z.string().describe('A name to save the file under, e.g. "catalogue-2026-11-26.csv"'),
  content: z.string().describe('The CSV text, starting with a byte order mark'),
});

export const ZCatalogueImportInput = z.object({
  csv: z
    .string({ error: 'csv must be the text of a CSV file' })
    .min(1, { error: 'The file is empty' })
    .describe(
      'The CSV text: a header row naming the columns (supplier, service, contact, product, unit, par, price, step, note, or their Spanish names), separated by "," or ";" (detected), numbers with a decimal point or comma',
    ),
  apply: z
    .boolean({ error: 'apply must be true or false' })
    .optional()
    .describe('false (the default) answers the preview and writes nothing; true writes every row, or nothing when a row has an error'),
});
export type TCatalogueImportInput = z.infer<typeof ZCatalogueImportInput>;

export const CATALOGUE_FATES = ['new supplier', 'new product', 'updated', 'unchanged', 'error'] as const;
export type TCatalogueFate = (typeof CATALOGUE_FATES)[number];

export const ZCatalogueImportRow = z
  .object({
    row: z.number().int().describe('Its row in the file, as a spreadsheet numbers it (the header is row 1)'),
    supplier: z.string().describe('The supplier named'),
    product: z.string().describe('The product named ("" for a row of a supplier alone)'),
    fate: z.enum(CATALOGUE_FATES).describe('What importing does with the row'),
    issues: z
      .array(
        z.object({
          field: z.string().describe('The column, e.g. "unit"'),
          message: z.string().describe('What is wrong, e.g. "Unit is required"'),
        }),
      )
      .describe('Why the row cannot be imported, by column (empty unless `fate` is `error`)'),
  })
  .meta({ id: 'CatalogueImportRow' });

export const ZCatalogueImportResult = z
  .object({
    applied: z.boolean().describe('Whether the rows were written (false for a preview)'),
    rows: z.array(ZCatalogueImportRow).describe('Every row of the file under the header, with its fate'),
    counts: z
      .object({
        newSuppliers: z.number().int().describe('Suppliers the file adds'),
        newProducts: z.number().int().describe('Products the file adds'),
        updated: z.number().int().describe('Rows that change a supplier or product'),
        unchanged: z.number().int().describe('Rows that match what is stored'),
        errors: z.number().int().describe('Rows with an error'),
      })
      .describe('How many suppliers and products the file adds, and how many rows update, leave unchanged or are in error'),
  })
  .meta({ id: 'CatalogueImportResult' });
export type TCatalogueImportResult = z.infer<typeof ZCatalogueImportResult>;
