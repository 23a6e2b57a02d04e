import { useEffect } from 'react';
import { useNavigationBusy } from './progress.tsx';

/**
 * A screen that pre-loads (a supplier, an order, a product) shows once the
 * data is there. A failed pre-load is only logged and the screen still opens
 * (docs/product.md §2), with whatever it can show.
 */
export function usePreload(query: { isPending: boolean; isError: boolean; error: unknown }, what: string): boolean {
  const ready = !query.isPending || query.isError;
  useNavigationBusy(!ready);
  useEffect(() => {
    if (query.isError) console.error(`Pre-load of ${what} failed`, query.error);
  }, [query.isError, query.error, what]);
  return ready;
}
