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
  it.each([0, 1, 249, 250, 251, 999, 1000, 1001, 2500])('writes %i rows in chunks with the bytes of the file in one go', async (count) => {
    const rows = Array.from({ length: count }, (_, i) => FIELDS.map((_, j) => CELLS[(i * 5 + j * 3) % CELLS.length] ?? ''));
    expect(await csvFile(FIELDS, rows, (row) => row, 'en')).toBe(inOneGo(rows, ','));
    expect(await csvFile(FIELDS, rows, (row) => row, 'es')).toBe(inOneGo(rows, ';'));
  });

  it("lets other work run between chunks of a long file, each chunk's rows made in its own turn", async () => {
    const items = Array.from({ length: 3000 }, (_, i) => i);
    let made = 0;
    let madeBeforeOthers: number | undefined;
    setImmediate(() => {
      madeBeforeOthers = made;
    });
    const toCells = (i: number) => {
      made++;
      return [`S${i}`, `P${i}`, ''];
    };
    const file = await csvFile(FIELDS, items, toCells, 'en');
    expect(madeBeforeOthers).toBeLessThan(items.length);
    expect(file).toBe(
      inOneGo(
        items.map((i) => [`S${i}`, `P${i}`, '']),
        ',',
      ),
    );
  });
});
