import { z } from 'zod';

/** How Spend groups sent orders (docs/decisions.md §8.4). */
export const SPEND_GROUPS = ['month', 'week', 'supplier', 'product'] as const;
export type TSpendGroupBy = (typeof SPEND_GROUPS)[number];

/** The longest range Spend and the accountant's CSV read: two years. */
export const SPEND_MAX_DAYS = 731;

const zDay = (label: string) =>
  z.iso
    .date({ error: `${label} must be a date like 2026-11-01` })
    .describe(`${label} (YYYY-MM-DD, a day in the owner's time zone, included)`)
    .optional();

/** A range of days in the owner's time zone: both ends included, at most two years. */
export const ZSpendRange = z.object({
  from: zDay('From'),
  to: zDay('To'),
});

export const ZSpendInput = ZSpendRange.extend({
  groupBy: z
    .enum(SPEND_GROUPS, { error: 'groupBy must be month, week, supplier or product' })
    .default('month')
    .describe(
      '"month" (the default) or "week" (every one in the range, oldest first, 0 when nothing was sent), "supplier" or "product" (largest first)',
    ),
});
export type TSpendInput = z.input<typeof ZSpendInput>;

const ZSpendPart = z
  .object({
    key: z.string().describe('The supplier id'),
    label: z.string().describe("The supplier's name"),
    total: z.number().describe('What was sent to it in this period'),
  })
  .meta({ id: 'SpendPart' });

export const ZSpendGroup = z
  .object({
    key: z.string().describe('"2026-11" for a month, "2026-W48" for an ISO week, the supplier id or the product id (as text)'),
    label: z.string().describe('The group as the user reads it: "November 2026", "Week of 23 Nov 2026", a name'),
    total: z.number().describe('quantity × price over the priced lines sent, 4 decimals'),
    orders: z.number().int().describe('How many sent orders (for a product: that carried it)'),
    suppliers: z
      .array(ZSpendPart)
      .optional()
      .describe('For a month or a week: its total per supplier, largest first (what a stacked chart draws)'),
  })
  .meta({ id: 'SpendGroup' });
export type TSpendGroup = z.infer<typeof ZSpendGroup>;

export const ZSpend = z
  .object({
    currency: z.string().describe("The business's currency (ISO 4217)"),
    from: z.iso.date().describe('The first day read'),
    to: z.iso.date().describe('The last day read'),
    total: z.number().describe('Everything sent in the range, over priced lines'),
    unpricedLines: z.number().int().describe('How many lines sent in the range had no price (not in any total)'),
    credits: z.number().describe('What suppliers credited on claims for the orders sent in the range (docs/decisions.md §9.4)'),
    net: z.number().describe('total − credits'),
    sent: z.number().describe('What was sent in the range (the same as `total`), beside `billed`'),
    billed: z
      .number()
      .describe(
        'What suppliers billed for the range: the base (before tax) of the bills issued on its days, to the cent (docs/decisions.md §9.6)',
      ),
    groups: z.array(ZSpendGroup).describe('The groups asked for'),
  })
  .meta({
    id: 'Spend',
    description: 'What was sent in a range of days, grouped',
    example: {
      currency: 'EUR',
      from: '2026-10-01',
      to: '2026-11-30',
      total: 1240.5,
      unpricedLines: 3,
      credits: 23.4,
      net: 1217.1,
      sent: 1240.5,
      billed: 1236.8,
      groups: [
        {
          key: '2026-10',
          label: 'October 2026',
          total: 610.25,
          orders: 14,
          suppliers: [{ key: '12', label: 'Frutas Pepe', total: 610.25 }],
        },
        {
          key: '2026-11',
          label: 'November 2026',
          total: 630.25,
          orders: 15,
          suppliers: [{ key: '12', label: 'Frutas Pepe', total: 630.25 }],
        },
      ],
    },
  });
export type TSpend = z.infer<typeof ZSpend>;

/** The accountant's CSV: its columns, in order (docs/decisions.md §8.4). */
export const SENT_LINES_CSV_COLUMNS = [
  'date',
  'supplier',
  'product',
  'unit',
  'quantity',
  'price',
  'line_total',
  'currency',
  'sent_by',
  'status',
] as const;
