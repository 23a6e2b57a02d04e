import { formatQuantity, type TLanguage } from '@reorder/schemas';
import Papa from 'papaparse';
import { nextTurn } from './turn.ts';

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

/** Rows made and written per event-loop turn: a 10,000-row export in one go held the loop for ~150 ms, in 1,000s ~100 ms (§9.7). */
const ROWS_PER_TURN = 250;

/**
 * The whole file: the header and a row of cells for each item (`toCells`),
 * with its BOM, in the convention of `language`. Made and written a chunk of
 * rows per turn; papaparse quotes cell by cell, so the text is the same as in
 * one go.
 */
export async function csvFile<T>(
  fields: readonly string[],
  items: readonly T[],
  toCells: (item: T) => string[],
  language: TLanguage,
): Promise<string> {
  const config = { delimiter: language === 'es' ? ';' : ',', newline: '\r\n', quotes: false };
  const chunk = (start: number) => items.slice(start, start + ROWS_PER_TURN).map(toCells);
  // The first chunk with the header, as the file in one go would be (an empty one included).
  const lines = [Papa.unparse({ fields: [...fields], data: chunk(0) }, config)];
  for (let start = ROWS_PER_TURN; start < items.length; start += ROWS_PER_TURN) {
    await nextTurn();
    lines.push(Papa.unparse(chunk(start), config));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
