import { useEffect, useRef } from 'react';
import { formatDay } from '../../lib/format-date.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useToast } from '../../ui/toast.tsx';
import { PREPARED_PARAM, THEN_PARAM } from '../orders/order-focus.ts';
import { useSkipStanding } from './api.ts';

/**
 * The prepared order's "Skip" link lands on the order (`?prepared=YYYY-MM-DD&then=skip`,
 * docs/decisions.md §9.5): the delivery date
 * joins the standing order's paused dates, once, and the screen says so
 * (docs/decisions.md §9.5). The query leaves the address, so a reload does
 * not skip again.
 */
export function useSkipLink(supplierId: number) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const done = useRef(false);
  const skip = useSkipStanding({
    onSuccess: () => undefined,
    onError: () => toast.error(t('week.skipError')),
  });
  const { mutate } = skip;
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const date = params.get(PREPARED_PARAM);
    if (done.current || !date || params.get(THEN_PARAM) !== 'skip' || !Number.isFinite(supplierId)) return;
    done.current = true;
    params.delete(THEN_PARAM);
    const query = params.toString();
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
    const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? formatDay(date, i18n.language) : date;
    mutate({ id: supplierId, date }, { onSuccess: () => toast.success(t('week.skipped', { date: day })) });
  }, [supplierId, mutate, toast, t, i18n.language]);
  return skip;
}
