import type { Db } from '@reorder/db';
import { BILL_FILE_TYPES, BILL_LIMITS, type TBill, type TBillFileType } from '@reorder/schemas';
import { fileTypeFromBuffer } from 'file-type';
import { sql } from 'kysely';
import { nowOf } from '../context.ts';
import { AppError, found, notFound } from '../errors.ts';
import { type BillsContext, billRows, getBill, toBill } from './bills.service.ts';

/**
 * The invoice's photo or PDF (docs/decisions.md §9.6): JPEG, PNG, WebP or
 * PDF by what the bytes are (`file-type` reads their signature; the name
 * and the Content-Type sent do not count), at most 5 MB, kept in the
 * database (`bill_files`) so backups and account exports hold it.
 */

const MAX_MB = BILL_LIMITS.fileBytes / 1024 / 1024;
/** The bytes are kept in parts of 256 KiB (bill_file_parts). */
const PART_BYTES = 256 * 1024;
export const FILE_TOO_LARGE = `The file is too large: a bill's photo or PDF may be at most ${MAX_MB} MB.`;
export const FILE_TYPE_REFUSED = "The file must be a photo (JPEG, PNG or WebP) or a PDF of the bill; this one's content is none of them.";
export const FILE_EMPTY = 'Send the photo or PDF as the request body.';
export const NO_FILE = 'This bill has no file attached.';

/** What the bytes are, when one of the types a bill's file may be. */
export async function billFileType(bytes: Uint8Array): Promise<TBillFileType | undefined> {
  const type = await fileTypeFromBuffer(bytes);
  return BILL_FILE_TYPES.find((allowed) => allowed === type?.mime);
}

/** `PUT /bills/{id}/file`: attaches (or replaces) the file; refused with 413 above 5 MB and 415 when it is not an image or PDF. */
export async function setBillFile(ctx: BillsContext, id: number, bytes: Uint8Array): Promise<TBill> {
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', FILE_EMPTY);
  if (bytes.length > BILL_LIMITS.fileBytes) throw new AppError('PAYLOAD_TOO_LARGE', FILE_TOO_LARGE);
  const bill = await ctx.db
    .selectFrom('bills')
    .select('id')
    .where('business_id', '=', ctx.business.id)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!bill) throw notFound('Bill');
  const contentType = await billFileType(bytes);
  if (!contentType) throw new AppError('UNSUPPORTED_MEDIA_TYPE', FILE_TYPE_REFUSED);
  const businessId = ctx.business.id;
  const values = { content_type: contentType, size: bytes.length, uploaded_by: ctx.user.id, uploaded_at: new Date(nowOf(ctx)) };
  await ctx.db.transaction().execute(async (tx) => {
    await tx
      .insertInto('bill_files')
      .values({ bill_id: id, business_id: businessId, ...values })
      .onConflict((oc) => oc.column('bill_id').doUpdateSet(values))
      .execute();
    await tx.deleteFrom('bill_file_parts').where('bill_id', '=', id).execute();
    // A part per query, as hex text the database decodes: each a short turn of the event loop on PGlite too.
    for (let part = 0; part * PART_BYTES < bytes.length; part++) {
      const chunk = Buffer.from(bytes.buffer, bytes.byteOffset + part * PART_BYTES, Math.min(PART_BYTES, bytes.length - part * PART_BYTES));
      await sql`INSERT INTO bill_file_parts (bill_id, part, data) VALUES (${id}, ${part}, decode(${chunk.toString('hex')}, 'hex'))`.execute(
        tx,
      );
    }
  });
  return getBill(ctx, id);
}

/** A bill's file's bytes, read a part per query (base64 text, which both drivers pass quickly). */
async function fileBytes(db: Db, billId: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (let part = 0; ; part++) {
    const { rows } = await sql<{ data: string }>`
      SELECT encode(data, 'base64') AS data FROM bill_file_parts WHERE bill_id = ${billId} AND part = ${part}`.execute(db);
    if (!rows[0]) break;
    parts.push(Buffer.from(rows[0].data, 'base64'));
  }
  return Buffer.concat(parts);
}

/** `GET /bills/{id}/file`: the bytes and their type; 404 for a bill without one. */
export async function getBillFile(ctx: BillsContext, id: number): Promise<{ contentType: TBillFileType; data: Buffer; filename: string }> {
  const bill = found(
    await ctx.db
      .selectFrom('bills')
      .leftJoin('bill_files', 'bill_files.bill_id', 'bills.id')
      .select(['bills.id', 'bills.number', 'bill_files.content_type'])
      .where('bills.business_id', '=', ctx.business.id)
      .where('bills.id', '=', id)
      .executeTakeFirst(),
    'Bill',
  );
  if (bill.content_type === null) throw new AppError('NOT_FOUND', NO_FILE);
  const extension = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' }[bill.content_type];
  return { contentType: bill.content_type, data: await fileBytes(ctx.db, bill.id), filename: `bill-${bill.number}.${extension}` };
}

/** Every bill of the business with its file's bytes in base64, for its owner's account export (docs/decisions.md §9.6). */
export async function billsForExport(db: Db, businessId: number) {
  const rows = await billRows(db, businessId).orderBy('bills.issued_on').orderBy('bills.id').execute();
  const bills = [];
  for (const row of rows) {
    const bill = toBill(row);
    bills.push({ ...bill, file: bill.file ? { ...bill.file, content: (await fileBytes(db, row.id)).toString('base64') } : null });
  }
  return bills;
}
