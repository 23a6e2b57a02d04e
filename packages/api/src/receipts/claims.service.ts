import type { Db, StoredClaimAnswer, StoredClaimLine } from '@reorder/db';
import { translate } from '@reorder/i18n';
import {
  CLAIM_ANSWER_DAYS,
  formatAmount,
  formatMoney,
  type TAnswerClaimInput,
  type TClaim,
  type TPublicClaim,
  type TReceiptLine,
} from '@reorder/schemas';
import { href } from '@reorder/schemas/web-paths';
import { DateTime } from 'luxon';
import { firstOwnerId } from '../businesses/memberships.ts';
import { type Context, DAY_MS, nowOf } from '../context.ts';
import { AppError, found } from '../errors.ts';
import { emitEvent } from '../events/emit.ts';
import { claimAnsweredEmail } from '../mail/messages.ts';
import { notifyOwner, OWNER_COLUMNS } from '../mail/notify-owner.ts';
import { newConfirmNonce } from '../orders/confirm-links.ts';
import { hashSecretToken } from '../platform/secret-tokens.ts';
import { claimLineOf, claimTotal } from './money.ts';
import { findReceipt, type ReceiptsContext } from './receipts.service.ts';

export const CLAIM_NEEDS_DONE = 'Close the delivery first: a claim is made from a closed delivery.';
export const NOTHING_TO_CLAIM = 'Nothing to claim: no line is short, damaged, wrong, refused or overcharged.';
export const CLAIM_NOT_FOUND = 'This claim link does not exist, or the claim was deleted.';
export const CLAIM_CLOSED = 'This claim is closed: it can no longer be answered.';
export const CLAIM_TOO_LATE = `A claim can be answered for ${CLAIM_ANSWER_DAYS} days after it was sent.`;

type LinkContext = Pick<Context, 'tokens' | 'settings'>;

const claimUrl = (ctx: LinkContext, nonce: string) => `${ctx.settings.publicUrl}${href('claim', { token: ctx.tokens.linkToken(nonce) })}`;

const CLAIM_COLUMNS = [
  'claims.id',
  'claims.receipt_id',
  'claims.supplier_id',
  'claims.status',
  'claims.lines',
  'claims.amount',
  'claims.currency',
  'claims.text',
  'claims.nonce',
  'claims.supplier_answer',
  'claims.expires_at',
] as const;

function claimRows(db: Db, businessId: number) {
  return db.selectFrom('claims').select(CLAIM_COLUMNS).where('claims.business_id', '=', businessId);
}
type ClaimRow = Awaited<ReturnType<ReturnType<typeof claimRows>['executeTakeFirstOrThrow']>>;

function toClaim(ctx: LinkContext, row: ClaimRow): TClaim {
  return {
    id: row.id,
    receiptId: row.receipt_id,
    supplierId: row.supplier_id,
    status: row.status,
    lines: row.lines.map((line) => ({ ...line, quantity: Number(line.quantity), amount: Number(line.amount) })),
    amount: Number(row.amount),
    currency: row.currency,
    text: `${row.text}\n${claimUrl(ctx, row.nonce)}`,
    claimUrl: claimUrl(ctx, row.nonce),
    supplierAnswer: row.supplier_answer,
  };
}

/** The claim's lines of a closed receipt (docs/decisions.md §9.4). */
export function claimLines(lines: readonly TReceiptLine[]): StoredClaimLine[] {
  return lines.flatMap((line) => {
    const claimed = claimLineOf(line);
    return claimed ? [claimed] : [];
  });
}

/**
 * The claim's message in `language`, without its link (added when read, made
 * again from the nonce): a greeting, one line per product claimed with its
 * amount, the total and where to answer.
 */
function claimText(
  language: 'en' | 'es',
  about: { supplier: string; business: string; date: string; currency: string },
  receiptLines: readonly TReceiptLine[],
  lines: readonly StoredClaimLine[],
): string {
  const money = (amount: number) => formatMoney(amount, about.currency, language);
  const t = (key: Parameters<typeof translate>[1], vars: Record<string, string> = {}) => translate(language, key, vars);
  const items = lines.map((line) => {
    const of = receiptLines.find((l) => l.productId === line.productId);
    const vars = {
      name: of?.name ?? '',
      unit: of?.unit ?? '',
      quantity: formatAmount(line.quantity, language),
      amount: money(line.amount),
    };
    if (line.reason === 'overcharged') {
      return `- ${t('mail.claim.overcharged', { ...vars, charged: money(of?.chargedPrice ?? 0), expected: money(of?.expectedPrice ?? 0) })}`;
    }
    return `- ${t(`mail.claim.${line.reason}`, vars)}`;
  });
  return [
    t('mail.claim.greeting', { supplier: about.supplier }),
    t('mail.claim.intro', { date: about.date, business: about.business }),
    ...items,
    t('mail.claim.total', { amount: money(claimTotal(lines)) }),
    '',
    t('mail.claim.answer'),
  ].join('\n');
}

/**
 * `POST /receipts/{id}/claim` (owners, managers): the claim of a closed
 * receipt, made once (a second call answers the same claim): its lines and
 * amount to the cent, the text in the business's language (its first
 * owner's) ending with the link where the supplier answers without an
 * account, valid for answers 14 days. The caller sends the text through the
 * supplier's channel, as an order (docs/decisions.md §9.4).
 */
export async function createClaim(ctx: ReceiptsContext, receiptId: number): Promise<TClaim> {
  const businessId = ctx.business.id;
  const existing = await claimRows(ctx.db, businessId).where('claims.receipt_id', '=', receiptId).executeTakeFirst();
  if (existing) return toClaim(ctx, existing);
  const receipt = found(await findReceipt(ctx.db, businessId, receiptId), 'Receipt');
  if (receipt.status !== 'done') throw new AppError('CONFLICT', CLAIM_NEEDS_DONE);
  const lines = claimLines(receipt.lines);
  if (lines.length === 0) throw new AppError('CONFLICT', NOTHING_TO_CLAIM);
  const about = await ctx.db
    .selectFrom('sent_orders')
    .innerJoin('businesses', 'businesses.id', 'sent_orders.business_id')
    .innerJoin('suppliers', 'suppliers.id', 'sent_orders.supplier_id')
    .innerJoin('users', (join) => join.on((eb) => eb('users.id', '=', firstOwnerId(eb, eb.ref('sent_orders.business_id')))))
    .select([
      'sent_orders.sent_at',
      'sent_orders.currency',
      'businesses.currency as business_currency',
      'businesses.name as business_name',
      'suppliers.name as supplier_name',
      'users.language',
      'users.time_zone',
    ])
    .where('sent_orders.id', '=', receipt.sentOrderId)
    .executeTakeFirstOrThrow();
  const language = about.language;
  const currency = about.currency ?? about.business_currency;
  const date = DateTime.fromJSDate(about.sent_at, { zone: about.time_zone }).setLocale(language).toLocaleString(DateTime.DATE_MED);
  const text = claimText(language, { supplier: about.supplier_name, business: about.business_name, date, currency }, receipt.lines, lines);
  const nonce = newConfirmNonce();
  const now = nowOf(ctx);
  await ctx.db
    .insertInto('claims')
    .values({
      business_id: businessId,
      receipt_id: receipt.id,
      supplier_id: receipt.supplierId,
      lines: JSON.stringify(lines),
      amount: claimTotal(lines).toFixed(2),
      currency,
      text,
      language,
      nonce,
      token_hash: hashSecretToken(ctx.tokens.linkToken(nonce)),
      expires_at: new Date(now + CLAIM_ANSWER_DAYS * DAY_MS),
      created_by: ctx.user.id,
      created_at: new Date(now),
    })
    .onConflict((oc) => oc.column('receipt_id').doNothing())
    .execute();
  return toClaim(ctx, await claimRows(ctx.db, businessId).where('claims.receipt_id', '=', receiptId).executeTakeFirstOrThrow());
}

/** `GET /claims/{id}`. */
export async function getClaim(ctx: ReceiptsContext, id: number): Promise<TClaim> {
  return toClaim(ctx, found(await claimRows(ctx.db, ctx.business.id).where('claims.id', '=', id).executeTakeFirst(), 'Claim'));
}

/** `GET /claims?status=`: newest first, at most 200. */
export async function listClaims(ctx: ReceiptsContext, status: TClaim['status'] | undefined): Promise<TClaim[]> {
  let query = claimRows(ctx.db, ctx.business.id);
  if (status) query = query.where('claims.status', '=', status);
  const rows = await query.orderBy('claims.created_at', 'desc').orderBy('claims.id', 'desc').limit(200).execute();
  return rows.map((row) => toClaim(ctx, row));
}

/** Every claim of the business, oldest first: for the owner's export (docs/decisions.md §7). */
export async function claimsForExport(ctx: LinkContext & Pick<Context, 'db'>, businessId: number): Promise<TClaim[]> {
  const rows = await claimRows(ctx.db, businessId).orderBy('claims.created_at').orderBy('claims.id').execute();
  return rows.map((row) => toClaim(ctx, row));
}

/** `POST /claims/{id}/close` (owners, managers): the owner settles the claim, whatever the supplier answered. */
export async function closeClaim(ctx: ReceiptsContext, id: number): Promise<TClaim> {
  const row = await ctx.db
    .updateTable('claims')
    .set({ status: 'closed', closed_at: new Date(nowOf(ctx)) })
    .where('business_id', '=', ctx.business.id)
    .where('id', '=', id)
    .where('status', '<>', 'closed')
    .returning('id')
    .executeTakeFirst();
  void row;
  return getClaim(ctx, id);
}

/** A claim by its link's token, with what the supplier's page and the owner's notice need. */
async function findByToken(ctx: Context, tokenHash: string) {
  return ctx.db
    .selectFrom('claims')
    .innerJoin('receipts', 'receipts.id', 'claims.receipt_id')
    .innerJoin('sent_orders', 'sent_orders.id', 'receipts.sent_order_id')
    .innerJoin('businesses', 'businesses.id', 'claims.business_id')
    .innerJoin('suppliers', 'suppliers.id', 'claims.supplier_id')
    .innerJoin('users', (join) => join.on((eb) => eb('users.id', '=', firstOwnerId(eb, eb.ref('claims.business_id')))))
    .select([
      ...CLAIM_COLUMNS,
      'claims.business_id',
      'claims.language as claim_language',
      'receipts.sent_order_id',
      'sent_orders.sent_at',
      'businesses.name as business_name',
      'suppliers.name as supplier_name',
      'users.id as user_id',
      ...OWNER_COLUMNS,
    ])
    .where('claims.token_hash', '=', tokenHash)
    .executeTakeFirst();
}
type LiveClaim = NonNullable<Awaited<ReturnType<typeof findByToken>>>;

/** The claim behind a link, counted against the caller's IP first (every look, found or not); unknown links are a 404. */
async function liveClaim(ctx: Context, token: string): Promise<{ row: LiveClaim; tokenHash: string }> {
  await ctx.rateLimiter.hit(ctx.rateRules.claimPerIp, ctx.request.ip);
  const tokenHash = hashSecretToken(token);
  const row = await findByToken(ctx, tokenHash);
  if (!row) throw new AppError('NOT_FOUND', CLAIM_NOT_FOUND);
  return { row, tokenHash };
}

async function toPublicClaim(ctx: Context, row: LiveClaim): Promise<TPublicClaim> {
  const names = await ctx.db
    .selectFrom('receipt_lines')
    .select(['product_id', 'name', 'unit'])
    .where('receipt_id', '=', row.receipt_id)
    .execute();
  return {
    businessName: row.business_name,
    supplierName: row.supplier_name,
    sentAt: row.sent_at.toISOString(),
    lines: row.lines.map((line) => {
      const of = names.find((n) => n.product_id === line.productId);
      return { ...line, quantity: Number(line.quantity), amount: Number(line.amount), name: of?.name ?? '', unit: of?.unit ?? '' };
    }),
    amount: Number(row.amount),
    currency: row.currency,
    text: toClaim(ctx, row).text,
    status: row.status,
    supplierAnswer: row.supplier_answer,
    answerableUntil: row.expires_at.toISOString(),
  };
}

/** `GET /public/claims/{token}`: the claim as its supplier sees it (docs/decisions.md §9.4). */
export async function viewClaim(ctx: Context, token: string): Promise<TPublicClaim> {
  return toPublicClaim(ctx, (await liveClaim(ctx, token)).row);
}

const STATUS_OF_ANSWER = { credit: 'credited', redeliver: 'redelivered', dispute: 'rejected' } as const;

/**
 * `POST /public/claims/{token}`: the supplier answers credit, redeliver or
 * dispute, with a note and a credit note's number; it may change the answer
 * for 14 days (then 409), at most 10 times an hour, until the owner closes
 * the claim (409). Each answer is a `claim.answered` event; the owner hears
 * by email and push at most once per 5 minutes per link.
 */
export async function answerClaim(ctx: Context, input: TAnswerClaimInput): Promise<TPublicClaim> {
  const { row, tokenHash } = await liveClaim(ctx, input.token);
  await ctx.rateLimiter.hit(ctx.rateRules.claimAnswersPerLink, tokenHash);
  const now = nowOf(ctx);
  if (row.status === 'closed') throw new AppError('CONFLICT', CLAIM_CLOSED);
  if (row.expires_at.getTime() <= now) throw new AppError('CONFLICT', CLAIM_TOO_LATE);
  const answer: StoredClaimAnswer = {
    answer: input.answer,
    note: input.note,
    creditNote: input.creditNote,
    at: new Date(now).toISOString(),
  };
  const status = STATUS_OF_ANSWER[input.answer];
  const saved = await ctx.db.transaction().execute(async (tx) => {
    const updated = await tx
      .updateTable('claims')
      .set({ supplier_answer: JSON.stringify(answer), status })
      .where('id', '=', row.id)
      .where('status', '<>', 'closed')
      .returning('id')
      .executeTakeFirst();
    if (!updated) return false;
    const claim = toClaim(ctx, { ...row, status, supplier_answer: answer });
    await emitEvent(tx, row.business_id, 'claim.answered', claim, now);
    return true;
  });
  if (!saved) throw new AppError('CONFLICT', CLAIM_CLOSED);
  const answered: LiveClaim = { ...row, status, supplier_answer: answer };
  if (await ctx.rateLimiter.once(ctx.rateRules.claimNoticePerLink, tokenHash)) {
    ctx.background.run('claim notice', () => tellOwnerOfAnswer(ctx, answered, answer));
  }
  return toPublicClaim(ctx, answered);
}

/** The owner's email and push when the supplier answers a claim. */
async function tellOwnerOfAnswer(ctx: Context, row: LiveClaim, answer: StoredClaimAnswer): Promise<void> {
  const locale = row.language;
  const link = `${ctx.settings.publicUrl}${href('orders.sentOrder', { supplierId: row.supplier_id, sentOrderId: row.sent_order_id })}`;
  const mail = claimAnsweredEmail({
    locale,
    name: row.full_name,
    supplier: row.supplier_name,
    answer: answer.answer,
    amount: formatMoney(Number(row.amount), row.currency, locale),
    date: DateTime.fromJSDate(row.sent_at, { zone: row.time_zone }).setLocale(locale).toLocaleString(DateTime.DATE_MED),
    note: answer.note,
    creditNote: answer.creditNote,
    link,
  });
  const body = [answer.creditNote ? translate(locale, 'mail.claim.creditNote', { creditNote: answer.creditNote }) : '', answer.note]
    .filter(Boolean)
    .join(' ');
  await notifyOwner(
    ctx,
    { userId: row.user_id, email: row.email },
    { mail, push: { title: mail.subject, body: body || mail.subject, url: link, tag: `claim-${row.id}` } },
  );
}
