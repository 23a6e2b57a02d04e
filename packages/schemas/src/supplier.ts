import { z } from 'zod';
import { zId, zOptionalText, zSearch, zText } from './fields.ts';
import { LIMITS, MESSAGE_SERVICES, PHONE_SERVICES, type TMessageService } from './limits.ts';
import { isInternationalNumber } from './send-links.ts';

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
    'A phone number for whatsapp, telegram, sms and phone; an email address for email; free text for other',
  ),
  note: zOptionalText('Notes', LIMITS.messageMax, { multiline: true }).describe('Notes, at most 300 characters'),
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

export const ZCreateSupplierInput = z.object(supplierFields).superRefine(checkContactInfo);

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
  .object({ id: zId('Supplier id').describe('Supplier id'), ...supplierFields })
  .superRefine(checkContactInfo);
export type TUpdateSupplierInput = z.infer<typeof ZUpdateSupplierInput>;

export const ZSupplierIdInput = z.object({ id: zId('Supplier id').describe('Supplier id') });

export const ZSupplierListInput = z.object({ q: zSearch });
