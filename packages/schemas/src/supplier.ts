import { z } from 'zod';
import { PRICE_STEP, zId, zOptionalText, zSearch, zText } from './fields.ts';
import { hasAllowedDecimals, LIMITS, MESSAGE_SERVICES, PHONE_SERVICES, type TMessageService } from './limits.ts';
import { isInternationalNumber } from './send-links.ts';
import { zTaxId } from './tax.ts';

export const zMessageService = z
  .enum(MESSAGE_SERVICES, { error: `Send via must be one of ${MESSAGE_SERVICES.join(', ')}` })
  .describe('How orders are sent: whatsapp, telegram, sms, email, phone or other');

export const ZSupplier = z
  .object({
    id: z.number().int().describe('Supplier id'),
    name: z.string().describe('Supplier name'),
    contactName: z.string().describe('Contact person ("" when none)'),
    messageService: zMessageService,
    contactInfo: z.string().describe('Phone number, email address or free text, depending on messageService'),
    note: z.string().describe('Notes, at most 300 characters ("" when none)'),
    orderId: z.number().int().describe("Id of this supplier's current order"),
    deliveryDays: z.array(z.number().int()).describe('Weekdays the supplier delivers, ISO numbers (1 = Monday … 7 = Sunday), ascending'),
    cutoffTime: z.string().nullable().describe('The time ("HH:MM", in the owner\'s time zone) by which an order must be sent, or null'),
    leadDays: z.number().int().describe('How many days before the delivery day the cut-off falls (0 = the same day)'),
    nextDelivery: z.iso
      .date()
      .nullable()
      .describe('The next delivery day whose cut-off is today or later (ISO date), or null without delivery days'),
    orderBy: z.iso
      .datetime({ offset: true })
      .nullable()
      .describe(
        "The cut-off for `nextDelivery`, with the offset of the owner's time zone (it may have passed earlier today), or null without delivery days or cut-off time",
      ),
    askConfirmation: z.boolean().describe("Whether a sent order's text ends with a link where the supplier confirms it"),
    minimumOrder: z.number().nullable().describe("The supplier's minimum order in the business's currency, or null for none"),
    showPrices: z.boolean().describe("Whether the order text shows each line's price and the order's total"),
    taxId: z.string().describe('The supplier\'s tax id (NIF, CIF, VAT number; "" when none)'),
  })
  .meta({
    id: 'Supplier',
    description: 'A supplier and the id of its current order',
    example: {
      id: 12,
      name: 'Verduras Núñez',
      contactName: 'Pepe',
      messageService: 'whatsapp',
      contactInfo: '+34 600 123 456',
      note: 'Delivers before 9:00',
      orderId: 12,
      deliveryDays: [2, 5],
      cutoffTime: '14:00',
      leadDays: 1,
      nextDelivery: '2026-12-01',
      orderBy: '2026-11-30T14:00:00+01:00',
      askConfirmation: true,
      minimumOrder: 80,
      showPrices: false,
      taxId: 'B12345678',
    },
  });
export type TSupplier = z.infer<typeof ZSupplier>;

/** Digits with the usual separators, and at most one "+" before the first digit: "+34 600 12 34 56", "(+34) 600-123-456". */
const PHONE_PATTERN = /^[^\d+]*\+?[\d\s().\-/]+$/;
const PHONE_CHARACTERS = /^[\d\s().\-/+]+$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why `contactInfo` does not fit `messageService`, or undefined when it does. */
export function contactInfoProblem(service: TMessageService, contactInfo: string): string | undefined {
  if (PHONE_SERVICES.includes(service)) {
    const digits = contactInfo.replace(/\D/g, '').length;
    if (
      !PHONE_CHARACTERS.test(contactInfo) ||
      !PHONE_PATTERN.test(contactInfo) ||
      digits < LIMITS.phoneDigitsMin ||
      digits > LIMITS.phoneDigitsMax
    ) {
      return `Contact info must be a phone number for ${service} (digits, spaces, +, -, parentheses)`;
    }
  } else if (service === 'email' && !EMAIL_PATTERN.test(contactInfo)) {
    return 'Contact info must be an email address when sending via email';
  }
  return undefined;
}

const supplierFields = {
  name: zText('Supplier name', LIMITS.nameMax).describe('Supplier name, 1 to 100 characters'),
  contactName: zOptionalText('Contact name', LIMITS.nameMax).describe('Contact person, at most 100 characters'),
  messageService: zMessageService,
  contactInfo: zOptionalText('Contact info', LIMITS.contactInfoMax).describe(
    `How to reach the supplier, at most ${LIMITS.contactInfoMax} characters, by \`messageService\`: ` +
      `whatsapp, telegram, sms and phone: a phone number (${LIMITS.phoneDigitsMin} to ${LIMITS.phoneDigitsMax} digits, ` +
      'with spaces, one leading +, - . / and parentheses, e.g. "+34 600 123 456"; for whatsapp give the country code, ' +
      "without it sending opens WhatsApp's chat picker); " +
      'email: an email address ("orders@example.com"); other: free text, may be empty. Required (not empty) for every service but other.',
  ),
  note: zOptionalText('Notes', LIMITS.messageMax, { multiline: true }).describe('Notes, at most 300 characters'),
};

const CUTOFF_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The schedule fields: optional on both POST and PUT (absent keeps what is stored, or the default on POST). */
const scheduleFields = {
  deliveryDays: z
    .array(
      z
        .number({ error: 'Delivery days must be weekday numbers from 1 (Monday) to 7 (Sunday)' })
        .int({ error: 'Delivery days must be weekday numbers from 1 (Monday) to 7 (Sunday)' })
        .min(1, { error: 'Delivery days must be weekday numbers from 1 (Monday) to 7 (Sunday)' })
        .max(7, { error: 'Delivery days must be weekday numbers from 1 (Monday) to 7 (Sunday)' }),
      { error: 'Delivery days must be a list of weekday numbers' },
    )
    .max(7, { error: 'Delivery days must list each weekday at most once' })
    .refine((days) => new Set(days).size === days.length, { error: 'Delivery days must list each weekday at most once' })
    .transform((days) => [...days].sort((a, b) => a - b))
    .optional()
    .describe('Weekdays the supplier delivers, ISO numbers (1 = Monday … 7 = Sunday); [] for none. Absent keeps them ([] on creation)'),
  cutoffTime: z
    .string({ error: 'Cut-off time must be a time like 14:00' })
    .trim()
    .regex(CUTOFF_TIME, { error: 'Cut-off time must be a time like 14:00' })
    .nullable()
    .optional()
    .describe('"HH:MM" (24-hour, in the owner\'s time zone) by which an order must be sent; null clears it; absent keeps it'),
  leadDays: z
    .number({ error: `Lead days must be a whole number from 0 to ${LIMITS.leadDaysMax}` })
    .int({ error: `Lead days must be a whole number from 0 to ${LIMITS.leadDaysMax}` })
    .min(0, { error: `Lead days must be a whole number from 0 to ${LIMITS.leadDaysMax}` })
    .max(LIMITS.leadDaysMax, { error: `Lead days must be a whole number from 0 to ${LIMITS.leadDaysMax}` })
    .optional()
    .describe(
      `Days between the cut-off and the delivery, 0 to ${LIMITS.leadDaysMax}; absent keeps it (${LIMITS.leadDaysDefault} on creation)`,
    ),
};

/** Optional on both POST and PUT: absent keeps what is stored (none and false on creation; docs/decisions.md §8.4). */
const moneyFields = {
  minimumOrder: z
    .number({ error: 'Minimum order must be a number' })
    .min(0, { error: 'Minimum order must be 0 or more' })
    .max(LIMITS.priceMax, { error: `Minimum order must be at most ${LIMITS.priceMax}` })
    .refine((value) => hasAllowedDecimals(value, LIMITS.priceDecimals), {
      error: `Minimum order must have at most ${LIMITS.priceDecimals} decimals`,
    })
    .meta({ multipleOf: PRICE_STEP })
    .nullable()
    .optional()
    .describe("The supplier's minimum order in the business's currency, 0 to 1000000; null clears it; absent keeps it (none on creation)"),
  showPrices: z
    .boolean({ error: 'Show prices must be true or false' })
    .optional()
    .describe("Whether the order text shows each line's price and the total; absent keeps it (false on creation)"),
};

/** Optional on both POST and PUT: absent keeps what is stored ("" on creation; docs/decisions.md §9.6). */
const taxFields = {
  taxId: zTaxId
    .optional()
    .describe('The supplier\'s tax id (NIF, CIF, VAT number), at most 20 characters; "" or null clears it; absent keeps it'),
};

/** Optional on both POST and PUT: absent keeps what is stored (true on creation). */
const confirmationFields = {
  askConfirmation: z
    .boolean({ error: 'Ask to confirm must be true or false' })
    .optional()
    .describe("Whether a sent order's text ends with a link where the supplier confirms it; absent keeps it (true on creation)"),
};

function checkContactInfo(value: { messageService: TMessageService; contactInfo: string }, ctx: z.RefinementCtx) {
  if (value.messageService === 'other') return;
  if (!value.contactInfo) {
    ctx.addIssue({ code: 'custom', path: ['contactInfo'], message: 'Contact info is required', params: { rule: 'required' } });
    return;
  }
  const problem = contactInfoProblem(value.messageService, value.contactInfo);
  if (problem) {
    ctx.addIssue({
      code: 'custom',
      path: ['contactInfo'],
      message: problem,
      params: { rule: value.messageService === 'email' ? 'email' : 'phone' },
    });
  }
}

export const ZCreateSupplierInput = z
  .object({ ...supplierFields, ...scheduleFields, ...confirmationFields, ...moneyFields, ...taxFields })
  .superRefine(checkContactInfo);

/**
 * The supplier form's rules: the API's, and a WhatsApp number must carry its
 * country code, since wa.me cannot find a chat without it. The API itself
 * keeps accepting national numbers from scripts; sending to one opens
 * WhatsApp's chat picker (see `planSend`).
 */
export const ZSupplierFormInput = ZCreateSupplierInput.superRefine((value, ctx) => {
  if (value.messageService === 'whatsapp' && value.contactInfo && !contactInfoProblem('whatsapp', value.contactInfo)) {
    if (!isInternationalNumber(value.contactInfo)) {
      ctx.addIssue({
        code: 'custom',
        path: ['contactInfo'],
        message: 'WhatsApp numbers need their country code, like +34 600 123 456',
        params: { rule: 'whatsappCountryCode' },
      });
    }
  }
});
export type TCreateSupplierInput = z.infer<typeof ZCreateSupplierInput>;

export const ZUpdateSupplierInput = z
  .object({
    id: zId('Supplier id').describe('Supplier id'),
    ...supplierFields,
    ...scheduleFields,
    ...confirmationFields,
    ...moneyFields,
    ...taxFields,
  })
  .superRefine(checkContactInfo);
export type TUpdateSupplierInput = z.infer<typeof ZUpdateSupplierInput>;

export const ZSupplierIdInput = z.object({ id: zId('Supplier id').describe('Supplier id') });

export const SUPPLIER_SORTS = ['name', 'orderBy'] as const;

export const ZSupplierListInput = z.object({
  q: zSearch,
  sort: z
    .enum(SUPPLIER_SORTS, { error: 'Sort must be "name" or "orderBy"' })
    .describe('"name" (the default) or "orderBy": the soonest cut-off first, suppliers without a schedule last')
    .optional(),
});
