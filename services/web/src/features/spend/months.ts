import type { TSpendGroup } from '@reorder/schemas';

type TLanguage = 'en' | 'es';

const locale = (language: TLanguage) => (language === 'es' ? 'es-ES' : 'en-US');

/**
 * Short month names for `2026-11` keys, oldest first, with the year on the
 * first and wherever it changes: "nov 2025, dic, ene 2026"
 * (docs/decisions.md §8.4). What the chart's axis and the table's columns say.
 */
export function monthLabels(keys: readonly string[], language: TLanguage): string[] {
  const short = new Intl.DateTimeFormat(locale(language), { month: 'short', timeZone: 'UTC' });
  const withYear = new Intl.DateTimeFormat(locale(language), { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return keys.map((key, index) => {
    const [year, month] = key.split('-').map(Number) as [number, number];
    const at = new Date(Date.UTC(year, month - 1, 1));
    const yearChanged = index === 0 || keys[index - 1]?.slice(0, 4) !== key.slice(0, 4);
    return (yearChanged ? withYear : short).format(at).replace('.', '');
  });
}

const axisFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount as the chart's axis writes it: in the business's currency, with
 * thousands grouped ("1.200 €", "$1,200") and decimals only when the tick has
 * them ("2,50 €"), never "1200,00 €".
 */
export function axisMoney(amount: number, currency: string, language: TLanguage): string {
  const whole = Number.isInteger(amount);
  const key = `${language}:${currency}:${whole}`;
  let format = axisFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale(language), {
      style: 'currency',
      currency,
      useGrouping: 'always',
      ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    });
    axisFormats.set(key, format);
  }
  return format.format(amount).replace(/[\u00a0\u202f]/g, ' ');
}

const cellFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount as the table's cells write it: to the cent, thousands grouped,
 * without the currency's sign (the table says it once): "1.007,50", "1,007.50".
 */
export function cellAmount(amount: number, currency: string, language: TLanguage): string {
  const key = `${language}:${currency}`;
  let format = cellFormats.get(key);
  if (!format) {
    const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    format = new Intl.NumberFormat(locale(language), {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: 'always',
    });
    cellFormats.set(key, format);
  }
  return format.format(amount);
}

/** One supplier's row of the table: its total in each month of `months` (0 when nothing), and over them all. */
export interface TSupplierMonths {
  key: string;
  label: string;
  months: number[];
  total: number;
}

const cents = (amount: number) => Math.round(Number((amount * 100).toPrecision(12))) / 100;

/**
 * The months' per-supplier totals turned around: a row per supplier, a
 * column per month, amounts rounded to cents; largest total first.
 */
export function bySupplier(groups: readonly TSpendGroup[]): TSupplierMonths[] {
  const rows = new Map<string, TSupplierMonths>();
  groups.forEach((group, index) => {
    for (const part of group.suppliers ?? []) {
      const row = rows.get(part.key) ?? { key: part.key, label: part.label, months: groups.map(() => 0), total: 0 };
      row.months[index] = cents((row.months[index] ?? 0) + part.total);
      row.total += part.total;
      rows.set(part.key, row);
    }
  });
  return [...rows.values()]
    .map((row) => ({ ...row, total: cents(row.total) }))
    .sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
}
