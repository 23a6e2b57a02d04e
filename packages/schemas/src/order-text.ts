import { LIMITS } from './limits.ts';

/** A line of an order as the text needs it. */
export interface TOrderTextLine {
  name: string;
  unit: string;
  quantity: number;
}

/**
 * A quantity as people write it: at most three decimals (`decimals` for a
 * price's four), no trailing zeros, never exponent notation (`2.5`, `0.125`,
 * `12`).
 */
export function formatQuantity(quantity: number, decimals: number = LIMITS.quantityDecimals): string {
  const fixed = quantity.toFixed(decimals);
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

/**
 * The order as it is sent to the supplier: the message first when it is not
 * blank, then one `quantity x unit: name` line per product with a quantity
 * above zero, in the order given. The server and the browser both use this, so
 * what is copied is exactly what the API returns as `text`.
 */
export function formatOrderText(introduce: string, lines: readonly TOrderTextLine[]): string {
  const out: string[] = [];
  const message = introduce.trim();
  if (message) out.push(message);
  for (const line of lines) {
    if (line.quantity > 0) {
      out.push(`${formatQuantity(line.quantity)} x ${line.unit}: ${line.name}`);
    }
  }
  return out.join('\n');
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
