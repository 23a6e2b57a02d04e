import type { SentLine, StoredBillLine, StoredBillMatch, StoredConfirmation } from '@reorder/db';
import type { TBillFlag } from '@reorder/schemas';
import { cents, money } from '../platform/cents.ts';
import { expectedLines } from '../receipts/receipts.service.ts';

/**
 * The match of a bill against its sent orders (docs/decisions.md §9.6): what
 * was ordered, what the supplier confirmed (quantity and price), and what
 * arrived by the orders' closed receipts. Pure: bills.service.ts reads the
 * orders and their receipts.
 */

/** A sent order the bill bills: its lines as sent, the supplier's answer, and its receipt once closed. */
export interface SentSource {
  sentOrderId: number;
  lines: readonly SentLine[];
  confirmation: StoredConfirmation | null;
  /** The closed receipt's lines (extra ones too), or null while it has none or it is checking. */
  receipt: readonly ReceivedLine[] | null;
}

export interface ReceivedLine {
  productId: number;
  name: string;
  received: number | null;
  expectedPrice: number | null;
  chargedPrice: number | null;
}

/** What a product of the orders should be billed: quantities in thousandths, so sums are exact. */
export interface ExpectedProduct {
  productId: number;
  name: string;
  ordered: number;
  /** What arrived, over the closed receipts (null when none is closed). */
  received: number | null;
  /** What the bill should charge: what arrived where a receipt is closed, else what was confirmed (else sent). */
  reference: number;
  /** The price agreed: the supplier's confirmed one, else the one sent. */
  expectedPrice: number | null;
  /** The price the delivery note charged, from a closed receipt. */
  chargedPrice: number | null;
}

const thousandths = (quantity: number) => Math.round(quantity * 1000);
const fromThousandths = (value: number) => value / 1000;
const tenThousandths = (price: number) => Math.round(price * 10_000);

/** What each product of the orders should be billed, in the order first sent (extra lines of the receipts after). */
export function expectedProducts(sources: readonly SentSource[]): { products: ExpectedProduct[]; anyReceived: boolean } {
  const byProduct = new Map<number, ExpectedProduct>();
  const entry = (productId: number, name: string) => {
    let product = byProduct.get(productId);
    if (!product) {
      product = { productId, name, ordered: 0, received: null, reference: 0, expectedPrice: null, chargedPrice: null };
      byProduct.set(productId, product);
    }
    return product;
  };
  let anyReceived = false;
  for (const source of sources) {
    const expected = expectedLines(source.lines, source.confirmation);
    for (const [i, line] of source.lines.entries()) {
      const product = entry(line.productId, line.name);
      product.ordered += thousandths(Number(line.quantity));
      product.expectedPrice ??= expected[i]?.price ?? null;
      if (!source.receipt) product.reference += thousandths(expected[i]?.expected ?? 0);
    }
    if (!source.receipt) continue;
    anyReceived = true;
    for (const line of source.receipt) {
      const product = entry(line.productId, line.name);
      const received = thousandths(line.received ?? 0);
      product.received = (product.received ?? 0) + received;
      product.reference += received;
      product.expectedPrice ??= line.expectedPrice;
      product.chargedPrice ??= line.chargedPrice;
    }
  }
  const products = [...byProduct.values()];
  if (anyReceived) for (const product of products) product.received ??= 0;
  return { products, anyReceived };
}

/** Whether a billed price is off the expected one by more than 1 % of it (exactly 1 % matches), in ten-thousandths. */
export function priceDiffers(billed: number, expected: number): boolean {
  return Math.abs(tenThousandths(billed) - tenThousandths(expected)) * 100 > tenThousandths(expected);
}

/** A line's flag: billed for what was not ordered, or never came; a quantity billed other than the reference; a price off by more than 1 %. */
function flagOf(billed: number, product: ExpectedProduct | undefined, billedPrice: number | null): TBillFlag | null {
  const ordered = product?.ordered ?? 0;
  const reference = product?.reference ?? 0;
  if (billed > 0 && ordered === 0) return 'not_ordered';
  if (billed > 0 && reference === 0) return 'not_received';
  if (billed !== reference) return 'quantity';
  const expectedPrice = product?.expectedPrice ?? null;
  if (billed > 0 && expectedPrice !== null && billedPrice !== null && priceDiffers(billedPrice, expectedPrice)) return 'price';
  return null;
}

/**
 * The bill's match: a line per product billed (in the bill's order) and per
 * product of the orders it does not bill, each flagged; and `difference`,
 * the bill's base − the expected base (each product's reference quantity ×
 * its expected price, else the billed one), to the cent.
 */
export function matchBill(lines: readonly StoredBillLine[], sources: readonly SentSource[]): StoredBillMatch {
  const { products, anyReceived } = expectedProducts(sources);
  const byId = new Map(products.map((product) => [product.productId, product]));
  const billedIds = new Set<number>();
  const out: StoredBillMatch['lines'] = [];
  let billedBase = 0n;
  let expectedBase = 0n;
  for (const line of lines) {
    billedBase += cents(line.quantity, line.unitPrice);
    const billed = thousandths(line.quantity);
    if (line.productId === null) {
      out.push({
        productId: null,
        ordered: 0,
        received: anyReceived ? 0 : null,
        billed: line.quantity,
        expectedPrice: null,
        billedPrice: line.unitPrice,
        flag: billed > 0 ? 'not_ordered' : null,
      });
      continue;
    }
    billedIds.add(line.productId);
    const product = byId.get(line.productId);
    out.push({
      productId: line.productId,
      ordered: fromThousandths(product?.ordered ?? 0),
      received: anyReceived ? fromThousandths(product?.received ?? 0) : null,
      billed: line.quantity,
      expectedPrice: product?.expectedPrice ?? null,
      billedPrice: line.unitPrice,
      flag: flagOf(billed, product, line.unitPrice),
    });
    if (product) expectedBase += cents(fromThousandths(product.reference), product.expectedPrice ?? line.unitPrice);
  }
  for (const product of products) {
    if (billedIds.has(product.productId)) continue;
    out.push({
      productId: product.productId,
      ordered: fromThousandths(product.ordered),
      received: product.received === null ? null : fromThousandths(product.received),
      billed: 0,
      expectedPrice: product.expectedPrice,
      billedPrice: null,
      flag: flagOf(0, product, null),
    });
    if (product.expectedPrice !== null) expectedBase += cents(fromThousandths(product.reference), product.expectedPrice);
  }
  return { lines: out, difference: money(billedBase - expectedBase) };
}

/** The status a bill's match gives it: "draft" without sent orders, else "matched" or "mismatch" by its flags. */
export function matchStatus(match: StoredBillMatch | null): 'draft' | 'matched' | 'mismatch' {
  if (match === null) return 'draft';
  return match.lines.every((line) => line.flag === null) ? 'matched' : 'mismatch';
}
