import type { TStandingDay, TUsual } from '@reorder/schemas';
import type { TLanguage } from '@reorder/schemas/languages';
import { formatAmount } from '@reorder/schemas/order-text';
import type { Translation } from '../../lib/i18n.ts';
import { weekdayLabel } from '../../lib/schedule-format.ts';

/** A line's usual quantity by delivery weekday (docs/decisions.md §9.5): `weekday` null when it falls back to the last orders. */
export type Usual = NonNullable<TUsual>;

/**
 * The weekday keys of a standing order's quantities, Monday first (STANDING_DAYS of
 * @reorder/schemas, whose index would bring the schemas to the order screen's code).
 */
export const DAY_KEYS: readonly TStandingDay[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
export type DayKey = TStandingDay;
/** The key of an ISO weekday (1 = Monday … 7). */
export const dayKeyOf = (weekday: number): DayKey => DAY_KEYS[(weekday - 1) % 7] as DayKey;

/** "(22–26)", or nothing when every order had the same quantity. */
function range(usual: Usual, language: TLanguage): string {
  return usual.low === usual.high ? '' : ` (${formatAmount(usual.low, language)}–${formatAmount(usual.high, language)})`;
}

/**
 * The usual chip's words: "Sáb: 24 (22–26)" for the order's delivery
 * weekday, else the old "Habitual: 24" (its range in `title`); `short` is what a
 * phone shows ("Sáb 24", or the amount alone beside the "again" icon).
 */
export function usualTexts({ t, i18n }: Translation, usual: Usual): { long: string; short: string; title: string } {
  const language = i18n.language;
  const quantity = formatAmount(usual.quantity, language);
  const vars = { quantity, low: formatAmount(usual.low, language), high: formatAmount(usual.high, language), count: usual.basedOn };
  if (usual.weekday === null) {
    // The old wording, as before weekdays: its range is in its tooltip.
    return { long: t('orders.usual', { quantity }), short: quantity, title: t('week.usualTitle', vars) };
  }
  const day = weekdayLabel(usual.weekday, language);
  return {
    long: `${day}: ${quantity}${range(usual, language)}`,
    short: `${day} ${quantity}`,
    title: capitalise(t('week.usualTitleDay', { ...vars, days: t(`week.onDays.${dayKeyOf(usual.weekday)}`) }), language),
  };
}

const capitalise = (text: string, language: string) => text.charAt(0).toLocaleUpperCase(language) + text.slice(1);

/** Whether a quantity is far from the usual one: more than twice it or less than half of it (docs/decisions.md §9.5). */
export function isUnusual(quantity: number, usual: Usual | null): usual is Usual {
  if (usual === null || quantity <= 0 || usual.quantity <= 0) return false;
  return quantity > 2 * usual.quantity || quantity < usual.quantity / 2;
}

/** A line whose quantity is far from its usual. */
export interface UnusualLine<P> {
  product: P;
  quantity: number;
  usual: Usual;
}

/** The lines in the order whose quantity is unusual, in the order's order. */
export function unusualLines<P extends { productId: number; name: string; usual: Usual | null }>(
  products: readonly P[],
  quantityOf: (product: P) => number,
): UnusualLine<P>[] {
  const flagged: UnusualLine<P>[] = [];
  for (const product of products) {
    const quantity = quantityOf(product);
    if (isUnusual(quantity, product.usual)) flagged.push({ product, quantity, usual: product.usual });
  }
  return flagged;
}

/** "Pan: 48, los sábados sueles pedir 24" / "Bread: 48, on Saturdays you usually order 24". */
export function unusualText({ t, i18n }: Translation, line: { product: { name: string }; quantity: number; usual: Usual }): string {
  const language = i18n.language;
  const vars = {
    name: line.product.name,
    quantity: formatAmount(line.quantity, language),
    usual: formatAmount(line.usual.quantity, language),
  };
  if (line.usual.weekday === null) return t('week.unusualAny', vars);
  return t('week.unusualDay', { ...vars, days: t(`week.onDays.${dayKeyOf(line.usual.weekday)}`) });
}
