import type { TLanguage } from '@reorder/schemas';
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

export const CSV_COLUMNS = ['supplier', 'service', 'contact', 'product', 'unit', 'par', 'price', 'step', 'note'] as const;
export type TCsvColumn = (typeof CSV_COLUMNS)[number];

/** The header names read as each column (compared lower case, without accents, spaces as `_`). */
const HEADER_NAMES: Record<TCsvColumn, readonly string[]> = {
  supplier: ['supplier', 'proveedor'],
  service: ['service', 'servicio', 'send_via', 'enviar_por'],
  contact: ['contact', 'contacto', 'contact_info'],
  product: ['product', 'producto', 'name', 'nombre'],
  unit: ['unit', 'unidad'],
  par: ['par', 'stock_objetivo', 'nivel_par'],
  price: ['price', 'precio'],
  step: ['step', 'paso', 'multiplo', 'pack'],
  note: ['note', 'nota', 'notes', 'notas'],
};

export interface TCsvLine {
  supplier: string;
  service: string;
  contact: string;
  product: string;
  unit: string;
  par: number | null;
  price: number | null;
  step: number | null;
  note: string;
}

/** The CSV text (with its BOM) of these lines, in the convention of `language` (platform/csv.ts). */
export function writeCatalogueCsv(lines: readonly TCsvLine[], language: TLanguage): string {
  const rows = lines.map((line) => [
    csvText(line.supplier),
    line.service,
    csvText(line.contact),
    csvText(line.product),
    csvText(line.unit),
    csvNumber(line.par, 3, language),
    csvNumber(line.price, 4, language),
    csvNumber(line.step, 3, language),
    csvText(line.note),
  ]);
  return csvFile(CSV_COLUMNS, rows, language);
}

/** One data row as read: its row number in the file (the header is row 1) and its cells by column; `undefined` for a column the file lacks. */
export interface TCsvRow {
  row: number;
  cells: Partial<Record<TCsvColumn, string>>;
}

export interface TCsvRead {
  rows: TCsvRow[];
  /** What makes the file unreadable as a whole (no header we know, a column twice, ...). */
  problem?: string;
  columns: TCsvColumn[];
}

const headerKey = (cell: string) =>
  cell
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** A cell as the owner meant it: trimmed, and without the `'` the export put before a formula-like text. */
function readCell(cell: string): string {
  const trimmed = cell.trim();
  return trimmed.startsWith("'") && csvText(trimmed.slice(1)) !== trimmed.slice(1) ? trimmed.slice(1) : trimmed;
}

/** Reads a catalogue CSV: a BOM and blank lines are skipped, the separator (`,`, `;` or tab) is detected. */
export function readCatalogueCsv(text: string): TCsvRead {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimiter: '',
    delimitersToGuess: [';', ',', '\t'],
    skipEmptyLines: 'greedy',
  });
  const [header, ...data] = parsed.data;
  if (!header) return { rows: [], columns: [], problem: 'The file is empty' };
  const columns: (TCsvColumn | undefined)[] = header.map((cell) => {
    const key = headerKey(cell);
    return CSV_COLUMNS.find((column) => HEADER_NAMES[column].includes(key));
  });
  const unknown = header.filter((_, i) => columns[i] === undefined).map((cell) => `"${cell.trim()}"`);
  if (unknown.length > 0) {
    return {
      rows: [],
      columns: [],
      problem: `Unknown column ${unknown.join(', ')} in row 1: the columns are ${CSV_COLUMNS.join(', ')} (or proveedor, servicio, contacto, producto, unidad, par, precio, paso, nota)`,
    };
  }
  const twice = columns.find((column, i) => columns.indexOf(column) !== i);
  if (twice) return { rows: [], columns: [], problem: `The column ${twice} is in row 1 twice` };
  if (!columns.includes('supplier')) return { rows: [], columns: [], problem: 'Row 1 must name the columns, with at least supplier' };
  // Row numbers as a spreadsheet shows them: papaparse skipped blank lines, so they are counted from the text.
  const numbers = lineNumbers(text, parsed.data.length);
  const rows = data.map((cells, i) => ({
    row: numbers[i + 1] ?? i + 2,
    cells: Object.fromEntries(columns.map((column, j) => [column, readCell(cells[j] ?? '')])) as Partial<Record<TCsvColumn, string>>,
  }));
  return { rows, columns: columns as TCsvColumn[] };
}

/** The file row number of each non-blank record (a quoted cell may span lines; those are rare enough to count by records). */
function lineNumbers(text: string, records: number): number[] {
  const numbers: number[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  for (let i = 0; i < lines.length && numbers.length < records; i++) {
    if (lines[i]!.replace(/[;,\t\s]/g, '') !== '') numbers.push(i + 1);
  }
  return numbers;
}

/**
 * A number cell: empty is null; `2,5` and `2.5` both read 2.5 (the separator
 * tells which mark a file uses, but a cell is clear either way); a number
 * with both marks (thousands separators) is refused rather than guessed.
 */
export function readNumberCell(cell: string): number | null | { error: string } {
  const text = cell.replace(/\s/g, '');
  if (text === '') return null;
  if (text.includes('.') && text.includes(',')) return { error: 'must be written without thousands separators' };
  if (!/^\d+([.,]\d+)?$/.test(text)) return { error: 'must be a number' };
  return Number(text.replace(',', '.'));
}
