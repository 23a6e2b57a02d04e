import {
  BILL_FILE_TYPES,
  BILL_LIMITS,
  ZAccountingSettings,
  ZBill,
  ZBillIdInput,
  ZBillsCsvInput,
  ZCatalogueFile,
  ZCreateBillInput,
  ZListBillsInput,
  ZUpdateAccountingSettingsInput,
  ZUpdateBillInput,
  zId,
  zNoInput,
  zOptionalInput,
} from '@reorder/schemas';
import { z } from 'zod';
import { SIGNED_IN_ERRORS } from '../errors.ts';
import { memberProcedure } from '../sessions/require-user.ts';
import { router } from '../trpc.ts';
import { approveBill, BILL_CLOSED, createBill, getBill, listBills, NOT_SENT_ORDERS, NUMBER_TAKEN, updateBill } from './bills.service.ts';
import { billsCsv, RANGE_BACKWARDS } from './exports.ts';
import { FILE_TOO_LARGE, FILE_TYPE_REFUSED, getBillFile, NO_FILE, setBillFile } from './files.ts';
import { accountingSettings, updateAccountingSettings } from './settings.ts';

const tags = ['bills'];
const BILL_NOT_FOUND = { ...SIGNED_IN_ERRORS, NOT_FOUND: 'Bill not found' };
const BASE64_MAX = Math.ceil(BILL_LIMITS.fileBytes / 3) * 4;

/**
 * A supplier's invoices, matched against what was ordered, confirmed and
 * received, and handed to the accountant (docs/decisions.md §9.6). Any
 * member may enter a bill and attach its photo (staff receive deliveries,
 * and the paper invoice with them); approving and exporting are for owners
 * and managers.
 */
export const billsRouter = router({
  create: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'POST',
        path: '/bills',
        tags,
        summary: "Enter a supplier's bill",
        description:
          "Given `sentOrderIds` (sent orders of the supplier) and no `lines`, the bill starts as the expected bill: each product's quantity received (closed receipts) × the price charged, else the expected (confirmed, else sent) one; an order without a closed receipt counts what was confirmed, else sent. Given `lines`, they are the invoice's: `taxRate` left out is the product's, else the business's default. It is matched against the orders: `flag` per line (`quantity` exactly, `price` within 1 %), and `status` `matched` or `mismatch` (`draft` without sent orders). `number` is once per supplier (409).",
      },
      message: 'Bill saved',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND: 'Supplier not found', BAD_REQUEST: NOT_SENT_ORDERS, CONFLICT: NUMBER_TAKEN },
    })
    .input(ZCreateBillInput)
    .output(ZBill)
    .mutation(({ ctx, input }) => createBill(ctx, input)),

  list: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'GET',
        path: '/bills',
        tags,
        summary: 'Bills, latest issued first',
        description: 'At most 500, by `status` and `supplierId`.',
      },
      message: 'Bills loaded',
      errors: SIGNED_IN_ERRORS,
    })
    .input(ZListBillsInput)
    .output(z.array(ZBill))
    .query(({ ctx, input }) => listBills(ctx, input)),

  get: memberProcedure
    .meta({
      role: 'staff',
      openapi: { method: 'GET', path: '/bills/{id}', tags, summary: 'One bill, with its match' },
      message: 'Bill loaded',
      errors: BILL_NOT_FOUND,
    })
    .input(ZBillIdInput)
    .output(ZBill)
    .query(({ ctx, input }) => getBill(ctx, input.id)),

  update: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'PUT',
        path: '/bills/{id}',
        tags,
        summary: "Correct a bill to the paper invoice's figures",
        description:
          'A field left out stays as it is; `lines` given replace them all. Matched again against its sent orders as they are now (a receipt closed since counts). An approved or exported bill is a 409.',
      },
      message: 'Bill saved',
      errors: { ...BILL_NOT_FOUND, BAD_REQUEST: NOT_SENT_ORDERS, CONFLICT: BILL_CLOSED },
    })
    .input(ZUpdateBillInput)
    .output(ZBill)
    .mutation(({ ctx, input }) => updateBill(ctx, input)),

  approve: memberProcedure
    .meta({
      role: 'manager',
      openapi: {
        method: 'POST',
        path: '/bills/{id}/approve',
        tags,
        summary: 'Approve a bill for the accountant',
        description:
          'Owners and managers. A draft, matched or mismatched bill becomes `approved` (a mismatch is approved as the owner judges it); an approved or exported one is answered as it is.',
      },
      message: 'Bill approved',
      errors: BILL_NOT_FOUND,
    })
    .input(ZBillIdInput)
    .output(ZBill)
    .mutation(({ ctx, input }) => approveBill(ctx, input.id)),

  setFile: memberProcedure
    .meta({
      role: 'staff',
      rawBody: { field: 'content', maxBytes: BILL_LIMITS.fileBytes, contentTypes: BILL_FILE_TYPES },
      openapi: {
        method: 'PUT',
        path: '/bills/{id}/file',
        tags,
        summary: "Attach the invoice's photo or PDF",
        description: `The request body is the file itself (any Content-Type: what it is, its content says): JPEG, PNG, WebP or PDF (415 otherwise), at most ${BILL_LIMITS.fileBytes / 1024 / 1024} MB (413). It replaces the one attached before, and is kept in the database, so backups and account exports hold it. Through tRPC, \`content\` is the file in base64 (within the JSON body limit).`,
      },
      message: 'File attached',
      errors: { ...BILL_NOT_FOUND, PAYLOAD_TOO_LARGE: FILE_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE: FILE_TYPE_REFUSED },
    })
    .input(
      z.object({
        id: zId('Bill id').describe('Bill id'),
        // Not checked by a pattern (a 7 MB text took ~250 ms): Buffer reads base64 leniently, and the bytes are checked by their type.
        content: z
          .string({ error: 'Content must be the file in base64' })
          .max(BASE64_MAX, { error: FILE_TOO_LARGE })
          .describe('The file, in base64 (REST: the raw request body)'),
      }),
    )
    .output(ZBill)
    .mutation(({ ctx, input }) => setBillFile(ctx, input.id, Buffer.from(input.content, 'base64'))),

  file: memberProcedure
    .meta({
      role: 'staff',
      file: { contentType: 'application/pdf', example: '%PDF-1.7 …', binary: true },
      openapi: {
        method: 'GET',
        path: '/bills/{id}/file',
        tags,
        summary: "The invoice's photo or PDF",
        description:
          'The bytes as attached, with their type (image/jpeg, image/png, image/webp or application/pdf), shown inline; 404 when none is attached. Through tRPC: `{filename, contentType, content}` with `content` in base64.',
      },
      message: 'File loaded',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND: NO_FILE },
    })
    .input(ZBillIdInput)
    .output(
      z.object({
        filename: z.string().describe('A name to save it under, e.g. "bill-F-311.jpg"'),
        contentType: z.enum(BILL_FILE_TYPES).describe('Its type, by its content'),
        content: z.string().describe('The file in base64'),
      }),
    )
    .query(async ({ ctx, input }) => {
      const file = await getBillFile(ctx, input.id);
      return { filename: file.filename, contentType: file.contentType, content: file.data.toString('base64') };
    }),

  exportCsv: memberProcedure
    .meta({
      heavy: true,
      role: 'manager',
      file: {
        contentType: 'text/csv; charset=utf-8',
        example:
          'fecha_expedicion,fecha_registro,numero,nif_proveedor,nombre_proveedor,base_imponible,tipo_iva,cuota_iva,total\r\n28/11/2026,30/11/2026,F-311,B12345678,Frutas Pepe,3.3,10,0.33,3.63\r\n',
      },
      openapi: {
        method: 'GET',
        path: '/bills.csv',
        tags,
        summary: 'Approved bills, as a file for the accountant',
        description:
          "Owners and managers. The bills approved and issued between `from` and `to` (both included; an end left out is open), oldest first; they become `exported`. One already exported is written again only with `again=true`. `format`: `xero` (Xero's bill import template, a row per line: `*ContactName,EmailAddress,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,POCity,PORegion,POPostalCode,POCountry,*InvoiceNumber,Reference,*InvoiceDate,*DueDate,Description,*Quantity,*UnitAmount,Discount,*AccountCode,*TaxType,Currency`, the account code and tax type from the business's settings), `holded` (Holded's purchase-invoice import, a row per line) or `libro` (Spain's register of received invoices, a row per bill and tax rate: `fecha_expedicion,fecha_registro,numero,nif_proveedor,nombre_proveedor,base_imponible,tipo_iva,cuota_iva,total`). Days are written dd/mm/yyyy. The CSV convention of the user's language: UTF-8 with a BOM, `;` and decimal commas for `es`. Answers the file itself (`text/csv`); errors are JSON envelopes.",
      },
      message: 'Bills exported',
      errors: { ...SIGNED_IN_ERRORS, BAD_REQUEST: RANGE_BACKWARDS },
    })
    .input(ZBillsCsvInput)
    .output(ZCatalogueFile)
    .query(({ ctx, input }) => billsCsv(ctx, input)),

  settings: memberProcedure
    .meta({
      role: 'manager',
      openapi: {
        method: 'GET',
        path: '/business/accounting',
        tags,
        summary: 'What the Xero export writes of the business',
        description:
          'Owners and managers. `xeroAccountCode` ("300", Purchases, until set) and `xeroTaxTypes`, the tax type named for a rate; a rate not listed is written "<rate>% (VAT on Expenses)", or "Zero Rated Expenses" for 0.',
      },
      message: 'Accounting settings loaded',
      errors: SIGNED_IN_ERRORS,
    })
    .input(zNoInput)
    .output(ZAccountingSettings)
    .query(({ ctx }) => accountingSettings(ctx.db, ctx.business.id)),

  updateSettings: memberProcedure
    .meta({
      role: 'owner',
      openapi: {
        method: 'PUT',
        path: '/business/accounting',
        tags,
        summary: 'Set what the Xero export writes',
        description:
          "Owners only, like the business's other settings. `xeroAccountCode` (1 to 10 characters) and `xeroTaxTypes` (at most 20, each rate once, replacing the list); a field left out stays.",
      },
      message: 'Accounting settings saved',
      errors: { ...SIGNED_IN_ERRORS, BAD_REQUEST: 'Xero tax types must name each rate once' },
    })
    .input(zOptionalInput(ZUpdateAccountingSettingsInput))
    .output(ZAccountingSettings)
    .mutation(({ ctx, input }) => updateAccountingSettings(ctx.db, ctx.business.id, input)),
});
