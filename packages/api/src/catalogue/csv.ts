import {
  CATALOGUE_COLUMNS,
  PRODUCT_CSV_COLUMNS,
  type TCatalogueColumn,
  type TCatalogueImportColumn,
  type TLanguage,
  type TProductCsvColumn,
  type TProductCsvDbColumn,
  type TProductCsvRecord,
} from '@reorder/schemas';
import Papa from 'papaparse';
import { csvFile, csvNumber, csvText } from '../platform/csv.ts';

/**
 * The catalogue as a spreadsheet (docs/decisions.md §8.3): one row per
 * product, its supplier's columns repeated (a supplier without products is a
 * row of its own). Written UTF-8 with a BOM, `;`-separated with decimal commas
 * for Spanish (what Excel in Spanish opens as columns), `,` and points
 * otherwise; read in either form, with headers in English or Spanish.
 * Parsing and quoting are papaparse's; what is ours is the convention.
 */

export const CSV_COLUMNS = CATALOGUE_COLUMNS;
export type TCsvColumn = TCatalogueColumn;

/**
 * The headers read as each column, by meaning, in English and Spanish
 * (docs/decisions.md §9.2), compared as `headerKey` writes them: lower case,
 * without accents, any run of spaces, punctuation or symbols as one space
 * ("Precio (€)" reads "precio", "Stock  deseado" reads "stock deseado").
 */
const HEADER_NAMES: Record<TCsvColumn, readonly string[]> = {
  supplier: ['supplier', 'proveedor', 'vendor', 'provider', 'distribuidor', 'supplier name', 'nombre proveedor', 'nombre del proveedor'],
  service: ['service', 'servicio', 'canal', 'channel', 'send via', 'enviar por', 'via'],
  contact: [
    'contact',
    'contacto',
    'contact info',
    'telefono',
    'tel',
    'tlf',
    'movil',
    'phone',
    'email',
    'e mail',
    'correo',
    'correo electronico',
  ],
  // product, unit, par, price, step, note: as PRODUCT_COLUMNS reads them (@reorder/schemas, product-columns.ts).
  ...(Object.fromEntries(PRODUCT_CSV_COLUMNS.map((column) => [column.header, column.reads])) as Record<
    TProductCsvColumn,
    readonly string[]
  >),
};

const FIELD_BY_HEADER = new Map(CSV_COLUMNS.flatMap((column) => HEADER_NAMES[column].map((name) => [name, column] as const)));

/** A line of the export: its supplier's cells, and its product's values (a supplier without products: "" and nulls). */
export type TCsvLine = { supplier: string; service: string; contact: string } & TProductCsvRecord;

/** A product row's values of its CSV columns, by header, as a Product answers them: a text column's null reads "". */
export function csvValuesOf(row: Partial<Record<TProductCsvDbColumn, string | number | null>>): TProductCsvRecord {
  return Object.fromEntries(
    PRODUCT_CSV_COLUMNS.map(({ header, db, decimals }) => [header, decimals === undefined ? (row[db] ?? '') : (row[db] ?? null)]),
  ) as TProductCsvRecord;
}

/** The CSV text (with its BOM) of these lines, in the convention of `language` (platform/csv.ts). */
export function writeCatalogueCsv<T>(items: readonly T[], toLine: (item: T) => TCsvLine, language: TLanguage): Promise<string> {
  return csvFile(
    CSV_COLUMNS,
    items,
    (item) => {
      const line = toLine(item);
      return [
        csvText(line.supplier),
        line.service,
        csvText(line.contact),
        ...PRODUCT_CSV_COLUMNS.map(({ header, decimals }) => {
          const value = line[header];
          return decimals === undefined ? csvText(String(value ?? '')) : csvNumber(value as number | null, decimals, language);
        }),
      ];
    },
    language,
  );
}

/** One data row as read: its row number in the file (the header is row 1) and its cells by column; `undefined` for a column the file lacks. */
export interface TCsvRow {
  row: number;
  cells: Partial<Record<TCsvColumn, string>>;
  /** Every cell blank (a line of separators alone). */
  blank: boolean;
  /** What papaparse reported on the row: more cells than the header (how many it has), or quotes out of place. */
  tooManyCells?: number;
  badQuotes?: boolean;
}

/** What makes the file unreadable as a whole: a text key of `catalogue.problems` and its values. */
export interface TCsvProblem {
  key: 'empty' | 'noRows' | 'noSupplier' | 'unknownHeader' | 'mappedTwice' | 'tooManyRows';
  vars: Record<string, string>;
}

export interface TCsvRead {
  rows: TCsvRow[];
  /** Every column of the file, with the field it is read as (null: ignored). */
  columns: TCatalogueImportColumn[];
  /** The separator found: named in the message of a row with too many cells. */
  separator: string;
  problem?: TCsvProblem;
}

/** A header as compared with HEADER_NAMES and with the keys of a request's `columns`. */
const headerKey = (cell: string) =>
  cell
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** A cell as the owner meant it: trimmed, and without the `'` the export put before a formula-like text. */
function readCell(cell: string): string {
  const trimmed = cell.trim();
  return trimmed.startsWith("'") && csvText(trimmed.slice(1)) !== trimmed.slice(1) ? trimmed.slice(1) : trimmed;
}

/** Rows read between two turns of the event loop: about 20 ms of parsing on a slow core. */
const ROWS_PER_TURN = 250;

/**
 * Reads a catalogue CSV (docs/decisions.md §9.2): a BOM is skipped, the
 * separator (`,`, `;` or tab) detected, each column read by its header's
 * meaning unless `mapping` (a request's `columns`) says otherwise, and what
 * papaparse reports on a row (too many cells, quotes) kept on that row, so
 * every line is accounted for. It reads at most `maxRows` rows (the file is
 * refused past them without reading the rest) and gives the event loop a turn
 * every few hundred rows, so other requests are answered meanwhile.
 */
export function readCatalogueCsv(source: string, mapping: Record<string, TCsvColumn | null> = {}, maxRows = Infinity): Promise<TCsvRead> {
  const text = source.replace(/^\uFEFF/, '');
  const headers: string[] = [];
  const rows: TCsvRow[] = [];
  let fields: (TCsvColumn | null)[] = [];
  let columns: TCatalogueImportColumn[] = [];
  let problem: TCsvProblem | undefined;
  let separator = ',';
  // Row numbers as a spreadsheet shows them: counted from the line breaks before each record (a quoted cell may span lines).
  const lineBreak = lineBreakOf(text);
  const breakText = lineBreak;
  let counted = 0;
  let breaks = 0;
  let cursor = -1;
  let base = 0;
  const countBreaks = (to: number) => {
    for (let at = text.indexOf(breakText, counted); at !== -1 && at < to; at = text.indexOf(breakText, at + breakText.length)) breaks++;
    counted = Math.max(counted, to);
  };
  return new Promise((resolve) => {
    Papa.parse<Record<string, string | string[]>>(text, {
      header: true,
      // Told, not guessed: papaparse's guess parses the whole text once per candidate separator.
      delimiter: separatorOf(text, lineBreak),
      newline: lineBreak,
      skipEmptyLines: true,
      // Its fast mode splits the whole rest of the text into lines first, again at each resume: a 100,000-line file would be split before row 1.
      fastMode: false,
      // Keys by position: two headers alike stay two columns (papaparse would rename one), and the header text is kept as written.
      transformHeader: (header, index) => {
        headers[index] = header.trim();
        return String(index);
      },
      step(result, parser) {
        if (cursor === -1) {
          separator = result.meta.delimiter;
          ({ fields, columns, problem } = readHeader(headers, mapping));
          if (problem) return parser.abort();
          const headerEnd = text.indexOf(breakText);
          cursor = headerEnd === -1 ? text.length : headerEnd + breakText.length;
        }
        if (rows.length === maxRows) {
          problem = { key: 'tooManyRows', vars: { max: String(maxRows) } };
          return parser.abort();
        }
        let start = cursor;
        while (text.startsWith(breakText, start)) start += breakText.length;
        countBreaks(start);
        cursor = base + result.meta.cursor;
        const data = result.data;
        const cells: Partial<Record<TCsvColumn, string>> = {};
        let blank = true;
        for (let i = 0; i < headers.length; i++) {
          const cell = readCell(String(data[String(i)] ?? ''));
          if (cell !== '') blank = false;
          const field = fields[i];
          if (field) cells[field] = cell;
        }
        const row: TCsvRow = { row: breaks + 1, cells, blank };
        for (const error of result.errors) {
          if (error.code === 'TooManyFields')
            row.tooManyCells = headers.length + ((data.__parsed_extra as string[] | undefined)?.length ?? 0);
          else if (error.type === 'Quotes') row.badQuotes = true;
        }
        if (row.tooManyCells || row.badQuotes) row.blank = false;
        rows.push(row);
        if (rows.length % ROWS_PER_TURN === 0) {
          // papaparse resumes on the text after this row, counting its cursor from there.
          base = cursor;
          parser.pause();
          setImmediate(() => parser.resume());
        }
      },
      complete() {
        if (cursor === -1 && !problem) {
          // No data row: the header alone (or nothing) was read.
          if (headers.length === 0 || headers.every((header) => header === '')) problem = { key: 'empty', vars: {} };
          else {
            ({ fields, columns, problem } = readHeader(headers, mapping));
            problem ??= { key: 'noRows', vars: {} };
          }
        }
        resolve({ rows, columns, separator, ...(problem ? { problem } : {}) });
      },
    });
  });
}

/** The line break of a file: the first one it uses (`\r\n` from Excel on Windows). */
function lineBreakOf(text: string): '\r\n' | '\n' | '\r' {
  const at = text.search(/[\r\n]/);
  if (at === -1 || text[at] === '\n') return '\n';
  return text[at + 1] === '\n' ? '\r\n' : '\r';
}

/** The separator of a file: whichever of `;`, `,` and tab its header row has most of (`,` when it has none). */
function separatorOf(text: string, lineBreak: string): string {
  const end = text.indexOf(lineBreak);
  const header = end === -1 ? text : text.slice(0, end);
  const count = (separator: string) => header.split(separator).length - 1;
  return [';', '\t'].reduce((best, separator) => (count(separator) > count(best) ? separator : best), ',');
}

/**
 * The field of each header: a request's `mapping` first (by the header as
 * written, or alike case, accents and spacing aside), then by meaning; a
 * second column of one meaning, and any header we do not know, are ignored.
 */
function readHeader(
  headers: readonly string[],
  mapping: Record<string, TCsvColumn | null>,
): { fields: (TCsvColumn | null)[]; columns: TCatalogueImportColumn[]; problem?: TCsvProblem } {
  const keys = headers.map(headerKey);
  const chosen: (TCsvColumn | null | undefined)[] = headers.map(() => undefined);
  for (const [asked, field] of Object.entries(mapping)) {
    const exact = headers.indexOf(asked.trim());
    const index = exact !== -1 ? exact : keys.indexOf(headerKey(asked));
    if (index === -1) {
      const fields: (TCsvColumn | null)[] = [];
      const list = headers.map((header) => `“${header}”`).join(', ');
      return { fields, columns: [], problem: { key: 'unknownHeader', vars: { header: asked, headers: list } } };
    }
    chosen[index] = field;
  }
  const fields: (TCsvColumn | null)[] = headers.map(() => null);
  const owner = new Map<TCsvColumn, number>();
  for (let i = 0; i < headers.length; i++) {
    const field = chosen[i];
    if (!field) continue;
    const first = owner.get(field);
    if (first !== undefined) {
      return { fields, columns: [], problem: { key: 'mappedTwice', vars: { first: headers[first]!, second: headers[i]!, field } } };
    }
    owner.set(field, i);
    fields[i] = field;
  }
  for (let i = 0; i < headers.length; i++) {
    if (chosen[i] !== undefined) continue;
    const field = FIELD_BY_HEADER.get(keys[i]!);
    if (field && !owner.has(field)) {
      owner.set(field, i);
      fields[i] = field;
    }
  }
  const columns = headers.map((header, i) => ({ header, field: fields[i] ?? null, mapped: chosen[i] !== undefined }));
  if (!owner.has('supplier')) return { fields, columns, problem: { key: 'noSupplier', vars: {} } };
  return { fields, columns };
}

/**
 * A number cell: empty is null; `2,5` and `2.5` both read 2.5 (the separator
 * tells which mark a file uses, but a cell is clear either way); a number
 * with both marks (thousands separators) is refused rather than guessed.
 */
export function readNumberCell(cell: string): number | null | { error: 'thousands' | 'notNumber' } {
  // A currency sign is how a spreadsheet shows a price formatted as money ("14,90 €").
  const text = cell.replace(/\s/g, '').replace(/^[€$£]|[€$£]$/g, '');
  if (text === '') return null;
  if (text.includes('.') && text.includes(',')) return { error: 'thousands' };
  if (!/^\d+([.,]\d+)?$/.test(text)) return { error: 'notNumber' };
  return Number(text.replace(',', '.'));
}
