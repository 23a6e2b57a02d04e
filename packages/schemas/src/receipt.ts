import { z } from 'zod';
import { zAmount, zDateTime, zId, zMemberRef, zOptionalInput, zSafeString } from './fields.ts';
import { LIMITS } from './limits.ts';
import { zPrice } from './product-columns.ts';

import { CHECKED_OUTCOMES, CLAIM_ANSWERS, CLAIM_REASONS, CLAIM_STATUSES, RECEIPT_OUTCOMES, RECEIPT_STATUSES } from './receipt-outcomes.ts';

export * from './receipt-outcomes.ts';

export const ZReceiptLine = z
  .object({
    productId: z.number().int().describe('Product id'),
    name: z.string().describe("The product's name, as sent (or as it is, for an extra line)"),
    unit: z.string().describe('Its unit'),
    expected: z
      .number()
      .describe("What should arrive: the supplier's confirmed quantity when they answered, else what was sent (0 for an extra line)"),
    received: z.number().nullable().describe('What arrived, or null while pending'),
    outcome: z.enum(RECEIPT_OUTCOMES).describe('"pending" until checked; then ok, short, damaged, wrong, substituted, extra or refused'),
    expectedPrice: z
      .number()
      .nullable()
      .describe("The price per unit expected: the supplier's confirmed price, else the one sent; null when none"),
    chargedPrice: z.number().nullable().describe('The price per unit charged on the delivery note, or null when not given'),
    note: z.string().describe('A note ("" when none)'),
  })
  .meta({ id: 'ReceiptLine' });
export type TReceiptLine = z.infer<typeof ZReceiptLine>;

export const ZReceipt = z
  .object({
    id: z.number().int().describe('Receipt id'),
    sentOrderId: z.number().int().describe('The sent order it receives'),
    supplierId: z.number().int().describe('Supplier id'),
    status: z.enum(RECEIPT_STATUSES).describe('"checking" while lines are checked, "done" once closed'),
    receivedBy: zMemberRef('The member who received it (null once that user is gone)'),
    startedAt: zDateTime('When the check began (ISO 8601)'),
    doneAt: z.iso.datetime().nullable().describe('When it was closed (ISO 8601), or null'),
    deliveryNote: z.string().describe('The delivery note\'s number or a remark ("" when none)'),
    lines: z.array(ZReceiptLine).describe('The lines, in the order sent, then the extra ones'),
  })
  .meta({
    id: 'Receipt',
    description: 'The delivery of a sent order, checked line by line (docs/decisions.md §9.4)',
    example: {
      id: 5,
      sentOrderId: 31,
      supplierId: 12,
      status: 'checking',
      receivedBy: { userId: 9, fullName: 'Javi Ruiz' },
      startedAt: '2026-11-28T08:40:00.000Z',
      doneAt: null,
      deliveryNote: '',
      lines: [
        {
          productId: 40,
          name: 'Lemons',
          unit: 'Kg',
          expected: 2,
          received: 1,
          outcome: 'short',
          expectedPrice: 3.2,
          chargedPrice: 3.2,
          note: '',
        },
      ],
    },
  });
export type TReceipt = z.infer<typeof ZReceipt>;

const zNote = zSafeString('Note', { multiline: true })
  .max(LIMITS.messageMax, { error: `Note must be at most ${LIMITS.messageMax} characters` })
  .nullish()
  .transform((value) => value ?? undefined);

export const ZStartReceiptInput = z.object({
  id: zId('Sent order id').describe('Sent order id'),
  deliveryNote: zSafeString('Delivery note')
    .max(LIMITS.substituteMax, { error: `Delivery note must be at most ${LIMITS.substituteMax} characters` })
    .optional()
    .describe(`The delivery note's number or a remark, at most ${LIMITS.substituteMax} characters (kept when the receipt exists)`),
});

export const ZReceiptIdInput = z.object({ id: zId('Receipt id').describe('Receipt id') });

export const ZReceiptLineInput = z.object({
  id: zId('Receipt id').describe('Receipt id'),
  productId: zId('Product id').describe('A product of the sent order; for an `extra` line, any product of the business'),
  received: zAmount('Received').describe('What arrived, 0 to 99999 with at most 3 decimals'),
  outcome: z
    .enum(CHECKED_OUTCOMES, { error: `Outcome must be one of ${CHECKED_OUTCOMES.join(', ')}` })
    .optional()
    .describe(
      'ok, short, damaged, wrong, substituted, extra or refused; left out: ok when received ≥ expected, short when less, extra for a product not in the order',
    ),
  chargedPrice: zPrice.optional().describe('The price per unit charged (0 to 1000000, 4 decimals); null or left out: unchanged'),
  note: zNote.describe(`A note, at most ${LIMITS.messageMax} characters; left out: unchanged`),
});
export type TReceiptLineInput = z.infer<typeof ZReceiptLineInput>;

export const ZBringNextTimeInput = z.object({
  id: zId('Receipt id').describe('Receipt id'),
  productIds: z
    .array(zId('Product id'), { error: 'Product ids must be a list of product ids' })
    .max(LIMITS.productsPerSupplier, { error: 'Product ids lists more products than an order has' })
    .transform((ids) => [...new Set(ids)])
    .optional()
    .describe('The short, damaged, wrong or refused lines to bring; every one when left out'),
});

export const ZListReceiptsInput = zOptionalInput(
  z.object({
    status: z.enum(RECEIPT_STATUSES, { error: 'Status must be checking or done' }).describe('Only receipts in this status').optional(),
    from: z.iso
      .date({ error: 'From must be a date like 2026-11-01' })
      .describe('Only receipts started on or after this day (UTC)')
      .optional(),
    to: z.iso.date({ error: 'To must be a date like 2026-11-30' }).describe('Only receipts started on or before this day (UTC)').optional(),
  }),
);

export const ZClaimLine = z
  .object({
    productId: z.number().int().describe('Product id'),
    quantity: z.number().describe('The missing quantity (expected − received; 0 for a line claimed only for its price)'),
    amount: z
      .number()
      .describe('Missing quantity × expected price, plus (charged − expected price) × received when overcharged, to the cent'),
    reason: z.enum(CLAIM_REASONS).describe('short, damaged, wrong, refused, or overcharged'),
  })
  .meta({ id: 'ClaimLine' });

export const ZClaimAnswer = z
  .object({
    answer: z.enum(CLAIM_ANSWERS).describe('"credit", "redeliver" or "dispute"'),
    note: z.string().describe('The supplier\'s note ("" when none)'),
    creditNote: z.string().describe('The credit note\'s number ("" when none)'),
    at: zDateTime('When the supplier last answered (ISO 8601)'),
  })
  .meta({ id: 'ClaimAnswer' });

export const ZClaim = z
  .object({
    id: z.number().int().describe('Claim id'),
    receiptId: z.number().int().describe('The receipt it claims for'),
    supplierId: z.number().int().describe('Supplier id'),
    status: z
      .enum(CLAIM_STATUSES)
      .describe('"open" until the supplier answers; then credited, redelivered or rejected (disputed); "closed" once the owner closes it'),
    lines: z.array(ZClaimLine).describe('What is claimed, line by line'),
    amount: z.number().describe('The sum of the lines, to the cent'),
    currency: z.string().describe('ISO 4217'),
    text: z.string().describe("The message to send, in the business's language, ending with claimUrl"),
    claimUrl: z.string().describe('The no-account page where the supplier answers: `<PUBLIC_URL>/claim/<token>`'),
    supplierAnswer: ZClaimAnswer.nullable().describe("The supplier's answer, or null"),
  })
  .meta({
    id: 'Claim',
    description: 'What a delivery lacked or overcharged, claimed from the supplier (docs/decisions.md §9.4)',
    example: {
      id: 3,
      receiptId: 5,
      supplierId: 12,
      status: 'open',
      lines: [{ productId: 40, quantity: 1, amount: 3.2, reason: 'short' }],
      amount: 3.2,
      currency: 'EUR',
      text: 'Hola, Frutas Pepe. En el pedido del 28 nov 2026 ...',
      claimUrl: 'https://app.example.com/claim/Qm9vX2V4YW1wbGVfdG9rZW4',
      supplierAnswer: null,
    },
  });
export type TClaim = z.infer<typeof ZClaim>;

export const ZClaimIdInput = z.object({ id: zId('Claim id').describe('Claim id') });
export const ZListClaimsInput = zOptionalInput(
  z.object({
    status: z
      .enum(CLAIM_STATUSES, { error: `Status must be one of ${CLAIM_STATUSES.join(', ')}` })
      .describe('Only claims in this status')
      .optional(),
  }),
);

const zClaimToken = z.string().max(200).describe('The token at the end of the claim link');
export const ZClaimTokenInput = z.object({ token: zClaimToken });
export const ZAnswerClaimInput = z.object({
  token: zClaimToken,
  answer: z.enum(CLAIM_ANSWERS, { error: 'Answer must be credit, redeliver or dispute' }).describe('"credit", "redeliver" or "dispute"'),
  note: zSafeString('Note', { multiline: true })
    .max(LIMITS.messageMax, { error: `Note must be at most ${LIMITS.messageMax} characters` })
    .nullish()
    .transform((value) => value ?? '')
    .describe(`A note to the business, at most ${LIMITS.messageMax} characters`),
  creditNote: zSafeString('Credit note')
    .max(LIMITS.substituteMax, { error: `Credit note must be at most ${LIMITS.substituteMax} characters` })
    .nullish()
    .transform((value) => value ?? '')
    .describe(`The credit note's number, at most ${LIMITS.substituteMax} characters`),
});
export type TAnswerClaimInput = z.infer<typeof ZAnswerClaimInput>;

export const ZPublicClaim = z
  .object({
    businessName: z.string().describe("The business's name"),
    supplierName: z.string().describe("The supplier's name"),
    sentAt: zDateTime('When the order was sent (ISO 8601)'),
    lines: z
      .array(ZClaimLine.extend({ name: z.string().describe('The product, as sent'), unit: z.string().describe('Its unit') }))
      .describe('What is claimed'),
    amount: z.number().describe('The amount claimed'),
    currency: z.string().describe('ISO 4217'),
    text: z.string().describe('The claim as it was sent'),
    status: z.enum(CLAIM_STATUSES).describe("The claim's status"),
    supplierAnswer: ZClaimAnswer.nullable().describe('The answer so far, or null'),
    answerableUntil: zDateTime('Until when the answer may be given or changed (ISO 8601)'),
  })
  .meta({ id: 'PublicClaim', description: 'A claim, as its supplier sees it' });
export type TPublicClaim = z.infer<typeof ZPublicClaim>;
