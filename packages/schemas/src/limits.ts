/**
 * Every limit of the product, in one place: the server's schemas and the
 * browser's forms both read them from here (docs/decisions.md §3).
 */
export const LIMITS = {
  nameMax: 100,
  unitMax: 20,
  /** The order message (`introduce`) and supplier notes. */
  messageMax: 300,
  feedbackNoteMax: 2000,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
  contactInfoMax: 254,
  phoneDigitsMin: 5,
  phoneDigitsMax: 20,
  quantityMax: 99_999,
  quantityDecimals: 3,
  /** A product's price per unit (docs/decisions.md §8.4). */
  priceMax: 1_000_000,
  priceDecimals: 4,
  /** A product's note for whoever prepares the order (docs/decisions.md §8.4). */
  productNoteMax: 300,
  /** Rows of one `POST /products/bulk` (docs/decisions.md §8.3). */
  bulkRowsMax: 1000,
  /** The text "Add several" reads at once (docs/decisions.md §9.2): a thousand product lines and then some. */
  pasteTextMax: 50_000,
  suppliersPerAccount: 1000,
  /** Businesses one user may make (docs/decisions.md §8.2): a chain's cafés, not a directory. */
  businessesPerUser: 20,
  productsPerSupplier: 1000,
  searchMax: 100,
  /** Live personal API tokens per account, how long a token lasts unless asked otherwise, and the longest it may (docs/decisions.md §8.6). */
  apiTokensPerAccount: 50,
  apiTokenDaysDefault: 90,
  apiTokenDaysMax: 365,
  /** Browsers that receive one account's notifications (docs/decisions.md §8.6). */
  pushSubscriptionsPerAccount: 10,
  /** Webhook endpoints of one business, and the deliveries its log shows (shared DECISIONS §8.5). */
  webhooksPerBusiness: 10,
  webhookDeliveriesShown: 100,
  /** The largest request body the API reads (JSON, on both surfaces). */
  bodyBytes: 1024 * 1024,
  /**
   * A catalogue import (docs/decisions.md §9.2): at most this many data rows
   * and this many bytes of CSV; its request body may be larger than
   * `bodyBytes`, since JSON escapes the file's quotes and line breaks.
   */
  catalogueImportRows: 5000,
  catalogueImportBytes: 2 * 1024 * 1024,
  catalogueImportBodyBytes: 6 * 1024 * 1024,
  /** The deepest a JSON body may nest: no call needs more than a few levels. */
  jsonDepth: 32,
  /** Days between the cut-off and the delivery it is for (docs/decisions.md §6.2). */
  leadDaysMax: 7,
  leadDaysDefault: 1,
  /** How long before a cut-off the owner is reminded, in minutes. */
  reminderMinutesMin: 15,
  reminderMinutesMax: 1440,
  reminderMinutesDefault: 120,
  timeZoneMax: 64,
  /** How long a supplier's confirmation link works after the send (docs/decisions.md §6.4). */
  confirmationDays: 14,
  /** A supplier's substitute note on a line of its answer (docs/decisions.md §8.4). */
  substituteMax: 100,
  /** A price change this big (as a fraction of the price before), up or down, is flagged (docs/decisions.md §8.4). */
  flaggedPriceChange: 0.05,
  /** How late a send can be recorded with the time it really happened (an app that was offline; docs/decisions.md §6.5). */
  sentAtMaxAgeDays: 30,
  /** How far ahead of the server's clock a send's time may be (a device clock's drift; docs/decisions.md §9.7). */
  sentAtMaxAheadMinutes: 5,
} as const;

/** Whether a number has at most `decimals` decimals (by default the quantities' 3: 2.125 yes, 1.2345 no), tolerating float noise. */
export function hasAllowedDecimals(value: number, decimals: number = LIMITS.quantityDecimals): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** Whether `quantity` is a whole number of `step`s (any quantity when there is no step), in thousandths so 0.3 / 0.1 is exact. */
export function isMultipleOfStep(quantity: number, step: number | null | undefined): boolean {
  if (!step) return true;
  const scale = 10 ** LIMITS.quantityDecimals;
  return Math.round(quantity * scale) % Math.round(step * scale) === 0;
}

/**
 * Whether a number is a valid quantity: 0 to 99,999 with at most three
 * decimals. The same rule as the API's `zQuantity`, without zod, so the order
 * screen does not download it.
 */
/**
 * A number as people type it in a field: digits with one decimal comma or
 * point ("2,5" is 2.5), spaces around it ignored; undefined for anything else
 * (a sign, an exponent, a second mark). Each field then checks its own range.
 */
export function readTypedNumber(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : undefined;
}

export function isValidQuantity(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= LIMITS.quantityMax && hasAllowedDecimals(value);
}

export const MESSAGE_SERVICES = ['whatsapp', 'telegram', 'sms', 'email', 'phone', 'other'] as const;
export type TMessageService = (typeof MESSAGE_SERVICES)[number];

/** Services whose contact info is a phone number; `email` takes an address, `other` free text. */
export const PHONE_SERVICES: readonly TMessageService[] = ['whatsapp', 'telegram', 'sms', 'phone'];

/** An IANA name the runtime knows ("Europe/Madrid", "UTC"): a region name, never an offset. */
export const TIME_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** The canonical spelling of an IANA time zone ("europe/madrid" → "Europe/Madrid"), or undefined when it is none. */
export function canonicalTimeZone(name: string): string | undefined {
  if (name.length > LIMITS.timeZoneMax || !TIME_ZONE_NAME.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** How the orders list is sorted (issue 32): by name, soonest cut-off first, or orders with products first; one choice, kept on the account. */
export const ORDERS_SORTS = ['name', 'cutoff', 'inOrder'] as const;
export type TOrdersSort = (typeof ORDERS_SORTS)[number];
