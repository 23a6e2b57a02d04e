import { normalizeSearchText } from '@reorder/schemas/search';
import { useMemo, useState } from 'react';
import { useSearchParam } from '../../lib/use-search-param.ts';
import type { OrderProduct } from './order-drafts.ts';
import type { useOrderChanges } from './use-order-changes.ts';

type OrderDrafts = ReturnType<typeof useOrderChanges>;

/**
 * Which of the order's products its list shows: those matching the search
 * (`?q=`), all of them or only those in the order, and whether Count mode is
 * on. The order screen holds it, so it stays as set when the screen turns
 * from phone to desktop.
 */
export function useProductFilter(products: OrderProduct[], drafts: OrderDrafts) {
  const search = useSearchParam('q', 0);
  const [onlyOrdered, setOnlyOrdered] = useState(false);
  const [counting, setCounting] = useState(false);
  const matching = useMemo(() => {
    const q = normalizeSearchText(search.value);
    return q ? products.filter((p) => normalizeSearchText(p.name).includes(q)) : products;
  }, [products, search.value]);
  // A line being typed in stays in the "in this order" view, even at 0, until the field is left.
  // Counting goes through every product: the "in this order" view is for setting quantities.
  const visible =
    onlyOrdered && !counting ? matching.filter((p) => drafts.quantityOf(p) > 0 || drafts.drafts[p.productId] !== undefined) : matching;
  return { search, onlyOrdered, setOnlyOrdered, counting, setCounting, visible };
}

export type ProductFilter = ReturnType<typeof useProductFilter>;
