import type { StoredBillLine } from '@reorder/db';
import {
  HOLDED_BILL_COLUMNS,
  LIBRO_COLUMNS,
  type TBillExportFormat,
  type TBillsCsvInput,
  type TLanguage,
  XERO_BILL_COLUMNS,
  xeroTaxTypeOf,
} from '@reorder/schemas';
import { DateTime } from 'luxon';
import { nowOf } from '../context.ts';
import { AppError } from '../errors.ts';
import { money } from '../platform/cents.ts';
import { csvFile, csvNumber, csvText } from '../platform/csv.ts';
import type { BillsContext } from './bills.service.ts';
import { totalsByRate } from './totals.ts';

/**
 * The accountant's files of approved bills (docs/decisions.md §9.6): Xero's
 * bill import template and Holded's purchase-invoice import, a row per line;
 * Spain's register of received invoices (libro registro de facturas
 * recibidas), a row per bill and tax rate. Each in the CSV convention of the
 * caller's language (§8.3: `;` and decimal commas for Spanish). The bills
 * written become `exported`; one already exported is written again only
 * when asked (`again=true`).
 */

export const RANGE_BACKWARDS = 'From must be on or before To';

export type ExportContext = BillsContext & { user: BillsContext['user'] & { language: TLanguage; time_zone: string } };

interface ExportedBill {
  id: number;
  number: string;
  issuedOn: string;
  dueOn: string | null;
  currency: string;
  lines: StoredBillLine[];
  approvedAt: Date | null;
  supplier: string;
  supplierTaxId: string;
  supplierEmail: string;
}

/** "2026-11-28" as "28/11/2026", the day format of the three imports. */
const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

function xeroRows(bills: readonly ExportedBill[], settings: Settings, language: TLanguage): string[][] {
  return bills.flatMap((bill) =>
    bill.lines.map((line) => [
      csvText(bill.supplier),
      csvText(bill.supplierEmail),
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      csvText(bill.number),
      '',
      day(bill.issuedOn),
      day(bill.dueOn ?? bill.issuedOn),
      csvText(line.description),
      csvNumber(line.quantity, 3, language),
      csvNumber(line.unitPrice, 4, language),
      '',
      csvText(settings.accountCode),
      csvText(xeroTaxTypeOf(line.taxRate, settings.taxTypes)),
      bill.currency,
    ]),
  );
}

function holdedRows(bills: readonly ExportedBill[], language: TLanguage): string[][] {
  return bills.flatMap((bill) =>
    bill.lines.map((line) => [
      csvText(bill.number),
      day(bill.issuedOn),
      day(bill.dueOn ?? bill.issuedOn),
      '',
      csvText(bill.supplier),
      csvText(bill.supplierTaxId),
      '',
      '',
      '',
      '',
      '',
      csvText(line.description),
      '',
      '',
      csvNumber(line.unitPrice, 4, language),
      csvNumber(line.quantity, 3, language),
      '',
      csvNumber(line.taxRate, 2, language),
    ]),
  );
}

function libroRows(bills: readonly ExportedBill[], zone: string, language: TLanguage): string[][] {
  return bills.flatMap((bill) => {
    const registered = DateTime.fromJSDate(bill.approvedAt ?? new Date(), { zone }).toISODate() as string;
    return totalsByRate(bill.lines).map((rate) => [
      day(bill.issuedOn),
      day(registered),
      csvText(bill.number),
      csvText(bill.supplierTaxId),
      csvText(bill.supplier),
      csvNumber(money(rate.base), 2, language),
      csvNumber(rate.rate, 2, language),
      csvNumber(money(rate.tax), 2, language),
      csvNumber(money(rate.base + rate.tax), 2, language),
    ]);
  });
}

interface Settings {
  accountCode: string;
  taxTypes: { rate: number; taxType: string }[];
}

const HEADERS: Record<TBillExportFormat, readonly string[]> = {
  xero: XERO_BILL_COLUMNS,
  holded: HOLDED_BILL_COLUMNS,
  libro: LIBRO_COLUMNS,
};

/**
 * `GET /bills.csv?format=&from=&to=&again=` (owners and managers): the
 * approved bills issued in the range (both days included; either end left
 * out: open), oldest first, and with `again` the exported ones too; each
 * written is marked exported in the same transaction that read it, so two
 * exports at once never write a bill twice.
 */
export async function billsCsv(ctx: ExportContext, input: TBillsCsvInput): Promise<{ filename: string; content: string }> {
  if (input.from && input.to && input.from > input.to) {
    throw new AppError('BAD_REQUEST', RANGE_BACKWARDS, { issues: [{ path: 'from', message: RANGE_BACKWARDS }] });
  }
  const businessId = ctx.business.id;
  const now = new Date(nowOf(ctx));
  const { bills, settings } = await ctx.db.transaction().execute(async (tx) => {
    let query = tx
      .selectFrom('bills')
      .innerJoin('suppliers', 'suppliers.id', 'bills.supplier_id')
      .select([
        'bills.id',
        'bills.number',
        'bills.issued_on',
        'bills.due_on',
        'bills.currency',
        'bills.lines',
        'bills.approved_at',
        'suppliers.name',
        'suppliers.tax_id',
        'suppliers.message_service',
        'suppliers.contact_info',
      ])
      .where('bills.business_id', '=', businessId)
      .where('bills.status', 'in', input.again ? ['approved', 'exported'] : ['approved']);
    if (input.from) query = query.where('bills.issued_on', '>=', input.from);
    if (input.to) query = query.where('bills.issued_on', '<=', input.to);
    const rows = await query.orderBy('bills.issued_on').orderBy('bills.id').forUpdate().execute();
    if (rows.length > 0) {
      await tx
        .updateTable('bills')
        .set({ status: 'exported', exported_at: now, updated_at: now })
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .execute();
    }
    const business = await tx
      .selectFrom('businesses')
      .select(['xero_account_code', 'xero_tax_types'])
      .where('id', '=', businessId)
      .executeTakeFirstOrThrow();
    return {
      bills: rows.map(
        (row): ExportedBill => ({
          id: row.id,
          number: row.number,
          issuedOn: row.issued_on,
          dueOn: row.due_on,
          currency: row.currency,
          lines: row.lines,
          approvedAt: row.approved_at,
          supplier: row.name,
          supplierTaxId: row.tax_id,
          supplierEmail: row.message_service === 'email' ? row.contact_info : '',
        }),
      ),
      settings: { accountCode: business.xero_account_code, taxTypes: business.xero_tax_types },
    };
  });
  const language = ctx.user.language;
  const rows =
    input.format === 'xero'
      ? xeroRows(bills, settings, language)
      : input.format === 'holded'
        ? holdedRows(bills, language)
        : libroRows(bills, ctx.user.time_zone, language);
  const range = `${input.from ?? 'start'}-to-${input.to ?? DateTime.fromJSDate(now, { zone: ctx.user.time_zone }).toISODate()}`;
  return { filename: `bills-${input.format}-${range}.csv`, content: await csvFile(HEADERS[input.format], rows, (row) => row, language) };
}
