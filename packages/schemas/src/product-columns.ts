import { z } from 'zod';
import { AMOUNT_STEP, PRICE_STEP, zAmount, zDateTime, zMemberRef, zSafeString, zText } from './fields.ts';
import { hasAllowedDecimals, LIMITS } from './limits.ts';
import { zProductTaxRate } from './tax.ts';

/** A product's name and unit, as the catalogue keeps them (and as a sent order's lines carry them). */
export const zProductName = zText('Product name', LIMITS.nameMax).describe('Product name, 1 to 100 characters');
export const zUnit = zText('Unit', LIMITS.unitMax).describe('Unit, 1 to 20 characters, for example "Kg"');

/** A par level as written: 0 to 99,999 with at most 3 decimals; null for none. */
const zParValue = zAmount('Par')
  .nullable()
  .describe('The stock wanted after a delivery, 0 to 99999 with at most 3 decimals; null for none');

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

/** Which part of a product a column is: what every product has, what the owner knows of its stock (§6.1), or the catalogue's (§8.3, §8.4). */
export type TProductPart = 'product' | 'stock' | 'catalogue';

/** One column of a product, in every place it appears (docs/decisions.md §8.3.1). */
export interface ProductColumn {
  part: TProductPart;
  /** The field as a Product answers it (`GET /products`). */
  field: z.ZodType;
  /** On an order's line (`Order.products`): `true` for the same field, or the description it has there. Absent: not on a line. */
  line?: true | string;
  /** The columns of the `products` table it is stored in. */
  db: readonly string[];
  /** What a product nobody set it for answers (a stock or catalogue field). */
  empty?: null | '';
  /** The check of a value written to it (a form, `bulk`, an import's cell). */
  input?: z.ZodType;
  /**
   * Its column in the catalogue CSV (docs/decisions.md §8.3, §9.2): the header
   * written, the headers read as it (as `headerKey` writes them: lower case,
   * no accents), its decimals when the cell is a number (a text otherwise),
   * and what an import's preview says of the value it read.
   */
  csv?: { header: string; reads: readonly string[]; decimals?: number; read?: string };
}

/**
 * Every column of a product beside its id, written once: its field on a
 * Product and on an order's line, its database columns, what a new product
 * has, and its CSV column (docs/decisions.md §8.3.1). The Product and
 * OrderLine schemas, the API's selections, the catalogue CSV, the test
 * fixtures and the columns the product list's covering index must carry are
 * all made from it, in this order.
 */
export const PRODUCT_COLUMNS = {
  name: {
    part: 'product',
    field: z.string().describe('Product name'),
    line: true,
    db: ['name'],
    input: zProductName,
    csv: {
      header: 'product',
      reads: [
        'product',
        'producto',
        'articulo',
        'item',
        'name',
        'nombre',
        'product name',
        'nombre producto',
        'nombre del producto',
        'referencia',
      ],
    },
  },
  unit: {
    part: 'product',
    field: z.string().describe('Unit, for example "Kg"'),
    line: 'Unit',
    db: ['unit'],
    input: zUnit,
    csv: {
      header: 'unit',
      reads: ['unit', 'unidad', 'ud', 'uds', 'unidades', 'units', 'medida', 'unidad de medida'],
      read: "The product's unit, as read",
    },
  },
  orderId: {
    part: 'product',
    field: z.number().int().describe('Id of the order (and so the supplier) the product belongs to'),
    db: ['order_id'],
  },
  par: {
    part: 'stock',
    field: z.number().nullable().describe('The stock wanted after a delivery, or null when not set'),
    line: true,
    db: ['par'],
    empty: null,
    input: zParValue,
    csv: {
      header: 'par',
      reads: ['par', 'objetivo', 'stock objetivo', 'stock deseado', 'nivel par', 'par level', 'target', 'target stock', 'desired stock'],
      decimals: 3,
      read: 'The par level (stock wanted after a delivery), parsed',
    },
  },
  onHand: {
    part: 'stock',
    field: z.number().nullable().describe('The last count of the stock, or null when never counted'),
    line: true,
    db: ['on_hand'],
    empty: null,
  },
  countedAt: {
    part: 'stock',
    field: zDateTime('When it was last counted (ISO 8601)').nullable().describe('When it was last counted (ISO 8601), or null'),
    line: true,
    db: ['counted_at'],
    empty: null,
  },
  countedBy: {
    part: 'stock',
    // With the member's name, from `users`: the API joins it as `counted_by_name`.
    field: zMemberRef('The member who counted it last; null when never counted, counted before teams, or that user is gone'),
    line: true,
    db: ['counted_by'],
    empty: null,
  },
  usual: {
    part: 'stock',
    field: z
      .number()
      .nullable()
      .describe('The median quantity of the last 4 sends of this order that had this product, or null when none had it'),
    line: true,
    db: ['usual'],
    empty: null,
  },
  price: {
    part: 'catalogue',
    field: z.number().nullable().describe("The price per unit in the business's currency, or null when unknown"),
    line: "The product's price per unit, or null when unknown",
    db: ['price'],
    empty: null,
    input: zPrice,
    csv: {
      header: 'price',
      reads: ['price', 'precio', 'coste', 'costo', 'cost', 'precio unitario', 'unit price', 'unit cost', 'coste unitario'],
      decimals: 4,
      read: 'The price per unit, parsed (a currency sign is allowed in the cell)',
    },
  },
  step: {
    part: 'catalogue',
    field: z
      .number()
      .nullable()
      .describe('The smallest amount the supplier sells (quantities are multiples of it), or null for any amount'),
    line: true,
    db: ['step'],
    empty: null,
    input: zStep,
    csv: {
      header: 'step',
      reads: ['step', 'paso', 'multiplo', 'se vende por', 'pack', 'pack size', 'sold by', 'lote', 'formato'],
      decimals: 3,
      read: 'The step the product is sold by, parsed',
    },
  },
  note: {
    part: 'catalogue',
    field: z.string().describe('A note for whoever prepares the order ("" when none); not part of the order text'),
    line: 'The product\'s note for whoever prepares the order ("" when none)',
    db: ['note'],
    empty: '',
    input: zProductNote,
    csv: {
      header: 'note',
      reads: ['note', 'nota', 'notes', 'notas', 'comentario', 'comentarios', 'observaciones', 'comment', 'comments'],
      read: "The product's note, as read",
    },
  },
  taxRate: {
    part: 'catalogue',
    field: z
      .number()
      .nullable()
      .describe("The tax rate (VAT, IVA) in percent, or null for the business's default (docs/decisions.md §9.6)"),
    db: ['tax_rate'],
    empty: null,
    input: zProductTaxRate,
    // Not a column of the catalogue CSV: its header is the shared contract's (docs/decisions.md §8.3).
  },
  priceChange: {
    part: 'catalogue',
    field: zPriceChange,
    line: true,
    db: ['price_change_from', 'price_change_to', 'price_change_at'],
    empty: null,
  },
} as const satisfies Record<string, ProductColumn>;

type Columns = typeof PRODUCT_COLUMNS;
export type TProductColumnKey = keyof Columns;
type KeysOf<P extends TProductPart> = { [K in TProductColumnKey]: Columns[K]['part'] extends P ? K : never }[TProductColumnKey];
type LineKeysOf<P extends TProductPart> = { [K in KeysOf<P>]: Columns[K] extends { line: unknown } ? K : never }[KeysOf<P>];
type CsvKey = { [K in TProductColumnKey]: Columns[K] extends { csv: unknown } ? K : never }[TProductColumnKey];
type CsvOf<K extends CsvKey> = Columns[K]['csv'];

const entries = Object.entries(PRODUCT_COLUMNS) as [TProductColumnKey, ProductColumn][];

/** The fields of one part of a Product, in the definition's order. */
export function productFields<P extends TProductPart>(part: P): { [K in KeysOf<P>]: Columns[K]['field'] } {
  return Object.fromEntries(entries.filter(([, column]) => column.part === part).map(([key, column]) => [key, column.field])) as never;
}

/** The fields of one part of an order's line: those of a Product it carries, with their descriptions there. */
export function lineFields<P extends TProductPart>(part: P): { [K in LineKeysOf<P>]: Columns[K]['field'] } {
  return Object.fromEntries(
    entries
      .filter(([, column]) => column.part === part && column.line !== undefined)
      .map(([key, column]) => [key, column.line === true ? column.field : column.field.describe(column.line as string)]),
  ) as never;
}

/** What a product nobody set anything for answers in one part: no stock, no price, no step, no note. */
export function emptyProductFields<P extends 'stock' | 'catalogue'>(
  part: P,
): { readonly [K in KeysOf<P>]: Columns[K] extends { empty: infer E } ? E : never } {
  return Object.fromEntries(entries.filter(([, column]) => column.part === part).map(([key, column]) => [key, column.empty])) as never;
}

/** A column of the `products` table that a product's fields are read from. */
export type TProductDbColumn = Columns[TProductColumnKey]['db'][number];

/** The `products` columns of one part. */
export type TProductDbColumnOf<P extends TProductPart> = Columns[KeysOf<P>]['db'][number];

/** The `products` columns of these parts, in the definition's order. */
export function productDbColumns<P extends TProductPart>(...parts: P[]): TProductDbColumnOf<P>[] {
  return entries
    .filter(([, column]) => parts.includes(column.part as P))
    .flatMap(([, column]) => column.db as readonly TProductDbColumnOf<P>[]);
}

/**
 * What the whole-business product list reads of `products` beside the keys of
 * its index (business_id, sort_key, id): every column above, and the search
 * text its `q` filters on. The covering index `products_business_sort_cover_idx`
 * must INCLUDE each, so that the list reads the index alone, in name order
 * (docs/decisions.md §8.3.1); packages/api/src/products/cover-index.test.ts
 * reads the migrated index and checks.
 */
export const PRODUCT_LIST_INDEX_INCLUDE: readonly string[] = [...productDbColumns('product', 'stock', 'catalogue'), 'search_text'];

/** A product's column of the catalogue CSV, by its header. */
export type TProductCsvColumn = { [K in CsvKey]: CsvOf<K>['header'] }[CsvKey];

/** The `products` column a CSV column is stored in. */
export type TProductCsvDbColumn = { [K in CsvKey]: Columns[K]['db'][0] }[CsvKey];

/** The product's columns of the catalogue CSV, in the file's order: where each is stored, and how it is written and read. */
export const PRODUCT_CSV_COLUMNS = entries.flatMap(([key, column]) =>
  column.csv ? [{ key, db: column.db[0], input: column.input, ...column.csv }] : [],
) as readonly {
  key: CsvKey;
  header: TProductCsvColumn;
  db: TProductCsvDbColumn;
  reads: readonly string[];
  decimals?: number;
  read?: string;
  input: z.ZodType;
}[];

/** A product's values of its CSV columns, by header, as a Product answers them (its name under `product`). */
export type TProductCsvRecord = { [K in CsvKey as CsvOf<K>['header']]: z.output<Columns[K]['field']> };

/** The product's CSV columns an import reads as a value (every one but the product's name, which finds the product). */
type ValueKey = { [K in CsvKey]: CsvOf<K> extends { read: string } ? K : never }[CsvKey];

/** A value an import's row gives, by CSV column: a number where the cell is one, else the text. */
export type TProductCsvValues = {
  [K in ValueKey as CsvOf<K>['header']]?: CsvOf<K> extends { decimals: number } ? number : string;
};
export type TProductCsvValueColumn = keyof TProductCsvValues;
/** The value columns whose cells are numbers. */
export type TProductCsvNumberColumn = { [K in ValueKey]: CsvOf<K> extends { decimals: number } ? CsvOf<K>['header'] : never }[ValueKey];

/** The schema of those values in an import's preview (`CatalogueImportRow.values`), as read. */
export function productCsvValueFields(): { [K in keyof TProductCsvValues]-?: z.ZodOptional<z.ZodType<TProductCsvValues[K]>> } {
  return Object.fromEntries(
    PRODUCT_CSV_COLUMNS.flatMap((column) =>
      column.read === undefined
        ? []
        : [[column.header, (column.decimals === undefined ? z.string() : z.number()).optional().describe(column.read)]],
    ),
  ) as never;
}
