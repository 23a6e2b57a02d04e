import { formatQuantity, type TLanguage } from '@reorder/schemas';
import Papa from 'papaparse';

/**
 * How every CSV the app writes looks (docs/decisions.md §8.3): UTF-8 with a
 * BOM; for Spanish `;`-separated with decimal commas (what Excel in Spanish
 * opens as columns), otherwise `,` with points; CRLF line ends; a cell that a
 * spreadsheet would run as a formula gets a leading `'`. Quoting is papaparse's.
 */

const FORMULA_START = /^[=+\-@]/;

/** A text cell as written: a formula-like start gets a leading `'`. */
export function csvText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A number cell with at most `decimals` decimals, in the language's decimal mark ("" for none). */
export function csvNumber(value: number | null, decimals: number, language: TLanguage): string {
  if (value === null) return '';
  const text = formatQuantity(value, decimals);
  return language === 'es' ? text.replace('.', ',') : text;
}

/** The whole file: the header and the rows (cells already written), with its BOM, in the convention of `language`. */
export function csvFile(fields: readonly string[], rows: readonly string[][], language: TLanguage): string {
  const delimiter = language === 'es' ? ';' : ',';
  const text = Papa.unparse({ fields: [...fields], data: rows as string[][] }, { delimiter, newline: '\r\n', quotes: false });
  return `\uFEFF${text}\r\n`;
}
