import { translate } from '@reorder/i18n';
import {
  SENT_LINES_CSV_COLUMNS,
  SPEND_MAX_DAYS,
  type TLanguage,
  type TSpend,
  type TSpendGroup,
  type TSpendGroupBy,
} from '@reorder/schemas';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { firstOwnerId } from '../businesses/memberships.ts';
import { nowOf } from '../context.ts';
import { AppError } from '../errors.ts';
import { csvFile, csvNumber, csvText } from '../platform/csv.ts';
import type { BusinessContext } from '../sessions/require-user.ts';
import { billedIn } from './billed.ts';

type Ctx = Pick<BusinessContext, 'db' | 'user' | 'business' | 'clock'>;

/** A range of days resolved: its first and last day, and the instants it runs between in the owner's time zone. */
interface Range {
  from: string;
  to: string;
  start: Date;
  end: Date;
  zone: string;
}

export const RANGE_BACKWARDS = 'From must be on or before To';
export const RANGE_TOO_LONG = `The range must be at most ${SPEND_MAX_DAYS} days (two years)`;

/**
 * The business's time zone (its first owner's): days and months are theirs
 * (docs/decisions.md §8.4), whoever reads.
 */
async function businessZone(ctx: Ctx): Promise<{ zone: string; currency: string }> {
  const row = await ctx.db
    .selectFrom('businesses')
    .innerJoin('users', (join) => join.on((eb) => eb('users.id', '=', firstOwnerId(eb, eb.ref('businesses.id')))))
    .select(['users.time_zone', 'businesses.currency'])
    .where('businesses.id', '=', ctx.business.id)
    .executeTakeFirst();
  return { zone: row?.time_zone ?? 'UTC', currency: row?.currency ?? 'EUR' };
}

/**
 * From and to as given, else the last 12 months: from the first day of the
 * month 11 months back to today. To before from, or more than two years, is
 * a 400 naming the field.
 */
function resolveRange(ctx: Ctx, zone: string, input: { from?: string | undefined; to?: string | undefined }): Range {
  const today = DateTime.fromMillis(nowOf(ctx), { zone }).startOf('day');
  const to = input.to ? DateTime.fromISO(input.to, { zone }) : today;
  const from = input.from ? DateTime.fromISO(input.from, { zone }) : to.minus({ months: 11 }).startOf('month');
  if (from > to) throw new AppError('BAD_REQUEST', RANGE_BACKWARDS, { issues: [{ path: 'to', message: RANGE_BACKWARDS }] });
  if (to.diff(from, 'days').days + 1 > SPEND_MAX_DAYS) {
    throw new AppError('BAD_REQUEST', RANGE_TOO_LONG, { issues: [{ path: 'from', message: RANGE_TOO_LONG }] });
  }
  return {
    from: from.toISODate() as string,
    to: to.toISODate() as string,
    start: from.toJSDate(),
    end: to.plus({ days: 1 }).toJSDate(),
    zone,
  };
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** How many decimals a currency's amounts have (2 for EUR, 0 for JPY). */
const currencyDecimals = (currency: string) => {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
};

/** An amount rounded to the currency's cents, halves away from zero (4.625 → 4.63: the float's error taken off first). */
export function toCents(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(Number((value * scale).toPrecision(12))) / scale;
}

/**
 * `GET /spend` (docs/decisions.md §8.4): what was sent in a range, from the
 * totals each sent order keeps. By month or week, the range's totals per
 * period and supplier (every period of the range, 0 when nothing was sent);
 * by supplier, the same rows summed; by product, the sent lines of the range.
 */
export async function spend(
  ctx: Ctx,
  input: { from?: string | undefined; to?: string | undefined; groupBy?: TSpendGroupBy | undefined },
): Promise<TSpend> {
  const { zone, currency } = await businessZone(ctx);
  const range = resolveRange(ctx, zone, input);
  const groupBy = input.groupBy ?? 'month';
  const language = ctx.user.language;
  const unit = groupBy === 'week' ? 'week' : 'month';
  // Four reads of their own, at once: on a loaded machine each round trip waits its turn for a CPU.
  const [rows, products, credits, billed] = await Promise.all([
    periodRows(ctx, range, unit),
    groupBy === 'product' ? productGroups(ctx, range) : undefined,
    creditsIn(ctx, range),
    // What was billed in the same days, beside what was sent (docs/decisions.md §9.6): spend/billed.ts.
    billedIn(ctx.db, ctx.business.id, range.from, range.to),
  ]);
  const total = round4(rows.reduce((sum, row) => sum + row.total, 0));
  const unpricedLines = rows.reduce((sum, row) => sum + row.unpriced, 0);
  let groups: TSpendGroup[];
  if (products) groups = products;
  else if (groupBy === 'supplier') groups = supplierGroups(rows);
  else groups = periodGroups(rows, range, unit, language);
  return {
    currency,
    from: range.from,
    to: range.to,
    total,
    unpricedLines,
    credits,
    net: round4(total - credits),
    sent: total,
    billed,
    groups,
  };
}

/**
 * What suppliers credited on claims for the orders sent in the range
 * (docs/decisions.md §9.4): the amounts of the claims they answered "credit",
 * closed or not.
 */
async function creditsIn(ctx: Ctx, range: Range): Promise<number> {
  const { rows } = await sql<{ credits: number }>`
    SELECT coalesce(sum(c.amount), 0)::float8 AS credits
    FROM claims c
    JOIN receipts r ON r.id = c.receipt_id
    JOIN sent_orders so ON so.id = r.sent_order_id
    WHERE c.business_id = ${ctx.business.id} AND c.supplier_answer->>'answer' = 'credit'
      AND so.sent_at >= ${range.start} AND so.sent_at < ${range.end}`.execute(ctx.db);
  return round4(rows[0]?.credits ?? 0);
}

type PeriodRow = { period: string; supplier_id: number; name: string | null; total: number; orders: number };

const supplierName = (row: PeriodRow) => row.name ?? '—';

function supplierGroups(rows: readonly PeriodRow[]): TSpendGroup[] {
  const bySupplier = new Map<number, TSpendGroup>();
  for (const row of rows) {
    const group = bySupplier.get(row.supplier_id) ?? { key: String(row.supplier_id), label: supplierName(row), total: 0, orders: 0 };
    group.total += row.total;
    group.orders += row.orders;
    bySupplier.set(row.supplier_id, group);
  }
  return [...bySupplier.values()].map((g) => ({ ...g, total: round4(g.total) })).sort(largestFirst);
}

const largestFirst = (a: { total: number; label: string }, b: { total: number; label: string }) =>
  b.total - a.total || a.label.localeCompare(b.label);

/** Every month (or ISO week) of the range, oldest first, with its total per supplier. */
function periodGroups(rows: readonly PeriodRow[], range: Range, unit: 'month' | 'week', language: TLanguage): TSpendGroup[] {
  const groups: TSpendGroup[] = [];
  const last = DateTime.fromISO(range.to, { zone: 'UTC' }).startOf(unit);
  for (
    let at = DateTime.fromISO(range.from, { zone: 'UTC' }).startOf(unit);
    at <= last;
    at = at.plus(unit === 'week' ? { weeks: 1 } : { months: 1 })
  ) {
    const period = at.toISODate() as string;
    const inPeriod = rows.filter((row) => row.period === period);
    const suppliers = inPeriod
      .map((row) => ({ key: String(row.supplier_id), label: supplierName(row), total: round4(row.total) }))
      .sort(largestFirst);
    const local = at.setLocale(language);
    groups.push({
      key: unit === 'week' ? `${at.weekYear}-W${String(at.weekNumber).padStart(2, '0')}` : at.toFormat('yyyy-MM'),
      label:
        unit === 'week'
          ? `${language === 'es' ? 'Semana del' : 'Week of'} ${local.toLocaleString({ day: 'numeric', month: 'short', year: 'numeric' })}`
          : local.toLocaleString({ month: 'long', year: 'numeric' }),
      total: round4(inPeriod.reduce((sum, row) => sum + row.total, 0)),
      orders: inPeriod.reduce((sum, row) => sum + row.orders, 0),
      suppliers,
    });
  }
  return groups;
}

const DAY_MS = 24 * 3600 * 1000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The first instant of the UTC month `ms` falls in, and of the month after it. */
const utcMonth = (ms: number) => Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth(), 1);
const nextUtcMonth = (ms: number) => Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth() + 1, 1);
/**
 * The UTC day a period starting at `at` (the owner's midnight) starts in,
 * strictly inside it: none when it starts at UTC midnight. Luxon places the
 * owner's midnight where PostgreSQL's periods change: both read the IANA
 * rules, and a midnight the clocks skip starts at the change. Of a midnight
 * the clocks repeat (Havana's on 1 November), PostgreSQL's period starts at
 * the first and Luxon may place the second, an hour apart in one UTC day in
 * every zone's rules: the orders read one by one around it (`CUT_MARGIN_MS`)
 * take PostgreSQL's period either way.
 */
function dayCut(at: DateTime): number | undefined {
  const edge = at.toMillis();
  return edge % DAY_MS === 0 ? undefined : Math.floor(edge / DAY_MS) * DAY_MS;
}

/**
 * The whole days (UTC) inside the range, as the first and the last instant
 * past them; equal when there is none, every sent order of the range then
 * read one by one.
 */
function wholeDays(range: Range): [number, number] {
  const [start, end] = [range.start.getTime(), range.end.getTime()];
  const [firstDay, lastDay] = [Math.ceil(start / DAY_MS) * DAY_MS, Math.floor(end / DAY_MS) * DAY_MS];
  return firstDay < lastDay ? [firstDay, lastDay] : [end, end];
}

type SpendRow = PeriodRow & { unpriced: number };

/**
 * How far past the owner's midnight (Luxon's) a split day's orders are read
 * one by one: wherever PostgreSQL places a midnight the clocks repeat or
 * skip, it is within this of Luxon's, and an order read needlessly lands in
 * its own period with its day's (docs/performance.md, Spend).
 */
const CUT_MARGIN_MS = 2 * 3600 * 1000;

/**
 * The range's total, unpriced lines and orders per supplier and month (or
 * ISO week) of the owner's time zone. A whole UTC day is a row of
 * `sent_supplier_days`, kept as orders are sent (migration
 * 2026_11_28_190000: docs/performance.md, Spend), counted in one period. A
 * day a period starts in (the business's midnight is rarely UTC's) counts in
 * the period holding most of it, and the orders on the other side of the
 * owner's midnight (with a margin) are read one by one from the narrow index
 * on `sent_orders` and moved: taken off that period and added to their own.
 * The hours at the range's ends are read one by one too. The sums are exact
 * (numeric) until the end, so each row is the one reading every sent order
 * gives.
 */
async function periodRows(ctx: Ctx, range: Range, unit: 'month' | 'week'): Promise<SpendRow[]> {
  const [start, end] = [range.start.getTime(), range.end.getTime()];
  const [firstDay, lastDay] = wholeDays(range);
  /** The spans of orders read one by one to move them off their day's period. */
  const moved: [number, number][] = [];
  // A whole day's period is the last whose first whole day it is on or after: found by binary search (width_bucket), not
  // by converting each day's time in SQL (a time zone looked up by name for each row, most of the time it took).
  const step = unit === 'week' ? { weeks: 1 } : { months: 1 };
  const first = DateTime.fromMillis(start, { zone: range.zone }).startOf(unit);
  const [periods, firstDays] = [[first.toISODate() as string], [utcDay(firstDay)]];
  for (let at = first.plus(step); at.toMillis() < end; at = at.plus(step)) {
    const [cut, day] = [at.toMillis(), dayCut(at)];
    let periodFirstDay = Math.ceil(cut / DAY_MS) * DAY_MS;
    if (day !== undefined && day >= firstDay && day < lastDay) {
      if (cut - day >= DAY_MS / 2) moved.push([Math.max(day, cut - CUT_MARGIN_MS), day + DAY_MS]);
      else {
        // Most of the day is the new period's: the day counts there, and its first hours move back.
        periodFirstDay = day;
        moved.push([day, Math.min(day + DAY_MS, cut + CUT_MARGIN_MS)]);
      }
    }
    periods.push(at.toISODate() as string);
    firstDays.push(utcDay(Math.max(firstDay, periodFirstDay)));
  }
  const business = ctx.business.id;
  const period = sql`date_trunc(${unit}, so.sent_at AT TIME ZONE ${range.zone})`;
  // One scan per span, its bounds constants: the planner then knows how few rows each reads.
  const rangeEnds: [number, number][] = [
    [start, firstDay],
    [lastDay, end],
  ];
  const ends = rangeEnds
    .filter(([from, until]) => from < until)
    .map(
      ([from, until]) => sql`
        UNION ALL
        SELECT ${period}, so.supplier_id, so.total, so.unpriced_lines, 1
        FROM sent_orders so
        WHERE so.business_id = ${business} AND so.sent_at >= ${new Date(from)} AND so.sent_at < ${new Date(until)}`,
    );
  // The moved orders in one scan of all their spans: each adds itself to its period and takes itself off its day's,
  // the period width_bucket gives its UTC day (a span per scan set the planner's time at three times the query's).
  const firstInstants = firstDays.map((day) => `${day}T00:00:00Z`);
  const moves = moved.length
    ? sql`
        UNION ALL
        SELECT v.period, so.supplier_id, v.sign * so.total, v.sign * so.unpriced_lines, v.sign
        FROM sent_orders so
        CROSS JOIN LATERAL (VALUES (${period}, 1),
          ((${periods}::timestamp[])[width_bucket(so.sent_at, ${firstInstants}::timestamptz[])], -1)) v(period, sign)
        WHERE so.business_id = ${business} AND (${sql.join(
          moved.map(([from, until]) => sql`so.sent_at >= ${new Date(from)} AND so.sent_at < ${new Date(until)}`),
          sql` OR `,
        )})`
    : sql``;
  const { rows } = await sql<SpendRow>`
    SELECT to_char(g.period, 'YYYY-MM-DD') AS period, g.supplier_id, s.name, g.total, g.unpriced, g.orders
    FROM (
      SELECT parts.period, parts.supplier_id, sum(parts.total)::float8 AS total, sum(parts.unpriced)::int AS unpriced,
        sum(parts.orders)::int AS orders
      FROM (
        SELECT (${periods}::timestamp[])[width_bucket(d.day, ${firstDays}::date[])] AS period, d.supplier_id, d.total, d.unpriced, d.orders
        FROM sent_supplier_days d
        WHERE d.business_id = ${business} AND d.day >= ${utcDay(firstDay)}::date AND d.day < ${utcDay(lastDay)}::date
        ${sql.join(ends, sql``)}
        ${moves}
      ) parts
      GROUP BY 1, 2
      -- A supplier whose only orders of a day moved leaves a period nothing in it.
      HAVING sum(parts.orders) > 0
    ) g LEFT JOIN suppliers s ON s.id = g.supplier_id
    ORDER BY 1, 2`.execute(ctx.db);
  return rows;
}

/**
 * Per product, over the lines sent in the range: its latest name, what its
 * priced lines came to, and how many orders carried it. The whole months
 * (UTC) inside the range are read from `sent_line_months`, the whole days
 * around them from `sent_line_days`, the hours at its ends from
 * `sent_lines`, all kept as orders are sent (migrations 2026_11_28_180000
 * and 190000: docs/performance.md, Spend); the sums are exact (numeric)
 * until the end, so the answer is the one reading every line gives.
 */
async function productGroups(ctx: Ctx, range: Range): Promise<TSpendGroup[]> {
  const [firstDay, lastDay] = wholeDays(range);
  let [firstMonth, lastMonth] = [utcMonth(firstDay) === firstDay ? firstDay : nextUtcMonth(firstDay), utcMonth(lastDay)];
  // With no whole month inside, the whole days are read as days.
  if (firstMonth >= lastMonth) [firstMonth, lastMonth] = [lastDay, lastDay];
  const business = ctx.business.id;
  const rows = await sql<{ product_id: number; name: string; total: number; orders: number }>`
    WITH grouped AS (
      SELECT parts.product_id, sum(parts.total) AS total, sum(parts.orders) AS orders
      FROM (
        SELECT m.product_id, m.total, m.orders FROM sent_line_months m
        WHERE m.business_id = ${business} AND m.month >= ${utcDay(firstMonth)}::date AND m.month < ${utcDay(lastMonth)}::date
        UNION ALL
        SELECT d.product_id, d.total, d.orders FROM sent_line_days d
        WHERE d.business_id = ${business} AND d.day >= ${utcDay(firstDay)}::date AND d.day < ${utcDay(firstMonth)}::date
        UNION ALL
        SELECT d.product_id, d.total, d.orders FROM sent_line_days d
        WHERE d.business_id = ${business} AND d.day >= ${utcDay(lastMonth)}::date AND d.day < ${utcDay(lastDay)}::date
        UNION ALL
        SELECT sl.product_id, sl.amount, 1 FROM sent_lines sl
        WHERE sl.business_id = ${business} AND sl.sent_at >= ${range.start} AND sl.sent_at < ${new Date(firstDay)}
        UNION ALL
        SELECT sl.product_id, sl.amount, 1 FROM sent_lines sl
        WHERE sl.business_id = ${business} AND sl.sent_at >= ${new Date(lastDay)} AND sl.sent_at < ${range.end}
      ) parts
      GROUP BY 1
    )
    SELECT grouped.product_id, latest.name, coalesce(grouped.total, 0)::float8 AS total, grouped.orders::int AS orders
    FROM grouped CROSS JOIN LATERAL (
      SELECT sl.name FROM sent_lines sl
      WHERE sl.business_id = ${business} AND sl.product_id = grouped.product_id AND sl.sent_at >= ${range.start} AND sl.sent_at < ${range.end}
      ORDER BY sl.sent_at DESC LIMIT 1
    ) latest`.execute(ctx.db);
  return rows.rows
    .map((row) => ({ key: String(row.product_id), label: row.name, total: round4(row.total), orders: row.orders }))
    .sort((a, b) => largestFirst(a, b) || Number(a.key) - Number(b.key));
}

/**
 * `GET /sent-orders.csv` (docs/decisions.md §8.4): one row per line sent in
 * the range, oldest first, in the CSV convention and the words of the user's
 * language (the header and the statuses; English's are the REST contract's).
 * `status` is the supplier's answer for the line: `sent` (no answer yet),
 * `confirmed`, `changed` (another quantity or price) or `unavailable`.
 * `line_total` is rounded to the currency's cents; `price` is as it was set.
 */
export async function sentOrdersCsv(
  ctx: Ctx,
  input: { from?: string | undefined; to?: string | undefined },
): Promise<{ filename: string; content: string }> {
  const { zone, currency } = await businessZone(ctx);
  const range = resolveRange(ctx, zone, input);
  const language = ctx.user.language;
  const rows = await ctx.db
    .selectFrom('sent_orders as so')
    .leftJoin('suppliers as s', 's.id', 'so.supplier_id')
    .leftJoin('users as u', 'u.id', 'so.sent_by')
    .select(['so.sent_at', 's.name as supplier', 'u.full_name as sent_by', 'so.lines', 'so.currency', 'so.confirmation'])
    .where('so.business_id', '=', ctx.business.id)
    .where('so.sent_at', '>=', range.start)
    .where('so.sent_at', '<', range.end)
    .orderBy('so.sent_at')
    .orderBy('so.id')
    .execute();
  const cells: string[][] = [];
  for (const row of rows) {
    const date = DateTime.fromJSDate(row.sent_at, { zone }).toISODate() as string;
    const answer = row.confirmation;
    for (const line of row.lines) {
      const quantity = Number(line.quantity);
      const price = line.price ?? null;
      const answered = answer?.lines?.find((l) => l.productId === line.productId);
      const status =
        answer === null ? 'sent' : answer.unavailable.includes(line.productId) ? 'unavailable' : answered ? 'changed' : 'confirmed';
      const lineCurrency = row.currency ?? currency;
      cells.push([
        date,
        csvText(row.supplier ?? ''),
        csvText(line.name),
        csvText(line.unit),
        csvNumber(quantity, 3, language),
        csvNumber(price, 4, language),
        csvNumber(price === null ? null : toCents(quantity * price, currencyDecimals(lineCurrency)), 4, language),
        lineCurrency,
        csvText(row.sent_by ?? ''),
        translate(language, `spend.csv.statuses.${status}`),
      ]);
    }
  }
  const header = SENT_LINES_CSV_COLUMNS.map((column) => translate(language, `spend.csv.${column}`));
  return { filename: `sent-orders-${range.from}-to-${range.to}.csv`, content: await csvFile(header, cells, (row) => row, language) };
}
