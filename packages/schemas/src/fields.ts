import { z } from 'zod';
import { LANGUAGES, LIMITS } from './limits.ts';

/** Turns a string of digits into a number so ids work the same in paths, queries and bodies. */
const digitsToNumber = (value: unknown) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value);

/**
 * A positive integer id. Path and query parameters arrive as strings, so a
 * string of digits is accepted; `null`, `true` or `""` are not quietly turned
 * into numbers.
 */
export const zId = (label: string) =>
  z.preprocess(
    digitsToNumber,
    z
      .number({ error: `${label} must be a positive integer` })
      .int({ error: `${label} must be a positive integer`, abort: true })
      .min(1, { error: `${label} must be a positive integer` })
      .max(2_147_483_647, { error: `${label} is too large` }),
  );

/** A whole number in `min`..`max` from a query string or JSON, `fallback` when missing. */
export const zCount = (label: string, min: number, max: number, fallback: number) =>
  z
    .preprocess(
      digitsToNumber,
      z
        .number({ error: `${label} must be a whole number from ${min} to ${max}` })
        .int({ error: `${label} must be a whole number from ${min} to ${max}` })
        .min(min, { error: `${label} must be a whole number from ${min} to ${max}` })
        .max(max, { error: `${label} must be a whole number from ${min} to ${max}` }),
    )
    .optional()
    .transform((value) => value ?? fallback);

/** A required single-line text of `min`..`max` characters, trimmed. */
export const zText = (label: string, max: number, min = 1) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(min, { error: min === 1 ? `${label} is required` : `${label} must be at least ${min} characters` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/** An optional free text of at most `max` characters; missing or `null` is "". */
export const zOptionalText = (label: string, max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, { error: `${label} must be at most ${max} characters` }),
  );

export const zEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, { error: 'Email is required' })
  .max(LIMITS.emailMax, { error: `Email must be at most ${LIMITS.emailMax} characters` })
  .email({ error: 'Email must be a valid email address' })
  .describe('Email address (at most 254 characters)');

/** A new password: 8 to 128 characters, no composition rules, never trimmed. */
export const zNewPassword = z
  .string({ error: 'Password is required' })
  .min(LIMITS.passwordMin, { error: `Password must be at least ${LIMITS.passwordMin} characters` })
  .max(LIMITS.passwordMax, { error: `Password must be at most ${LIMITS.passwordMax} characters` })
  .describe('Password, 8 to 128 characters');

export const zLanguage = z
  .enum(LANGUAGES, { error: 'Language must be "en" or "es"' })
  .describe('Language of the texts and emails: "en" or "es"');

/** True when `value` has at most the allowed number of decimals (tolerating binary floating point). */
function hasAllowedDecimals(value: number): boolean {
  const scaled = value * 10 ** LIMITS.quantityDecimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** A quantity: 0 to 99,999 with at most three decimals; 0 means "not in this order". */
export const zQuantity = z
  .preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: 'Quantity must be a number' })
      .min(0, { error: 'Quantity must be 0 or more' })
      .max(LIMITS.quantityMax, { error: `Quantity must be at most ${LIMITS.quantityMax}` })
      .refine(hasAllowedDecimals, { error: `Quantity must have at most ${LIMITS.quantityDecimals} decimals` }),
  )
  .describe('Quantity from 0 to 99999 with at most 3 decimals; 0 means "not in this order"');

/** The search text `q`: optional, trimmed, at most 100 characters; blank means "everything". */
export const zSearch = z
  .string({ error: 'Search must be text' })
  .trim()
  .max(LIMITS.searchMax, { error: `Search must be at most ${LIMITS.searchMax} characters` })
  .describe('Case- and accent-insensitive text to search for ("jamon" finds "Jamón")')
  .optional();
