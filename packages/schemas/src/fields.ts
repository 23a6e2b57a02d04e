import { z } from 'zod';
import './jitless.ts';
import { LANGUAGES } from './languages.ts';
import { canonicalTimeZone, hasAllowedDecimals, LIMITS, TIME_ZONE_NAME } from './limits.ts';

/**
 * A positive integer id. Its input type is `number`: paths and queries are
 * text, and the REST surface reads a string of digits as the number there
 * (and only there: see the REST adapter), so the typed client never sends text.
 */
export const zId = (label: string) =>
  z
    .number({ error: `${label} must be a positive integer` })
    .int({ error: `${label} must be a positive integer`, abort: true })
    .min(1, { error: `${label} must be a positive integer` })
    .max(2_147_483_647, { error: `${label} is too large` });

/** A whole number in `min`..`max`, `fallback` when missing. */
export const zCount = (label: string, min: number, max: number, fallback: number) => {
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }).default(fallback);
};

/** C0 control characters (NUL, ESC, line breaks...): none belongs in a single-line text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f]/;
/** The same, but for tab, line feed and carriage return, which a multi-line text keeps. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_CHARACTERS_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069): in a text shown to someone else they can make it read
 * other than it is ("Trojan Source": U+202E turns "fdp.exe" around). The
 * marks U+200E and U+200F, which right-to-left writing needs, stay allowed.
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
/** A lone UTF-16 surrogate (half of an emoji cut in two): not well-formed Unicode. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A string the database can keep as it was sent (docs/decisions.md §4): no NUL or
 * other C0 control character (tab, CR and LF are allowed in a `multiline`
 * text), well-formed Unicode, and, since most texts are shown to someone
 * else (a supplier, a member, an invitee), no bidirectional control
 * character (§9.7; `allowBidi` for what nobody else reads: passwords), else
 * a 400 naming the field.
 */
export function zSafeString(label: string, options: { multiline?: boolean; trim?: boolean; typeError?: string; allowBidi?: boolean } = {}) {
  const control = options.multiline ? CONTROL_CHARACTERS_MULTILINE : CONTROL_CHARACTERS;
  const base = z.string({ error: options.typeError ?? `${label} must be text` });
  const safe = (options.trim === false ? base : base.trim())
    .refine((value) => !control.test(value), { error: `${label} must not contain control characters`, abort: true })
    .refine((value) => !LONE_SURROGATE.test(value), { error: `${label} must be valid Unicode text`, abort: true });
  return options.allowBidi
    ? safe
    : safe.refine((value) => !BIDI_CONTROLS.test(value), {
        error: `${label} must not contain characters that change the text's direction (U+202A–U+202E, U+2066–U+2069)`,
        abort: true,
      });
}

/** A required text of `min`..`max` characters, trimmed; single-line unless `multiline`. */
export const zText = (label: string, max: number, min = 1, options: { multiline?: boolean } = {}) =>
  zSafeString(label, options)
    .min(min, { error: min === 1 ? `${label} is required` : `${label} must be at least ${min} characters` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/** An optional free text of at most `max` characters, trimmed; missing or `null` is "". */
export const zOptionalText = (label: string, max: number, options: { multiline?: boolean } = {}) =>
  z
    .string({ error: `${label} must be text` })
    // The limit is checked after the null and trim steps; the document states it on what is sent (issue 33).
    .meta({ maxLength: max })
    .nullish()
    .transform((value) => value ?? '')
    .pipe(zSafeString(label, options).max(max, { error: `${label} must be at most ${max} characters` }));

/**
 * A text where `null` reads as "", then checked by `schema` (a required key that may be cleared).
 * `documented` states `schema`'s limits on the text as sent, for the OpenAPI document, which
 * shows only this first step of the pipe.
 */
export function zNullAsEmpty<T extends z.ZodType<unknown, string>>(schema: T, typeError: string, documented: { maxLength: number }) {
  return z
    .string({ error: typeError })
    .meta(documented)
    .nullable()
    .transform((value) => value ?? '')
    .pipe(schema);
}

/**
 * An optional text where "" and `null` read as missing (a form's blank field), else checked by `schema`.
 * `documented` states `schema`'s limits on the text as sent (a `pattern` that also lets "" through).
 */
export function zBlankAsMissing<T extends z.ZodType<unknown, string>>(
  schema: T,
  typeError: string,
  documented: { maxLength: number; pattern?: string },
) {
  return z
    .string({ error: typeError })
    .meta(documented)
    .nullish()
    .transform((value) => (value === '' || value === null ? undefined : value))
    .pipe(schema.optional());
}

/** A moment, as ISO 8601 in UTC ("2026-11-23T09:30:00.000Z"): `format: date-time` in the OpenAPI document. */
export const zDateTime = (description: string) => z.iso.datetime().describe(description);

/** A member who did something (sent an order, counted a product), or null: before teams, or once that user is gone. */
export const zMemberRef = (description: string) =>
  z
    .object({ userId: z.number().int().describe('User id'), fullName: z.string().describe('Full name') })
    .nullable()
    .describe(description);

/** The owner's time zone: an IANA name, kept in its canonical spelling. */
export const zTimeZone = zSafeString('Time zone', { typeError: 'Time zone must be text' })
  .max(LIMITS.timeZoneMax, { error: 'Time zone must be an IANA name like Europe/Madrid' })
  .meta({ pattern: TIME_ZONE_NAME.source })
  .transform((value, ctx) => {
    const canonical = canonicalTimeZone(value);
    if (canonical === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Time zone must be an IANA name like Europe/Madrid', params: { rule: 'timeZone' } });
      return z.NEVER;
    }
    return canonical;
  })
  .describe('An IANA time zone name, like "Europe/Madrid" or "America/New_York"');

export const zEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, { error: 'Email is required' })
  .max(LIMITS.emailMax, { error: `Email must be at most ${LIMITS.emailMax} characters` })
  .email({ error: 'Email must be a valid email address' })
  .describe('Email address (at most 254 characters)');

/** A new password: 8 to 128 characters, no composition rules, never trimmed. */
export const zNewPassword = zSafeString('Password', { trim: false, allowBidi: true, typeError: 'Password is required' })
  .min(LIMITS.passwordMin, { error: `Password must be at least ${LIMITS.passwordMin} characters` })
  .max(LIMITS.passwordMax, { error: `Password must be at most ${LIMITS.passwordMax} characters` })
  .describe('Password, 8 to 128 characters');

export const zLanguage = z
  .enum(LANGUAGES, { error: 'Language must be "en" or "es"' })
  .describe('Language of the texts and emails: "en" or "es"');

/**
 * At most 3 decimals, as the OpenAPI document says it (`multipleOf`). The server's own check
 * (hasAllowedDecimals) tolerates binary floating point; a validator without a tolerance (Ajv's
 * `multipleOfPrecision`) may call 0.043 a violation, since 0.043 / 0.001 is 42.99999999999999 (13,359 of the
 * 100,000 values from 0 to 99.999 fare so in JavaScript; 2.5 or 1.25 do not).
 */
export const AMOUNT_STEP = 1 / 10 ** LIMITS.quantityDecimals;
/** At most 4 decimals, for prices and amounts of money, with the same caveat. */
export const PRICE_STEP = 1 / 10 ** LIMITS.priceDecimals;

/** A quantity: 0 to 99,999 with at most three decimals; 0 means "not in this order". */
export const zQuantity = z
  .number({ error: 'Quantity must be a number' })
  .min(0, { error: 'Quantity must be 0 or more' })
  .max(LIMITS.quantityMax, { error: `Quantity must be at most ${LIMITS.quantityMax}` })
  .refine(hasAllowedDecimals, { error: `Quantity must have at most ${LIMITS.quantityDecimals} decimals` })
  .meta({ multipleOf: AMOUNT_STEP })
  .describe('Quantity from 0 to 99999 with at most 3 decimals; 0 means "not in this order"');

/** A stock amount (a par level, a count): the quantity rules, with the field's own name in its messages. */
export const zAmount = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, { error: `${label} must be 0 or more` })
    .max(LIMITS.quantityMax, { error: `${label} must be at most ${LIMITS.quantityMax}` })
    .refine(hasAllowedDecimals, { error: `${label} must have at most ${LIMITS.quantityDecimals} decimals` })
    .meta({ multipleOf: AMOUNT_STEP });

/** The search text `q`: optional, trimmed, at most 100 characters; blank means "everything". */
export const zSearch = zSafeString('Search', { typeError: 'Search must be text' })
  .max(LIMITS.searchMax, { error: `Search must be at most ${LIMITS.searchMax} characters` })
  .describe('Case- and accent-insensitive text to search for ("jamon" finds "Jamón")')
  .optional();

/**
 * An input whose fields are all optional may be left out altogether
 * (`suppliers.list.query()`, and a REST body that is optional): it then reads
 * as `{}`, with the fields' own defaults (issue 33).
 */
export function zOptionalInput<T extends z.ZodObject>(schema: T) {
  return schema.prefault({} as z.input<T> & object);
}

/** The input of a call that takes none: nothing, or `{}`. */
export const zNoInput = zOptionalInput(z.object({}));

/**
 * An address this server posts to (a push service's endpoint, a webhook):
 * an https URL of at most 2048 characters. Where it may lead (public
 * addresses only; http and local addresses only on a server started with
 * ALLOW_PRIVATE_ENDPOINTS=1, for tests) is the server's outbound rule, which
 * resolves the host (docs/decisions.md §8.6).
 */
export function zOutboundUrl(label: string, options: { typeError: string; description: string }) {
  return zSafeString(label, { typeError: options.typeError })
    .min(1, { error: `${label} is required` })
    .max(2048, { error: `${label} must be at most 2048 characters` })
    .refine(
      (value) => {
        try {
          return ['https:', 'http:'].includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { error: `${label} must be an https URL` },
    )
    .meta({ pattern: '^https://' })
    .describe(
      `${options.description}: https, on a host whose every address is public (a server started with ALLOW_PRIVATE_ENDPOINTS=1, for tests, also takes http and local hosts)`,
    );
}
