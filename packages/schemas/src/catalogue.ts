import { z } from 'zod';
import { zId } from './fields.ts';
import { LIMITS } from './limits.ts';
import { PRODUCT_CSV_COLUMNS, productCsvValueFields, type TProductCsvColumn } from './product-columns.ts';

/** `GET /catalogue.csv` (docs/decisions.md §8.3): the whole business's catalogue, or one supplier's. */
export const ZCatalogueExportInput = z.object({
  supplierId: zId('Supplier id').describe("Only this supplier's products").optional(),
});

/** What the tRPC call answers; REST sends `content` itself as `text/csv`. */
export const ZCatalogueFile = z.object({
  filename: z.string().describe('A name to save the file under, e.g. "catalogue-2026-11-26.csv"'),
  content: z.string().describe('The CSV text, starting with a byte order mark'),
});

/** The supplier's columns of the catalogue CSV, before its product's. */
export const CATALOGUE_SUPPLIER_COLUMNS = ['supplier', 'service', 'contact'] as const;

/**
 * The fields a catalogue column can be read as (docs/decisions.md §8.3): the
 * export's header, in its order. The product's are those of PRODUCT_COLUMNS
 * with a CSV column (product-columns.ts).
 */
export const CATALOGUE_COLUMNS: readonly TCatalogueColumn[] = [
  ...CATALOGUE_SUPPLIER_COLUMNS,
  ...PRODUCT_CSV_COLUMNS.map((column) => column.header),
];
export type TCatalogueColumn = (typeof CATALOGUE_SUPPLIER_COLUMNS)[number] | TProductCsvColumn;

/** What an import does with a price in conflict (docs/decisions.md §9.2): keep the current one (the default) or take the file's. */
export const CATALOGUE_KEEP = ['current', 'file'] as const;
export type TCatalogueKeep = (typeof CATALOGUE_KEEP)[number];

export const ZCatalogueImportInput = z.object({
  csv: z
    .string({ error: 'csv must be the text of a CSV file' })
    .min(1, { error: 'The file is empty' })
    .describe(
      `The CSV text (at most ${LIMITS.catalogueImportRows} rows and ${LIMITS.catalogueImportBytes / 1024 / 1024} MB): a header row naming the columns in English or Spanish, by meaning (supplier/proveedor/vendor, product/producto/artículo/item, unit/unidad/ud, price/precio/coste/cost, par/objetivo/stock deseado, step/paso/múltiplo/pack, note/nota, service/servicio/canal, contact/contacto/teléfono/email; case, accents and spacing aside), separated by "," ";" or tab (detected), numbers with a decimal point or comma. Other columns are ignored unless \`columns\` maps them`,
    ),
  apply: z
    .boolean({ error: 'apply must be true or false' })
    .optional()
    .describe('false (the default) answers the preview and writes nothing; true writes every row, or nothing when a row has an error'),
  columns: z
    .record(
      z.string().max(200, { error: 'A column name is at most 200 characters' }),
      z.enum(CATALOGUE_COLUMNS, { error: `A column is read as one of ${CATALOGUE_COLUMNS.join(', ')}, or null to ignore it` }).nullable(),
      { error: 'columns must be an object: {"<header>": "<field>" | null}' },
    )
    .optional()
    .describe(
      'How to read some columns, by their header as the file writes it: a field (e.g. {"Coste caja": "price"}), or null to ignore one. Headers it leaves out are read by meaning',
    ),
  keep: z
    .record(
      z.string().regex(/^[1-9]\d{0,5}$/, { error: 'keep is keyed by row number' }),
      z.enum(CATALOGUE_KEEP, { error: 'keep is "current" or "file" for a row' }),
      { error: 'keep must be an object: {"<row>": "current" | "file"}' },
    )
    .optional()
    .describe(
      'For a row whose price is in conflict (the supplier confirmed another, or it changed after the date in `fileName`): "current" (the default) keeps the stored price, "file" takes the file\'s',
    ),
  fileName: z
    .string({ error: 'fileName must be text' })
    .max(255, { error: 'fileName is at most 255 characters' })
    .optional()
    .describe(
      'The name of the file, e.g. "catalogue-2026-11-20.csv" as the export names it: a price changed after that date and differing in the file is a conflict',
    ),
});
export type TCatalogueImportInput = z.infer<typeof ZCatalogueImportInput>;

export const CATALOGUE_FATES = ['new supplier', 'new product', 'updated', 'unchanged', 'conflict', 'error', 'ignored'] as const;
export type TCatalogueFate = (typeof CATALOGUE_FATES)[number];

const zCellValue = z.union([z.string(), z.number(), z.null()]);

/** What a row gives, by field: a cell left blank (or a column the file lacks) is absent, and keeps what is stored. */
export const ZCatalogueRowValues = z
  .object({
    service: z.string().optional().describe("The supplier's messaging service, as read"),
    contact: z.string().optional().describe("The supplier's contact (a phone, an email), as read"),
    // unit, par, price, step, note: the product's, as product-columns.ts reads them.
    ...productCsvValueFields(),
  })
  .describe('Every value the row gives beside the names, as read (numbers parsed); a blank cell is absent: it keeps the current value');
export type TCatalogueRowValues = z.infer<typeof ZCatalogueRowValues>;

export const ZCatalogueImportRow = z
  .object({
    row: z.number().int().describe('Its row in the file, as a spreadsheet numbers it (the header is row 1)'),
    supplier: z.string().describe('The supplier named'),
    product: z.string().describe('The product named ("" for a row of a supplier alone)'),
    fate: z
      .enum(CATALOGUE_FATES)
      .describe(
        'What importing does with the row: `conflict` when its price differs from a newer one (see `conflict`), `ignored` for a row with every cell blank',
      ),
    issues: z
      .array(
        z.object({
          field: z.string().describe('The column, e.g. "unit"'),
          message: z.string().describe("What is wrong and what to do, in the owner's language, naming the row and the column"),
        }),
      )
      .describe('Why the row cannot be imported, by column (empty unless `fate` is `error`)'),
    values: ZCatalogueRowValues,
    changes: z
      .array(
        z.object({
          field: z.enum(CATALOGUE_COLUMNS).describe('What changes'),
          before: zCellValue.describe('What is stored'),
          after: zCellValue.describe('What the import writes'),
        }),
      )
      .describe("For a row that updates: each field it changes, before → after (a price in conflict only when `keep` takes the file's)"),
    conflict: z
      .object({
        field: z.literal('price').describe('The field in conflict: only a price can be'),
        current: z.number().nullable().describe('The price stored'),
        file: z.number().describe("The file's price"),
        source: z
          .enum(['supplier', 'owner'])
          .describe("Who set the current price: the supplier confirmed it, or it changed after the file's date"),
        at: z.string().describe('When the current price was set (ISO 8601)'),
        keep: z.enum(CATALOGUE_KEEP).describe('Which one the import writes: `keep` of the request, "current" by default'),
        message: z.string().describe("The conflict in words, in the owner's language"),
      })
      .nullable()
      .describe('A price that would undo a newer one; null when none'),
  })
  .meta({ id: 'CatalogueImportRow' });
export type TCatalogueImportRow = z.infer<typeof ZCatalogueImportRow>;

export const ZCatalogueImportColumn = z
  .object({
    header: z.string().describe('The header as the file writes it'),
    field: z.enum(CATALOGUE_COLUMNS).nullable().describe('The field it is read as; null when ignored'),
    mapped: z.boolean().describe('Whether `columns` of the request chose it (otherwise it was read by meaning)'),
  })
  .meta({ id: 'CatalogueImportColumn' });
export type TCatalogueImportColumn = z.infer<typeof ZCatalogueImportColumn>;

export const ZCatalogueImportResult = z
  .object({
    applied: z.boolean().describe('Whether the rows were written (false for a preview)'),
    columns: z
      .array(ZCatalogueImportColumn)
      .describe('Every column of the file, in its order, with the field it is read as or null when ignored'),
    rows: z.array(ZCatalogueImportRow).describe('Every row of the file under the header, with its fate'),
    counts: z
      .object({
        newSuppliers: z.number().int().describe('Suppliers the file adds'),
        newProducts: z.number().int().describe('Products the file adds'),
        new: z.number().int().describe('Rows that add a supplier or a product'),
        updated: z.number().int().describe('Rows that change a supplier or product'),
        unchanged: z.number().int().describe('Rows that match what is stored'),
        conflicts: z.number().int().describe('Rows whose price differs from a newer one'),
        errors: z.number().int().describe('Rows with an error'),
        ignored: z.number().int().describe('Rows with every cell blank'),
        lines: z.number().int().describe('Data rows in the file: new + updated + unchanged + conflicts + errors + ignored'),
      })
      .describe('How many suppliers and products the file adds, and how its rows split; the row counts add up to `lines`'),
  })
  .meta({ id: 'CatalogueImportResult' });
export type TCatalogueImportResult = z.infer<typeof ZCatalogueImportResult>;
