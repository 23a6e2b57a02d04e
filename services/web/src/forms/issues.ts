import type { TTranslate } from '../lib/i18n.ts';

/** The parts of a Zod issue the form needs to say what is wrong, in the user's language. */
export interface FormIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  origin?: string;
  params?: { rule?: string };
}

/**
 * A Zod issue from the shared schemas, worded in the current language. The
 * schemas' own messages are English for API clients; the form words the same
 * rule for people.
 */
export function translateIssue(issue: FormIssue, t: TTranslate): string {
  const rule = issue.params?.rule;
  if (rule === 'required') return t('validation.required');
  if (rule === 'email') return t('validation.email');
  if (rule === 'phone') return t('validation.phone');
  if (rule === 'whatsappCountryCode') return t('validation.whatsappCountryCode');
  if (rule === 'quantity') return t('validation.quantityRange', { max: 99999 });
  if (rule === 'price') return t('validation.price');
  if (rule === 'step') return t('validation.step');
  if (rule === 'taxRate') return t('tax.rateInvalid');
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'number') return t('validation.quantityRange', { max: 99999 });
      return Number(issue.minimum) <= 1 ? t('validation.required') : t('validation.minLength', { count: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'number') return t('validation.quantityRange', { max: Number(issue.maximum) });
      return t('validation.maxLength', { count: Number(issue.maximum) });
    case 'invalid_format':
      return issue.format === 'email' ? t('validation.email') : t('validation.invalid');
    case 'invalid_type':
      return issue.origin === 'number' ? t('validation.number') : t('validation.required');
    default:
      return t('validation.invalid');
  }
}
