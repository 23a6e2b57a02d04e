import { LIMITS } from './limits.ts';

/** A line of an order as the text needs it (its price only when the text shows prices). */
export interface TOrderTextLine {
  name: string;
  unit: string;
  quantity: number;
  price?: number | null | undefined;
}

/**
 * How an order text is written (docs/decisions.md §8.4): the owner's language
 * (its decimal mark: "1,5" in Spanish) and, when the supplier's `showPrices`
 * is on, the business's currency for a price on each priced line and a last
 * line with the total. Without a style it is round 1's format exactly.
 */
export interface TTextStyle {
  language: 'en' | 'es';
  /** The business's currency (ISO 4217) when the text shows prices; null when it does not. */
  prices: string | null;
}

export const PLAIN_TEXT: TTextStyle = { language: 'en', prices: null };

/**
 * A quantity as people write it: at most three decimals (`decimals` for a
 * price's four), no trailing zeros, never exponent notation (`2.5`, `0.125`,
 * `12`).
 */
export function formatQuantity(quantity: number, decimals: number = LIMITS.quantityDecimals): string {
  const fixed = quantity.toFixed(decimals);
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

/** A quantity as `formatQuantity` writes it, with the language's decimal mark ("1,5" in Spanish). */
export function formatAmount(quantity: number, language: 'en' | 'es', decimals?: number): string {
  const text = formatQuantity(quantity, decimals);
  return language === 'es' ? text.replace('.', ',') : text;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount of money as the language writes it ("€6.40", "6,40 €"), through
 * `Intl.NumberFormat` with the currency's own decimals. Its spaces are plain
 * spaces, so that the same amount is the same text on every device and on the
 * server (engines differ in which no-break space they put before "€").
 */
export function formatMoney(amount: number, currency: string, language: 'en' | 'es'): string {
  const key = `${language}:${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language === 'es' ? 'es-ES' : 'en-US', { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format.format(amount).replace(/[\u00a0\u202f]/g, ' ');
}

/**
 * The order as it is sent to the supplier: the message first when it is not
 * blank, then one `quantity x unit: name` line per product with a quantity
 * above zero, in the order given. The server and the browser both use this, so
 * what is copied is exactly what the API returns as `text`.
 */
export function formatOrderText(introduce: string, lines: readonly TOrderTextLine[], style: TTextStyle = PLAIN_TEXT): string {
  const out: string[] = [];
  const message = introduce.trim();
  if (message) out.push(message);
  const { language, prices: currency } = style;
  let total = 0;
  let priced = 0;
  let unpriced = 0;
  for (const line of lines) {
    if (line.quantity <= 0) continue;
    const text = `${formatAmount(line.quantity, language)} x ${line.unit}: ${line.name}`;
    const price = line.price ?? null;
    if (currency === null) out.push(text);
    else if (price === null) {
      unpriced++;
      out.push(text);
    } else {
      priced++;
      const amount = line.quantity * price;
      total += amount;
      out.push(`${text} · ${formatMoney(amount, currency, language)}`);
    }
  }
  if (currency !== null && priced > 0) out.push(totalLine(formatMoney(total, currency, language), unpriced, language));
  return out.join('\n');
}

/** The last line of a text with prices: the total, and how many lines it leaves out for want of a price. */
function totalLine(total: string, unpriced: number, language: 'en' | 'es'): string {
  if (language === 'es') {
    return unpriced === 0 ? `Total: ${total}` : `Total: ${total} (${unpriced} ${unpriced === 1 ? 'línea' : 'líneas'} sin precio)`;
  }
  return unpriced === 0 ? `Total: ${total}` : `Total: ${total} (${unpriced} ${unpriced === 1 ? 'line' : 'lines'} without a price)`;
}

/**
 * The text a send carries: the order text, then, with `confirm` (the supplier
 * is asked to confirm), a blank line and the line with the link.
 */
export function sentText(orderText: string, confirm: TConfirmLink | null | undefined): string {
  return confirm ? `${orderText}\n\n${confirmationLine(confirm.language, confirm.url)}` : orderText;
}

/** The link a sent order asks the supplier to confirm at, and the owner's language to word it in. */
export interface TConfirmLink {
  url: string;
  language: 'en' | 'es';
}

/**
 * The last line of an order text when the supplier is asked to confirm
 * (docs/decisions.md §6.4), in the owner's language, after a blank line.
 */
export function confirmationLine(language: 'en' | 'es', url: string): string {
  return language === 'es'
    ? `Confirma el pedido y marca lo que no tengas aquí: ${url}`
    : `Please confirm this order and mark anything you can't supply here: ${url}`;
}
