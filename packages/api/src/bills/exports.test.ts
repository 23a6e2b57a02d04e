import { HOLDED_BILL_COLUMNS, LIBRO_COLUMNS, XERO_BILL_COLUMNS } from '@reorder/schemas';
import { type Owner, refusal, useDomain } from '@reorder/testing';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { RANGE_BACKWARDS } from './exports.ts';

/**
 * The accountant's files of docs/decisions.md §9.6, in-process: each
 * format's exact header and rows, read back by papaparse with its totals
 * compared with the bills'; the Spanish convention; approved bills only,
 * exported once unless asked again; the range.
 */
const t = useDomain();

/** Two approved bills of two suppliers (rates 4 %, 10 % and 21 %) and a draft, for an owner in `language`. */
async function books(language: 'en' | 'es') {
  const owner = await t.domain.owner({ language, businessName: 'Café Luna' });
  await owner.api.users.updateMe({ timeZone: 'Europe/Madrid' });
  await owner.api.businesses.update({ defaultTaxRate: 10 });
  const fruit = await owner.api.suppliers.create({
    name: 'Frutas Pepe',
    contactName: '',
    messageService: 'email',
    contactInfo: 'pepe@example.com',
    note: '',
    taxId: 'B12345678',
  });
  const dairy = await owner.api.suppliers.create({
    name: '=Lácteos; "Sur"',
    contactName: '',
    messageService: 'other',
    contactInfo: '',
    note: '',
    taxId: 'A87654321',
  });
  const first = await owner.api.bills.create({
    supplierId: fruit.id,
    number: 'F-311',
    issuedOn: '2026-11-03',
    dueOn: '2026-12-03',
    lines: [
      { description: 'Lemons', quantity: 2.5, unitPrice: 3.2, taxRate: 4 },
      { description: 'Tomatoes', quantity: 1.333, unitPrice: 1.8555 },
      { description: 'Transport', quantity: 1, unitPrice: 5, taxRate: 21 },
    ],
  });
  const second = await owner.api.bills.create({
    supplierId: dairy.id,
    number: '2026/77',
    issuedOn: '2026-11-20',
    lines: [{ description: 'Milk', quantity: 12, unitPrice: 0.95, taxRate: 4 }],
  });
  const draft = await owner.api.bills.create({
    supplierId: fruit.id,
    number: 'F-312',
    issuedOn: '2026-11-21',
    lines: [{ description: 'Lemons', quantity: 1, unitPrice: 3.2 }],
  });
  t.domain.deps.clock = () => Date.parse('2026-11-28T23:30:00Z');
  await owner.api.bills.approve({ id: first.id });
  await owner.api.bills.approve({ id: second.id });
  t.domain.deps.clock = undefined;
  return { owner, fruit, dairy, first, second, draft };
}

/** The file as a spreadsheet reads it: BOM, CRLF, the separator of the language; numbers back from its decimal mark. */
function read(content: string, language: 'en' | 'es') {
  expect(content.startsWith('\uFEFF')).toBe(true);
  expect(content.endsWith('\r\n')).toBe(true);
  const parsed = Papa.parse<string[]>(content.slice(1), { delimiter: language === 'es' ? ';' : ',', skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const [header, ...rows] = parsed.data;
  return { header, rows };
}
const number = (cell: string | undefined, language: 'en' | 'es') => Number(language === 'es' ? (cell ?? '').replace(',', '.') : cell);
const cents = (amount: number) => Math.round(amount * 100);

const exportOf = (owner: Owner, format: 'xero' | 'holded' | 'libro', extra: { from?: string; to?: string; again?: boolean } = {}) =>
  owner.api.bills.exportCsv({ format, ...extra });

describe('the Xero file', () => {
  it("is Xero's bill template, a row per line, with the account code and a tax type per rate", async () => {
    const { owner, first, second } = await books('en');
    const file = await exportOf(owner, 'xero', { from: '2026-11-01', to: '2026-11-30' });
    expect(file.filename).toBe('bills-xero-2026-11-01-to-2026-11-30.csv');
    const { header, rows } = read(file.content, 'en');
    expect(header).toEqual([...XERO_BILL_COLUMNS]);
    expect(header?.join(',')).toBe(
      '*ContactName,EmailAddress,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,POCity,PORegion,POPostalCode,POCountry,*InvoiceNumber,Reference,*InvoiceDate,*DueDate,Description,*Quantity,*UnitAmount,Discount,*AccountCode,*TaxType,Currency',
    );
    const blank = ['', '', '', '', '', '', '', ''];
    expect(rows).toEqual([
      [
        'Frutas Pepe',
        'pepe@example.com',
        ...blank,
        'F-311',
        '',
        '03/11/2026',
        '03/12/2026',
        'Lemons',
        '2.5',
        '3.2',
        '',
        '300',
        '4% (VAT on Expenses)',
        'EUR',
      ],
      [
        'Frutas Pepe',
        'pepe@example.com',
        ...blank,
        'F-311',
        '',
        '03/11/2026',
        '03/12/2026',
        'Tomatoes',
        '1.333',
        '1.8555',
        '',
        '300',
        '10% (VAT on Expenses)',
        'EUR',
      ],
      [
        'Frutas Pepe',
        'pepe@example.com',
        ...blank,
        'F-311',
        '',
        '03/11/2026',
        '03/12/2026',
        'Transport',
        '1',
        '5',
        '',
        '300',
        '21% (VAT on Expenses)',
        'EUR',
      ],
      // A formula-like name is kept as text; the due day is the issue day when none is given.
      [
        '\'=Lácteos; "Sur"',
        '',
        ...blank,
        '2026/77',
        '',
        '20/11/2026',
        '20/11/2026',
        'Milk',
        '12',
        '0.95',
        '',
        '300',
        '4% (VAT on Expenses)',
        'EUR',
      ],
    ]);
    // Read back, the lines add up to the bills' bases.
    const base = rows.reduce((sum, row) => sum + cents(number(row[15], 'en') * number(row[16], 'en')), 0);
    expect(base).toBe(cents(first.totals.base) + cents(second.totals.base));
    // Exported once: the bills are marked, and the next file has none of them.
    expect((await owner.api.bills.get({ id: first.id })).status).toBe('exported');
    expect(read((await exportOf(owner, 'xero')).content, 'en').rows).toEqual([]);
    // Unless asked again, with the business's own account code and tax type for 4 %.
    await owner.api.bills.updateSettings({ xeroAccountCode: '429', xeroTaxTypes: [{ rate: 4, taxType: 'IVA 4%' }] });
    const again = read((await exportOf(owner, 'xero', { again: true })).content, 'en').rows;
    expect(again.map((row) => [row[10], row[18], row[19]])).toEqual([
      ['F-311', '429', 'IVA 4%'],
      ['F-311', '429', '10% (VAT on Expenses)'],
      ['F-311', '429', '21% (VAT on Expenses)'],
      ['2026/77', '429', 'IVA 4%'],
    ]);
  });
});

describe('the Holded file', () => {
  it("is Holded's purchase-invoice import, a row per line, in the Spanish convention for a Spanish owner", async () => {
    const { owner, first, second } = await books('es');
    const file = await exportOf(owner, 'holded');
    expect(file.content.split('\r\n')[0]).toBe(`\uFEFF${HOLDED_BILL_COLUMNS.join(';')}`);
    const { header, rows } = read(file.content, 'es');
    expect(header).toEqual([...HOLDED_BILL_COLUMNS]);
    expect(rows).toEqual([
      ['F-311', '03/11/2026', '03/12/2026', '', 'Frutas Pepe', 'B12345678', '', '', '', '', '', 'Lemons', '', '', '3,2', '2,5', '', '4'],
      [
        'F-311',
        '03/11/2026',
        '03/12/2026',
        '',
        'Frutas Pepe',
        'B12345678',
        '',
        '',
        '',
        '',
        '',
        'Tomatoes',
        '',
        '',
        '1,8555',
        '1,333',
        '',
        '10',
      ],
      ['F-311', '03/11/2026', '03/12/2026', '', 'Frutas Pepe', 'B12345678', '', '', '', '', '', 'Transport', '', '', '5', '1', '', '21'],
      [
        '2026/77',
        '20/11/2026',
        '20/11/2026',
        '',
        '\'=Lácteos; "Sur"',
        'A87654321',
        '',
        '',
        '',
        '',
        '',
        'Milk',
        '',
        '',
        '0,95',
        '12',
        '',
        '4',
      ],
    ]);
    // Each line's base and tax, added per bill and rate as the bill does, give its totals.
    const byBill = new Map<string, Map<number, number>>();
    for (const row of rows) {
      const rates = byBill.get(row[0] ?? '') ?? new Map<number, number>();
      const rate = number(row[17], 'es');
      rates.set(rate, (rates.get(rate) ?? 0) + cents(number(row[14], 'es') * number(row[15], 'es')));
      byBill.set(row[0] ?? '', rates);
    }
    for (const bill of [first, second]) {
      const rates = byBill.get(bill.number) ?? new Map();
      const total = [...rates].reduce((sum, [rate, base]) => sum + base + Math.round((base * rate) / 100), 0);
      expect(total).toBe(cents(bill.totals.total));
    }
  });
});

describe('the register of received invoices', () => {
  it("is a row per bill and rate, with the exact header, adding up to the bills' totals", async () => {
    for (const language of ['en', 'es'] as const) {
      const { owner, first, second } = await books(language);
      const file = await exportOf(owner, 'libro');
      const separator = language === 'es' ? ';' : ',';
      expect(file.content.split('\r\n')[0]).toBe(`\uFEFF${LIBRO_COLUMNS.join(separator)}`);
      const { rows } = read(file.content, language);
      const mark = (text: string) => (language === 'es' ? text.replace('.', ',') : text);
      // Registered the day it was approved, in the owner's time zone (23:30 UTC is the 29th in Madrid).
      expect(rows).toEqual([
        ['03/11/2026', '29/11/2026', 'F-311', 'B12345678', 'Frutas Pepe', '8', '4', mark('0.32'), mark('8.32')],
        ['03/11/2026', '29/11/2026', 'F-311', 'B12345678', 'Frutas Pepe', mark('2.47'), '10', mark('0.25'), mark('2.72')],
        ['03/11/2026', '29/11/2026', 'F-311', 'B12345678', 'Frutas Pepe', '5', '21', mark('1.05'), mark('6.05')],
        ['20/11/2026', '29/11/2026', '2026/77', 'A87654321', '\'=Lácteos; "Sur"', mark('11.4'), '4', mark('0.46'), mark('11.86')],
      ]);
      for (const bill of [first, second]) {
        const mine = rows.filter((row) => row[2] === bill.number);
        expect(mine.reduce((sum, row) => sum + cents(number(row[5], language)), 0)).toBe(cents(bill.totals.base));
        expect(mine.reduce((sum, row) => sum + cents(number(row[7], language)), 0)).toBe(cents(bill.totals.tax));
        expect(mine.reduce((sum, row) => sum + cents(number(row[8], language)), 0)).toBe(cents(bill.totals.total));
        expect(mine.map((row) => number(row[6], language))).toEqual(bill.totals.byRate.map((rate) => rate.rate));
      }
    }
  });
});

describe('what is exported', () => {
  it('is the approved bills issued in the range, never a draft; a range backwards is refused', async () => {
    const { owner, second, draft } = await books('en');
    const file = await exportOf(owner, 'libro', { from: '2026-11-04', to: '2026-11-20' });
    expect(read(file.content, 'en').rows.map((row) => row[2])).toEqual(['2026/77']);
    expect((await owner.api.bills.get({ id: second.id })).exportedAt).not.toBeNull();
    expect((await owner.api.bills.get({ id: draft.id })).status).toBe('draft');
    expect(await refusal(exportOf(owner, 'libro', { from: '2026-11-30', to: '2026-11-01' }))).toMatchObject({
      kind: 'BAD_REQUEST',
      message: RANGE_BACKWARDS,
    });
    expect(await refusal(owner.api.bills.exportCsv({ format: 'sage' } as never))).toMatchObject({
      kind: 'BAD_REQUEST',
      message: 'Format must be xero, holded or libro',
    });
  });
});
