import { z } from 'zod';
import { zAmount, zDateTime, zId } from './fields.ts';
import { LIMITS } from './limits.ts';

/**
 * The usual quantity of an order's line by delivery weekday (docs/decisions.md
 * §9.5): the median, lowest and highest of the last 6 sends for the same
 * delivery weekday as the current order that had the product (at least 2),
 * else of the last 4 sends that had it whatever the day (`weekday: null`).
 */
export const ZUsual = z
  .object({
    quantity: z.number().describe('The median quantity (the two middle ones averaged), 3 decimals'),
    low: z.number().describe('The lowest quantity of those sends'),
    high: z.number().describe('The highest quantity of those sends'),
    weekday: z
      .number()
      .int()
      .min(1)
      .max(7)
      .nullable()
      .describe('The ISO delivery weekday (1 = Monday) it is for, or null when it falls back to the last sends whatever the day'),
    basedOn: z.number().int().describe('How many sends it is worked out from'),
  })
  .nullable()
  .meta({ id: 'Usual' })
  .describe(
    'The usual quantity for the delivery weekday of this order: median, lowest and highest of the last 6 sends for that weekday with the product (at least 2), else of the last 4 sends with it whatever the day (weekday null); null when never sent',
  );
export type TUsual = z.infer<typeof ZUsual>;

/** The weekday keys of a standing order's quantities, Monday first: index + 1 is the ISO weekday. */
export const STANDING_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type TStandingDay = (typeof STANDING_DAYS)[number];

/** The key of an ISO weekday (1 = Monday … 7) in a standing order's quantities. */
export function standingDayOf(isoWeekday: number): TStandingDay {
  return STANDING_DAYS[(isoWeekday - 1) % 7] as TStandingDay;
}

/** How many paused dates a standing order keeps at most. */
export const STANDING_PAUSED_MAX = 60;
export const STANDING_PREPARE_DEFAULT = 12;

const zDayQuantity = (day: TStandingDay) =>
  zAmount(`Quantity for ${day}`)
    .optional()
    .describe(`The quantity for a delivery on ${day}, 0 to 99999 with at most 3 decimals; left out or 0: none`);

export const ZStandingQuantities = z
  .object(
    Object.fromEntries(STANDING_DAYS.map((day) => [day, zDayQuantity(day)])) as { [K in TStandingDay]: ReturnType<typeof zDayQuantity> },
    {
      error: 'Quantities must be an object of weekdays (mon … sun)',
    },
  )
  .strict()
  .describe('The quantity per delivery weekday: mon, tue, wed, thu, fri, sat, sun (each optional)');
export type TStandingQuantities = z.infer<typeof ZStandingQuantities>;

export const ZStandingLine = z
  .object({
    productId: zId('Product id').describe("A product of the supplier's order"),
    quantities: ZStandingQuantities,
  })
  .meta({ id: 'StandingLine' });
export type TStandingLine = z.infer<typeof ZStandingLine>;

const zPausedDate = z.iso.date({ error: 'Paused dates must be dates like 2026-12-25' }).describe('A delivery date (YYYY-MM-DD)');

/** A supplier's standing order, as `GET /suppliers/{id}/standing` answers it (docs/decisions.md §9.5). */
export const ZStandingOrder = z
  .object({
    supplierId: z.number().int().describe('Supplier id'),
    enabled: z.boolean().describe('Whether the order is prepared before each cut-off'),
    lines: z.array(ZStandingLine).describe('The products and their quantity per delivery weekday'),
    prepareHoursBefore: z.number().int().describe('How many hours before the cut-off the order is prepared (1 to 48)'),
    autoSend: z
      .boolean()
      .describe('Email suppliers only: the prepared order is sent by email 30 minutes before the cut-off when nobody sent it'),
    pausedDates: z.array(z.string()).describe('Delivery dates (YYYY-MM-DD) not prepared: closures, holidays, skipped days'),
    updatedAt: zDateTime('When it was last saved (ISO 8601)').nullable().describe('When it was last saved (ISO 8601), or null when never'),
  })
  .meta({
    id: 'StandingOrder',
    description: "A supplier's standing order: quantities per delivery weekday, prepared into the empty current order before the cut-off",
    example: {
      supplierId: 12,
      enabled: true,
      lines: [{ productId: 301, quantities: { mon: 12, tue: 12, wed: 12, thu: 12, fri: 12, sat: 24 } }],
      prepareHoursBefore: 12,
      autoSend: false,
      pausedDates: ['2026-12-25'],
      updatedAt: '2026-11-28T16:00:00.000Z',
    },
  });
export type TStandingOrder = z.infer<typeof ZStandingOrder>;

export const ZStandingIdInput = z.object({ id: zId('Supplier id').describe('Supplier id') });

/** The body of `PUT /suppliers/{id}/standing`: the whole standing order. */
export const ZPutStandingInput = z.object({
  id: zId('Supplier id').describe('Supplier id'),
  enabled: z.boolean({ error: 'Enabled must be true or false' }).describe('Whether the order is prepared before each cut-off'),
  lines: z
    .array(ZStandingLine, { error: 'Lines must be a list' })
    .max(LIMITS.productsPerSupplier, { error: `Lines must be at most ${LIMITS.productsPerSupplier}` })
    .refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, {
      error: 'Each product may appear once in lines',
    })
    .describe('The products and their quantity per delivery weekday (each product once)'),
  prepareHoursBefore: z
    .number({ error: 'prepareHoursBefore must be a whole number of hours from 1 to 48' })
    .int({ error: 'prepareHoursBefore must be a whole number of hours from 1 to 48' })
    .min(1, { error: 'prepareHoursBefore must be a whole number of hours from 1 to 48' })
    .max(48, { error: 'prepareHoursBefore must be a whole number of hours from 1 to 48' })
    .default(STANDING_PREPARE_DEFAULT)
    .describe('How many hours before the cut-off the order is prepared, 1 to 48 (default 12)'),
  autoSend: z
    .boolean({ error: 'autoSend must be true or false' })
    .default(false)
    .describe('Email suppliers only (400 otherwise): send the prepared order by email 30 minutes before the cut-off when nobody did'),
  pausedDates: z
    .array(zPausedDate, { error: 'Paused dates must be a list of dates' })
    .max(STANDING_PAUSED_MAX, { error: `Paused dates must be at most ${STANDING_PAUSED_MAX}` })
    .transform((dates) => [...new Set(dates)].sort())
    .default([])
    .describe(`Delivery dates (YYYY-MM-DD) not to prepare, at most ${STANDING_PAUSED_MAX}`),
});
export type TPutStandingInput = z.input<typeof ZPutStandingInput>;
/** The body as checked: defaults filled, paused dates sorted and once each. */
export type TPutStanding = z.output<typeof ZPutStandingInput>;

/** `POST /suppliers/{id}/standing/skip`: "Saltar" adds the delivery date to `pausedDates`. */
export const ZSkipStandingInput = z.object({
  id: zId('Supplier id').describe('Supplier id'),
  date: z.iso.date({ error: 'Date must be a date like 2026-12-05' }).describe('The delivery date to skip (YYYY-MM-DD)'),
});
export type TSkipStandingInput = z.infer<typeof ZSkipStandingInput>;

/** What a prepared order's message offers (docs/decisions.md §9.5): send it as it is, edit it, or skip the delivery. */
export type TPreparedAction = 'send' | 'edit' | 'skip';

/**
 * The app's path a prepared order's message links to for each action: the
 * order screen, told which delivery was prepared (`prepared=YYYY-MM-DD`) and,
 * for send and skip, what to offer at once (`then=send|skip`). Skipping is
 * the screen's call to `POST /suppliers/{id}/standing/skip`, never the link itself.
 */
export function preparedOrderPath(supplierId: number, date: string, action: TPreparedAction): string {
  const then = action === 'edit' ? '' : `&then=${action}`;
  return `/orders/${supplierId}?prepared=${date}${then}`;
}
