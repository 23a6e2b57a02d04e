import { useEffect, useRef } from 'react';
import { useNavigationBusy } from './navigation-busy.ts';
import { useOnline } from './online.ts';

/**
 * A screen that pre-loads (a supplier, an order, a product) shows once the
 * data is there. A failed pre-load is only logged and the screen still opens
 * (docs/product.md §2), with whatever it can show.
 */
export function usePreload(
  query: { isPending: boolean; isError: boolean; error: unknown; isFetching?: boolean },
  what: string,
  options: { fresh?: boolean } = {},
): boolean {
  const online = useOnline();
  const fresh = useRef(false);
  // An edit form starts from what it is shown first: with `fresh`, a copy kept on the device (read
  // again on opening) is waited for, online, until the server has answered; then it stays shown.
  if (!query.isPending && (!options.fresh || !query.isFetching || !online)) fresh.current = true;
  const ready = fresh.current || query.isError;
  useNavigationBusy(!ready);
  useEffect(() => {
    if (query.isError) console.error(`Pre-load of ${what} failed`, query.error);
  }, [query.isError, query.error, what]);
  return ready;
}
