import { LIMITS } from './limits.ts';

/** A line of an order as the text needs it. */
export interface TOrderTextLine {
  name: string;
  unit: string;
  quantity: number;
}

/**
 * A quantity as people write it: at most three decimals, no trailing zeros,
 * never exponent notation (`2.5`, `0.125`, `12`).
 */
export function formatQuantity(quantity: number): string {
  const fixed = quantity.toFixed(LIMITS.quantityDecimals);
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
