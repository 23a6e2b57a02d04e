import { type RefObject, useCallback, useEffect, useRef } from 'react';
import type { ProductFilter } from './use-product-filter.ts';

/**
 * The prepared order's links (docs/decisions.md §9.5, `preparedOrderPath` of
 * @reorder/schemas): `/orders/{id}?prepared=YYYY-MM-DD`, with `then=send` or
 * `then=skip` for what to offer at once.
 */
export const PREPARED_PARAM = 'prepared';
export const THEN_PARAM = 'then';

/**
 * Arriving from a re-order, or from a prepared order's "Send" link
 * (`?then=send`, docs/decisions.md §9.5): brings the Send button into view and
 * focuses it once the screen is `ready`, so sending is the next tap. The
 * ref goes on the Send button.
 */
export function useFocusSendOnArrival(ready: boolean) {
  const sendButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const fromLink = params.get(THEN_PARAM) === 'send';
    if (!ready || !(fromLink || (window.history.state as { focusSend?: boolean } | null)?.focusSend)) return;
    if (fromLink) params.delete(THEN_PARAM);
    const query = params.toString();
    window.history.replaceState(
      { ...window.history.state, focusSend: false },
      '',
      `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`,
    );
    sendButton.current?.scrollIntoView({ block: 'center' });
    sendButton.current?.focus({ preventScroll: true });
  }, [ready]);
  return sendButton;
}

/** `/` focuses the field `fieldId` from anywhere on the screen but a field (issue 32). */
export function useSlashToSearch(fieldId: string) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (
        event.key !== '/' ||
        event.ctrlKey ||
        event.metaKey ||
        event.altKey ||
        target.closest('input, textarea, select, [contenteditable]')
      )
        return;
      const field = document.getElementById(fieldId);
      if (!field) return;
      event.preventDefault();
      field.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [fieldId]);
}

/** Ctrl+Enter (⌘+Enter on a Mac) presses the Send button from anywhere on the order screen (issue 45). */
export function useCtrlEnterToSend(sendButton: RefObject<HTMLButtonElement | null>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || (event.target as Element).closest?.('dialog')) return;
      const button = sendButton.current;
      if (!button || button.disabled) return;
      event.preventDefault();
      button.click();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [sendButton]);
}

/**
 * Takes the user to a line's quantity field (a flagged unusual quantity on
 * the Send bar, docs/decisions.md §9.5): focused and in view; a line the
 * search or Count mode hides is shown first, among those in the order.
 */
export function useGoToLine(filter: ProductFilter) {
  const { search, setCounting, setOnlyOrdered } = filter;
  return useCallback(
    (productId: number) => {
      const focus = () => {
        const field = document.getElementById(`quantity-${productId}`);
        if (!field) return false;
        field.scrollIntoView({ block: 'center' });
        field.focus({ preventScroll: true });
        return true;
      };
      if (focus()) return;
      search.setValue('');
      setCounting(false);
      setOnlyOrdered(true);
      // Once the list shows it.
      requestAnimationFrame(() => requestAnimationFrame(() => focus()));
    },
    [search, setCounting, setOnlyOrdered],
  );
}
