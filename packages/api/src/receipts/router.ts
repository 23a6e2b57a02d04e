import {
  ZAnswerClaimInput,
  ZBringNextTimeInput,
  ZClaim,
  ZClaimIdInput,
  ZClaimTokenInput,
  ZListClaimsInput,
  ZListReceiptsInput,
  ZOrder,
  ZPublicClaim,
  ZReceipt,
  ZReceiptIdInput,
  ZReceiptLineInput,
  ZStartReceiptInput,
} from '@reorder/schemas';
import { z } from 'zod';
import { SIGNED_IN_ERRORS } from '../errors.ts';
import { memberProcedure } from '../sessions/require-user.ts';
import { publicProcedure, router } from '../trpc.ts';
import {
  answerClaim,
  CLAIM_CLOSED,
  CLAIM_NEEDS_DONE,
  CLAIM_NOT_FOUND,
  closeClaim,
  createClaim,
  getClaim,
  listClaims,
  viewClaim,
} from './claims.service.ts';
import {
  allGood,
  bringNextTime,
  closeReceipt,
  EXTRA_ONLY,
  getReceipt,
  LINES_PENDING,
  listReceipts,
  NOT_MISSING,
  RECEIPT_DONE,
  REOPEN_TOO_LATE,
  reopenReceipt,
  setReceiptLine,
  startReceipt,
} from './receipts.service.ts';

const tags = ['receipts'];
const RECEIPT_NOT_FOUND = { ...SIGNED_IN_ERRORS, NOT_FOUND: 'Receipt not found' };

/** The delivery of a sent order, checked on the phone (docs/decisions.md §9.4): any member may receive. */
export const receiptsRouter = router({
  start: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'POST',
        path: '/sent-orders/{id}/receipt',
        tags,
        summary: 'Start (or get) the receipt of a sent order',
        description:
          "The one receipt of a sent order: started by you with every line pending, `expected` and `expectedPrice` from the supplier's confirmation when there is one (0 for a line they cannot deliver), else from what was sent; or the one already started, by whoever did. `deliveryNote` is kept while it is checking.",
      },
      message: 'Receipt ready',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND: 'Sent order not found' },
    })
    .input(ZStartReceiptInput)
    .output(ZReceipt)
    .mutation(({ ctx, input }) => startReceipt(ctx, input.id, input.deliveryNote)),

  get: memberProcedure
    .meta({
      role: 'staff',
      openapi: { method: 'GET', path: '/receipts/{id}', tags, summary: 'One receipt, with its lines' },
      message: 'Receipt loaded',
      errors: RECEIPT_NOT_FOUND,
    })
    .input(ZReceiptIdInput)
    .output(ZReceipt)
    .query(({ ctx, input }) => getReceipt(ctx, input.id)),

  list: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'GET',
        path: '/receipts',
        tags,
        summary: 'Receipts, newest first',
        description: 'At most 200, by `status` and the UTC days they were started on (`from`, `to`, both included).',
      },
      message: 'Receipts loaded',
      errors: SIGNED_IN_ERRORS,
    })
    .input(ZListReceiptsInput)
    .output(z.array(ZReceipt))
    .query(({ ctx, input }) => listReceipts(ctx, input)),

  setLine: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'PUT',
        path: '/receipts/{id}/lines/{productId}',
        tags,
        summary: 'Record what arrived of a line',
        description:
          'The received quantity, the outcome (left out: ok when it reaches `expected`, short when less, extra for a product not in the order), the price charged and a note. Only an `extra` line may name a product not in the order (any product of the business; 400 otherwise). A closed receipt is a 409: reopen it first.',
      },
      message: 'Line saved',
      errors: { ...RECEIPT_NOT_FOUND, BAD_REQUEST: EXTRA_ONLY, CONFLICT: RECEIPT_DONE },
    })
    .input(ZReceiptLineInput)
    .output(ZReceipt)
    .mutation(({ ctx, input }) => setReceiptLine(ctx, input)),

  allGood: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'POST',
        path: '/receipts/{id}/all-good',
        tags,
        summary: 'Everything arrived as expected',
        description: 'Every pending line becomes ok with `received = expected`; lines already checked stay as they are. 409 once closed.',
      },
      message: 'All good',
      errors: { ...RECEIPT_NOT_FOUND, CONFLICT: RECEIPT_DONE },
    })
    .input(ZReceiptIdInput)
    .output(ZReceipt)
    .mutation(({ ctx, input }) => allGood(ctx, input.id)),

  done: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'POST',
        path: '/receipts/{id}/done',
        tags,
        summary: 'Close the receipt',
        description:
          "Adds `received` of each ok, short, substituted and extra line to the product's count where it has one (at most 99999), and sends `receipt.done` to the webhooks. Every line must be checked first (409). Closing a closed receipt answers it unchanged.",
      },
      message: 'Delivery checked',
      errors: { ...RECEIPT_NOT_FOUND, CONFLICT: LINES_PENDING },
    })
    .input(ZReceiptIdInput)
    .output(ZReceipt)
    .mutation(({ ctx, input }) => closeReceipt(ctx, input.id)),

  reopen: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'POST',
        path: '/receipts/{id}/reopen',
        tags,
        summary: 'Reopen a closed receipt',
        description:
          'For 7 days after it was closed (409 after): it is checking again, and what closing added to the counts is taken back (not below 0). A receipt still checking is answered unchanged.',
      },
      message: 'Receipt reopened',
      errors: { ...RECEIPT_NOT_FOUND, CONFLICT: REOPEN_TOO_LATE },
    })
    .input(ZReceiptIdInput)
    .output(ZReceipt)
    .mutation(({ ctx, input }) => reopenReceipt(ctx, input.id)),

  bringNextTime: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'POST',
        path: '/receipts/{id}/bring-next-time',
        tags,
        summary: 'Put what is missing into the current order',
        description:
          "Adds each chosen short, damaged, wrong or refused line's missing quantity (`expected − received`) to the supplier's current order (every such line when `productIds` is left out); products no longer in the order are skipped. Answers the current order.",
      },
      message: 'Added to the next order',
      errors: { ...RECEIPT_NOT_FOUND, BAD_REQUEST: NOT_MISSING },
    })
    .input(ZBringNextTimeInput)
    .output(ZOrder)
    .mutation(({ ctx, input }) => bringNextTime(ctx, input.id, input.productIds)),

  claim: memberProcedure
    .meta({
      role: 'manager',
      openapi: {
        method: 'POST',
        path: '/receipts/{id}/claim',
        tags: ['claims'],
        summary: 'Claim what a delivery lacked or overcharged',
        description:
          "Owners and managers. From a closed receipt (409 otherwise) with a short, damaged, wrong or refused line or a `chargedPrice` above `expectedPrice` (409 when none): `amount` is the missing quantity × expected price plus any overcharge × quantity received, to the cent. `text`, in the business's language, ends with `claimUrl`: send it through the supplier's channel as an order. Made once: a second call answers the same claim.",
      },
      message: 'Claim ready to send',
      errors: { ...RECEIPT_NOT_FOUND, CONFLICT: CLAIM_NEEDS_DONE },
    })
    .input(ZReceiptIdInput)
    .output(ZClaim)
    .mutation(({ ctx, input }) => createClaim(ctx, input.id)),
});

const claimTags = ['claims'];
const PUBLIC_ERRORS = {
  NOT_FOUND: CLAIM_NOT_FOUND,
  TOO_MANY_REQUESTS: 'Too many attempts. Please try again in 15 minutes.',
};

/** Claims to suppliers (docs/decisions.md §9.4): the owners' and managers' side, and the supplier's page without an account. */
export const claimsRouter = router({
  list: memberProcedure
    .meta({
      role: 'manager',
      openapi: {
        method: 'GET',
        path: '/claims',
        tags: claimTags,
        summary: 'Claims, newest first',
        description: 'Owners and managers; at most 200, by `status`.',
      },
      message: 'Claims loaded',
      errors: SIGNED_IN_ERRORS,
    })
    .input(ZListClaimsInput)
    .output(z.array(ZClaim))
    .query(({ ctx, input }) => listClaims(ctx, input.status)),

  get: memberProcedure
    .meta({
      role: 'manager',
      openapi: { method: 'GET', path: '/claims/{id}', tags: claimTags, summary: 'One claim' },
      message: 'Claim loaded',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND: 'Claim not found' },
    })
    .input(ZClaimIdInput)
    .output(ZClaim)
    .query(({ ctx, input }) => getClaim(ctx, input.id)),

  close: memberProcedure
    .meta({
      role: 'manager',
      openapi: {
        method: 'POST',
        path: '/claims/{id}/close',
        tags: claimTags,
        summary: 'Close a claim',
        description:
          'Owners and managers settle it, whatever the supplier answered; its link then takes no answer. Closing a closed claim answers it unchanged.',
      },
      message: 'Claim closed',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND: 'Claim not found' },
    })
    .input(ZClaimIdInput)
    .output(ZClaim)
    .mutation(({ ctx, input }) => closeClaim(ctx, input.id)),

  view: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/public/claims/{token}',
        tags: claimTags,
        protect: false,
        summary: 'A claim, as its supplier sees it',
        description:
          'For the page at `/claim/<token>`: the lines claimed, the amount, the status and the answer so far. Unknown links answer 404. Rate-limited per IP.',
      },
      message: 'Claim loaded',
      errors: PUBLIC_ERRORS,
    })
    .input(ZClaimTokenInput)
    .output(ZPublicClaim)
    .query(({ ctx, input }) => viewClaim(ctx, input.token)),

  answer: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/public/claims/{token}',
        tags: claimTags,
        protect: false,
        summary: 'The supplier answers a claim',
        description:
          '`credit` makes the claim credited, `redeliver` redelivered, `dispute` rejected; with a note and a credit note number. It can be changed for 14 days, at most 10 times an hour (429), until the owner closes the claim (409 either way). The owner gets an email and a push, at most once per 5 minutes per link; webhooks get `claim.answered`.',
      },
      message: 'Thank you! Your answer was sent.',
      errors: { ...PUBLIC_ERRORS, CONFLICT: CLAIM_CLOSED },
    })
    .input(ZAnswerClaimInput)
    .output(ZPublicClaim)
    .mutation(({ ctx, input }) => answerClaim(ctx, input)),
});
