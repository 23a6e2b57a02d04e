import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvFile } from './csv.ts';

const FIELDS = ['Supplier', 'Product', 'Note'];
// Cells papaparse quotes (separators, quotes, line ends, edge spaces) and cells it leaves bare.
const CELLS = ['Frutas Paco', 'a,b', 'a;b', 'say "hi"', 'two\nlines', ' edge ', '', '1,5', 'ñandú'];

function inOneGo(rows: string[][], delimiter: string): string {
  return `\uFEFF${Papa.unparse({ fields: FIELDS, data: rows }, { delimiter, newline: '\r\n', quotes: false })}\r\n`;
}

describe('csvFile', () => {
  it.each([0, 1, 999, 1000, 1001, 2500])('writes %i rows in chunks with the bytes of the file in one go', async (count) => {
    const rows = Array.from({ length: count }, (_, i) => FIELDS.map((_, j) => CELLS[(i * 5 + j * 3) % CELLS.length] ?? ''));
    expect(await csvFile(FIELDS, rows, 'en')).toBe(inOneGo(rows, ','));
    expect(await csvFile(FIELDS, rows, 'es')).toBe(inOneGo(rows, ';'));
  });

  it('lets other work run between chunks of a long file', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => [`S${i}`, `P${i}`, '']);
    let othersRan = false;
    setImmediate(() => {
      othersRan = true;
    });
    await csvFile(FIELDS, rows, 'en');
    expect(othersRan).toBe(true);
  });
});
