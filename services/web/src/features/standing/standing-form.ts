import type { TLanguage } from '@reorder/schemas/languages';
import { formatAmount } from '@reorder/schemas/order-text';
import { readTypedQuantity } from '@reorder/schemas/quantities';
import type { TFieldIssue } from '../orders/quantity-issue.ts';
import { DAY_KEYS, type DayKey } from '../orders/usual.ts';

/** The most paused dates a standing order keeps (docs/decisions.md §9.5). */
export const PAUSED_MAX = 60;
const PREPARE_MIN = 1;
const PREPARE_MAX = 48;

/** A standing order as the server holds it (docs/decisions.md §9.5). */
export interface StandingValues {
  enabled: boolean;
  /** When it was last saved; null when never (it then starts on: docs/decisions.md §9.5, our answers). */
  updatedAt?: string | null;
  lines: { productId: number; quantities: Partial<Record<DayKey, number>> }[];
  prepareHoursBefore: number;
  autoSend: boolean;
  pausedDates: string[];
}

/** The standing order as the screen holds it: each cell as typed ("2,5"), the hours as typed. */
export interface StandingDraft {
  enabled: boolean;
  cells: Record<string, string>;
  prepareHoursBefore: string;
  autoSend: boolean;
  pausedDates: string[];
}

/** A cell's key: the product and the delivery weekday. */
export const cellKey = (productId: number, day: DayKey) => `${productId}:${day}`;

export function draftOf(standing: StandingValues, language: TLanguage): StandingDraft {
  const cells: Record<string, string> = {};
  for (const line of standing.lines) {
    for (const day of DAY_KEYS) {
      const quantity = line.quantities[day];
      if (quantity !== undefined && quantity > 0) cells[cellKey(line.productId, day)] = formatAmount(quantity, language);
    }
  }
  return {
    // Setting one up is asking for it: a standing order never saved starts on.
    enabled: standing.updatedAt === null ? true : standing.enabled,
    cells,
    prepareHoursBefore: String(standing.prepareHoursBefore),
    autoSend: standing.autoSend,
    pausedDates: [...standing.pausedDates].sort(),
  };
}

/** What is wrong with a draft, where: a cell's quantity (as the order screen words it), the hours, the dates. */
export interface DraftIssues {
  cells: Record<string, TFieldIssue>;
  prepareHoursBefore: boolean;
  pausedDates: boolean;
}

export const noIssues = (issues: DraftIssues) =>
  Object.keys(issues.cells).length === 0 && !issues.prepareHoursBefore && !issues.pausedDates;

/**
 * The body of `PUT /suppliers/{id}/standing` from a draft, checked as the
 * server checks it: each quantity a number the product is sold in (its
 * step), the hours a whole number from 1 to 48, at most 60 dates. Only the
 * supplier's products count; a product at 0 every day is no line;
 * `autoSend` only for an email supplier. A cell's quantity for a day that is
 * not a delivery day any more stays as it was.
 */
export function checkDraft(
  draft: StandingDraft,
  products: readonly { productId: number; step: number | null }[],
  emailSupplier: boolean,
): { values: StandingValues; issues: DraftIssues } {
  const issues: DraftIssues = { cells: {}, prepareHoursBefore: false, pausedDates: draft.pausedDates.length > PAUSED_MAX };
  const lines: StandingValues['lines'] = [];
  for (const product of products) {
    const quantities: Partial<Record<DayKey, number>> = {};
    for (const day of DAY_KEYS) {
      const key = cellKey(product.productId, day);
      const read = readTypedQuantity(draft.cells[key] ?? '', product.step);
      if ('issue' in read) issues.cells[key] = read.issue;
      else if ('quantity' in read && read.quantity > 0) quantities[day] = read.quantity;
    }
    if (Object.keys(quantities).length > 0) lines.push({ productId: product.productId, quantities });
  }
  const hours = draft.prepareHoursBefore.trim();
  const prepareHoursBefore = /^\d{1,2}$/.test(hours) ? Number(hours) : Number.NaN;
  if (!(prepareHoursBefore >= PREPARE_MIN && prepareHoursBefore <= PREPARE_MAX)) issues.prepareHoursBefore = true;
  return {
    values: {
      enabled: draft.enabled,
      lines,
      prepareHoursBefore,
      autoSend: emailSupplier && draft.autoSend,
      pausedDates: [...new Set(draft.pausedDates)].sort(),
    },
    issues,
  };
}

/** How many products a delivery day has above 0, as typed. */
export function dayCount(draft: StandingDraft, products: readonly { productId: number; step: number | null }[], day: DayKey): number {
  return products.filter((product) => {
    const read = readTypedQuantity(draft.cells[cellKey(product.productId, day)] ?? '', product.step);
    return 'quantity' in read && read.quantity > 0;
  }).length;
}

/**
 * Where a refusal of the server lands (its issue's path, "lines.2.quantities.sat"): a
 * cell of the lines as sent, the hours, the dates, auto-send, or the form as a whole.
 */
export function issueTarget(
  path: string,
  sent: StandingValues['lines'],
): { cell: string } | { field: 'prepareHoursBefore' | 'pausedDates' | 'autoSend' } | { form: true } {
  const [top, index, part, day] = path.split('.');
  if (top === 'lines' && part === 'quantities' && (DAY_KEYS as readonly string[]).includes(day ?? '')) {
    const line = sent[Number(index)];
    if (line) return { cell: cellKey(line.productId, day as DayKey) };
  }
  if (top === 'prepareHoursBefore' || top === 'pausedDates' || top === 'autoSend') return { field: top };
  return { form: true };
}
