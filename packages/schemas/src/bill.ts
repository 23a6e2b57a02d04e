import { z } from 'zod';
import { zAmount, zDateTime, zId, zOptionalInput, zSafeString } from './fields.ts';
import { zPrice } from './product-columns.ts';
import { zTaxRateValue } from './tax.ts';

/** A supplier's invoice, matched against what was ordered, received and confirmed (docs/decisions.md §9.6). */
export const BILL_STATUSES = ['draft', 'matched', 'mismatch', 'approved', 'exported'] as const;
export type TBillStatus = (typeof BILL_STATUSES)[number];
/** The statuses a bill may still be changed and approved in. */
export const OPEN_BILL_STATUSES: readonly TBillStatus[] = ['draft', 'matched', 'mismatch'];
export const BILL_FLAGS = ['quantity', 'price', 'not_received', 'not_ordered'] as const;
export type TBillFlag = (typeof BILL_FLAGS)[number];
export const BILL_EXPORT_FORMATS = ['xero', 'holded', 'libro'] as const;
export type TBillExportFormat = (typeof BILL_EXPORT_FORMATS)[number];
/** What an invoice's file may be, by its content (not its name or the Content-Type sent). */
export const BILL_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type TBillFileType = (typeof BILL_FILE_TYPES)[number];

export const BILL_LIMITS = {
  /** The invoice's file: at most 5 MB. */
  fileBytes: 5 * 1024 * 1024,
  numberMax: 40,
  descriptionMax: 200,
  linesMax: 500,
  sentOrdersMax: 20,
  /** A billed price matches the expected one within 1 % of it; quantities match exactly. */
  priceTolerance: 0.01,
} as const;

export const ZBillLine = z
  .object({
    productId: z.number().int().nullable().describe('The product billed, or null for a line of its own (transport, a deposit)'),
    description: z.string().describe("What the invoice says (the product's name when not given)"),
    quantity: z.number().describe('The quantity billed'),
    unitPrice: z.number().describe('The price per unit before tax'),
    taxRate: z.number().describe('The tax rate in percent'),
  })
  .meta({ id: 'BillLine' });
export type TBillLine = z.infer<typeof ZBillLine>;

export const ZBillRate = z
  .object({
    rate: z.number().describe('A tax rate in percent'),
    base: z.number().describe('The base taxed at it, to the cent'),
    tax: z.number().describe('base × rate, to the cent (half up)'),
  })
  .meta({ id: 'BillRate' });

export const ZBillTotals = z
  .object({
    base: z.number().describe('The sum of the lines (quantity × unit price, each to the cent)'),
    tax: z.number().describe('The sum of the tax of each rate'),
    total: z.number().describe('base + tax'),
    byRate: z.array(ZBillRate).describe('Per rate, lowest first'),
  })
  .meta({ id: 'BillTotals' });
export type TBillTotals = z.infer<typeof ZBillTotals>;

export const ZBillMatchLine = z
  .object({
    productId: z.number().int().nullable().describe('The product (null for a billed line of its own)'),
    ordered: z.number().describe("What the bill's sent orders ordered of it (0 when none did)"),
    received: z.number().nullable().describe("What arrived, from the sent orders' closed receipts; null when none is closed"),
    billed: z.number().describe('What the bill charges (0 when it does not)'),
    expectedPrice: z.number().nullable().describe("The price agreed: the supplier's confirmed one, else the one sent; null when none"),
    billedPrice: z.number().nullable().describe('The unit price billed, or null when not billed'),
    flag: z
      .enum(BILL_FLAGS)
      .nullable()
      .describe(
        'null when it matches; "not_ordered": billed, not in the orders; "not_received": billed, nothing arrived; "quantity": billed ≠ received (or, with no closed receipt, confirmed else ordered); "price": billed price off the expected one by more than 1 %',
      ),
  })
  .meta({ id: 'BillMatchLine' });
export type TBillMatchLine = z.infer<typeof ZBillMatchLine>;

export const ZBillMatch = z
  .object({
    lines: z.array(ZBillMatchLine).describe("One per product of the bill or of its sent orders, in the bill's order then the orders'"),
    difference: z
      .number()
      .describe("The bill's base − the expected base (what arrived, or else was confirmed or ordered, × expected price), to the cent"),
  })
  .meta({ id: 'BillMatch' });
export type TBillMatch = z.infer<typeof ZBillMatch>;

export const ZBillFile = z
  .object({
    contentType: z.enum(BILL_FILE_TYPES).describe('image/jpeg, image/png, image/webp or application/pdf, by its content'),
    size: z.number().int().describe('Its size in bytes'),
    uploadedAt: zDateTime('When it was attached (ISO 8601)'),
  })
  .meta({ id: 'BillFile' });
export type TBillFile = z.infer<typeof ZBillFile>;

export const ZBill = z
  .object({
    id: z.number().int().describe('Bill id'),
    supplierId: z.number().int().describe('Supplier id'),
    number: z.string().describe("The invoice's number"),
    issuedOn: z.iso.date().describe('The day it was issued'),
    dueOn: z.iso.date().nullable().describe('The day it is due, or null'),
    currency: z.string().describe('ISO 4217'),
    sentOrderIds: z.array(z.number().int()).describe('The sent orders it bills'),
    lines: z.array(ZBillLine).describe('Its lines, as the invoice has them'),
    totals: ZBillTotals.describe('Its totals: base, tax and total, and per rate, to the cent'),
    status: z
      .enum(BILL_STATUSES)
      .describe(
        '"draft" without sent orders to match; "matched" or "mismatch" by its flags; "approved" by an owner or manager; "exported" once in an export',
      ),
    match: ZBillMatch.nullable().describe('The match against its sent orders, or null without any'),
    file: ZBillFile.nullable().describe("The invoice's photo or PDF, or null; `GET /bills/{id}/file` answers it"),
    approvedAt: z.iso.datetime().nullable().describe('When it was approved (ISO 8601), or null'),
    exportedAt: z.iso.datetime().nullable().describe('When it was last exported (ISO 8601), or null'),
  })
  .meta({
    id: 'Bill',
    description: "A supplier's invoice, matched against the orders it bills (docs/decisions.md §9.6)",
    example: {
      id: 7,
      supplierId: 12,
      number: 'F-2026-0311',
      issuedOn: '2026-11-28',
      dueOn: '2026-12-28',
      currency: 'EUR',
      sentOrderIds: [31],
      lines: [{ productId: 40, description: 'Lemons', quantity: 1, unitPrice: 3.3, taxRate: 10 }],
      totals: { base: 3.3, tax: 0.33, total: 3.63, byRate: [{ rate: 10, base: 3.3, tax: 0.33 }] },
      status: 'mismatch',
      match: {
        lines: [{ productId: 40, ordered: 2, received: 1, billed: 1, expectedPrice: 3.2, billedPrice: 3.3, flag: 'price' }],
        difference: 0.1,
      },
      file: { contentType: 'image/jpeg', size: 182044, uploadedAt: '2026-11-28T10:02:00.000Z' },
      approvedAt: null,
      exportedAt: null,
    },
  });
export type TBill = z.infer<typeof ZBill>;

const zDay = (label: string) => z.iso.date({ error: `${label} must be a date like 2026-11-28` });

export const ZBillLineInput = z
  .object({
    productId: zId('Product id')
      .nullable()
      .optional()
      .describe("A product of the bill's supplier; null or left out for a line of its own (then `description` is required)"),
    description: zSafeString('Description')
      .max(BILL_LIMITS.descriptionMax, { error: `Description must be at most ${BILL_LIMITS.descriptionMax} characters` })
      .optional()
      .describe(`What the invoice says, at most ${BILL_LIMITS.descriptionMax} characters; left out: the product's name`),
    quantity: zAmount('Quantity').describe('The quantity billed, 0 to 99999 with at most 3 decimals'),
    unitPrice: zPrice.unwrap().describe('The price per unit before tax, 0 to 1000000 with at most 4 decimals'),
    taxRate: zTaxRateValue()
      .optional()
      .describe("The tax rate in percent, 0 to 30 with 2 decimals; left out: the product's, else the business's default"),
  })
  .superRefine((line, ctx) => {
    if ((line.productId === null || line.productId === undefined) && !line.description) {
      ctx.addIssue({ code: 'custom', path: ['description'], message: 'Description is required for a line without a product' });
    }
  })
  .meta({ id: 'BillLineInput' });
export type TBillLineInput = z.infer<typeof ZBillLineInput>;

const billFields = {
  supplierId: zId('Supplier id').describe('Supplier id'),
  number: zSafeString('Number')
    .min(1, { error: 'Number is required' })
    .max(BILL_LIMITS.numberMax, { error: `Number must be at most ${BILL_LIMITS.numberMax} characters` })
    .describe(`The invoice's number, 1 to ${BILL_LIMITS.numberMax} characters, once per supplier`),
  issuedOn: zDay('Issued on').describe('The day it was issued (YYYY-MM-DD)'),
  dueOn: zDay('Due on').nullable().optional().describe('The day it is due (YYYY-MM-DD, not before issuedOn); null or left out for none'),
  sentOrderIds: z
    .array(zId('Sent order id'), { error: 'Sent order ids must be a list of ids' })
    .max(BILL_LIMITS.sentOrdersMax, { error: `At most ${BILL_LIMITS.sentOrdersMax} sent orders per bill` })
    .transform((ids) => [...new Set(ids)])
    .optional()
    .describe('Sent orders of the supplier that it bills; left out: none (the bill is a draft, matched against nothing)'),
  lines: z
    .array(ZBillLineInput, { error: 'Lines must be a list' })
    .max(BILL_LIMITS.linesMax, { error: `At most ${BILL_LIMITS.linesMax} lines` })
    .optional()
    .describe(
      "The lines; left out with sent orders: the expected bill (each closed receipt's received × charged, else expected, price; without one, the confirmed, else sent, lines)",
    ),
};

export const ZCreateBillInput = z.object(billFields).meta({ id: 'CreateBillInput' });
export type TCreateBillInput = z.infer<typeof ZCreateBillInput>;

export const ZUpdateBillInput = z
  .object({
    id: zId('Bill id').describe('Bill id'),
    supplierId: billFields.supplierId.optional(),
    number: billFields.number.optional(),
    issuedOn: billFields.issuedOn.optional(),
    dueOn: billFields.dueOn,
    sentOrderIds: billFields.sentOrderIds,
    lines: billFields.lines.describe('The lines, all of them (they replace the ones it has); left out: kept'),
  })
  .meta({ id: 'UpdateBillInput', description: 'What changes; a field left out stays as it is' });
export type TUpdateBillInput = z.infer<typeof ZUpdateBillInput>;

export const ZBillIdInput = z.object({ id: zId('Bill id').describe('Bill id') });

export const ZListBillsInput = zOptionalInput(
  z.object({
    status: z
      .enum(BILL_STATUSES, { error: `Status must be one of ${BILL_STATUSES.join(', ')}` })
      .describe('Only bills in this status')
      .optional(),
    supplierId: zId('Supplier id').describe("Only this supplier's bills").optional(),
  }),
);

/** `again` in a query is text: "true" and "false" read as the booleans. */
const zQueryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'Again must be true or false' })
  .transform((value) => value === true || value === 'true' || value === '1');

export const ZBillsCsvInput = z.object({
  format: z.enum(BILL_EXPORT_FORMATS, { error: 'Format must be xero, holded or libro' }).describe('"xero", "holded" or "libro"'),
  from: zDay('From').describe('Bills issued on or after this day (YYYY-MM-DD); left out: from the first').optional(),
  to: zDay('To').describe('Bills issued on or before this day (YYYY-MM-DD); left out: to the last').optional(),
  again: zQueryBoolean
    .describe('true: also the bills already exported in the range (exported again); left out or false: approved bills only')
    .optional(),
});
export type TBillsCsvInput = z.infer<typeof ZBillsCsvInput>;

/** The columns of Xero's bill import template, in its order (docs/decisions.md §9.6). */
export const XERO_BILL_COLUMNS = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'Currency',
] as const;

/** Spain's register of received invoices: one row per bill and rate (docs/decisions.md §9.6). */
export const LIBRO_COLUMNS = [
  'fecha_expedicion',
  'fecha_registro',
  'numero',
  'nif_proveedor',
  'nombre_proveedor',
  'base_imponible',
  'tipo_iva',
  'cuota_iva',
  'total',
] as const;

/**
 * Holded's purchase-invoice import template ("Importar tus facturas de
 * compra", help.holded.com), its columns in its order up to the line's VAT,
 * as its Spanish template names them (docs/decisions.md §9.6).
 */
export const HOLDED_BILL_COLUMNS = [
  'Núm. factura',
  'Fecha dd/mm/yyyy',
  'Fecha de vencimiento dd/mm/yyyy',
  'Descripción',
  'Nombre del contacto',
  'NIF',
  'Dirección',
  'Población',
  'Código postal',
  'Provincia',
  'País',
  'Concepto',
  'Descripción del producto',
  'SKU',
  'Precio unidad',
  'Unidades',
  'Descuento %',
  'IVA %',
] as const;
