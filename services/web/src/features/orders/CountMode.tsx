import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { LongList } from '../../ui/LongList.tsx';
import { CountLine } from './CountLine.tsx';
import type { OrderProduct } from './order-drafts.ts';
import type { useOrderChanges } from './use-order-changes.ts';

/**
 * Count mode's list (docs/decisions.md §6.1): a count and a par per product
 * ("Fill to par" stands in the order screen's toolbar), each a change of the one save path (changes.ts), so a fill
 * always reads the counts and pars typed before it. A chunk of its own, loaded when the owner first presses
 * Count, so the order screen's first load carries none of it (the service
 * worker keeps it for offline use).
 */
export default function CountMode({
  products,
  drafts,
  canSetPar,
}: {
  products: OrderProduct[];
  drafts: ReturnType<typeof useOrderChanges>;
  /** Whether pars are editable here (a manager's or owner's; staff count only). */
  canSetPar: boolean;
}) {
  const { t } = useTranslation();
  // Entering Count mode puts the cursor in the first count: counting is typing, and Enter goes down the list.
  useEffect(() => {
    document.querySelector<HTMLInputElement>('[data-count-field]')?.focus();
  }, []);
  return (
    <>
      {/* What to do, and the columns' captions once above the rows (each field is labelled for assistive technology). */}
      <div className="count-head">
        <p>{t('orders.countHint')}</p>
        <span aria-hidden="true">{t('orders.onHand')}</span>
        <span aria-hidden="true">{t('orders.par')}</span>
      </div>
      <LongList
        label={t('orders.products')}
        items={products}
        rowKey={(product) => product.productId}
        rowHeight={56}
        renderRow={(product, place) => (
          <CountLine product={product} onCount={drafts.count} onPar={canSetPar ? drafts.par : undefined} place={place} />
        )}
      />
    </>
  );
}
