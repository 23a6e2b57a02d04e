import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { Button, LinkButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { SearchField } from '../../ui/fields.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { LongList } from '../../ui/LongList.tsx';
import { Empty, InlineLinks, Spinner, Toolbar } from '../../ui/layout.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useActiveBusiness } from '../businesses/api.ts';
import { useLastReceived } from './api.ts';
import type { OrderProduct } from './order-drafts.ts';
import { QuantityLine } from './QuantityLine.tsx';
import type { useOrderChanges } from './use-order-changes.ts';
import type { ProductFilter } from './use-product-filter.ts';

type OrderDrafts = ReturnType<typeof useOrderChanges>;

/** Count mode comes with its first use (CountMode.tsx). */
const CountMode = lazy(() => import('./CountMode.tsx'));

/** The field `/` focuses (order-focus.ts). */
export const PRODUCT_SEARCH_ID = 'product-search';

/**
 * The order's products: a search (and, for a manager, Add), Count or which
 * of them to show, then the list (`QuantityLine`s, or Count mode's counts
 * and pars) and links to add several or clear the order.
 */
export function OrderProducts({
  supplierId,
  products,
  drafts,
  canManage,
  filter,
}: {
  supplierId: number;
  products: OrderProduct[];
  drafts: OrderDrafts;
  canManage: boolean;
  filter: ProductFilter;
}) {
  const { t } = useTranslation();
  const { search, onlyOrdered, counting, visible } = filter;
  const currency = useActiveBusiness()?.currency ?? 'EUR';
  const received = useLastReceived(supplierId);
  return (
    <Card size="sm" label={t('orders.products')} className="order-products">
      <Toolbar>
        <SearchField
          id={PRODUCT_SEARCH_ID}
          keyHint="/"
          label={t('orders.searchProducts')}
          value={search.value}
          onChange={search.setValue}
        />
        {canManage ? (
          <LinkButton href={href('orders.productNew', { supplierId })} aria-label={t('orders.addProduct')}>
            <Icon name="plus" /> {t('orders.addShort')}
          </LinkButton>
        ) : null}
      </Toolbar>
      {products.length > 0 ? <ProductFilters filter={filter} drafts={drafts} /> : null}
      {products.length === 0 ? (
        <NoProducts supplierId={supplierId} canManage={canManage} />
      ) : visible.length === 0 ? (
        <Empty role="status">
          {onlyOrdered && !search.value.trim() ? t('orders.nothingInOrder') : t('orders.noProductMatch', { q: search.value.trim() })}
        </Empty>
      ) : counting ? (
        <Suspense fallback={<Spinner />}>
          <CountMode products={visible} drafts={drafts} canSetPar={canManage} />
        </Suspense>
      ) : (
        <LongList
          label={t('orders.products')}
          items={visible}
          rowKey={(product) => product.productId}
          rowHeight={56}
          renderRow={(product, place) => (
            <QuantityLine
              product={product}
              supplierId={supplierId}
              currency={currency}
              received={received.get(product.productId)}
              drafts={drafts}
              canEdit={canManage}
              place={place}
            />
          )}
        />
      )}
      {products.length > 0 ? (
        <InlineLinks>
          {canManage ? <Link href={href('orders.productsPaste', { supplierId })}>{t('orders.addSeveral')}</Link> : null}
          <Link href={href('orders.productsClear', { supplierId })}>{t('orders.clear')}</Link>
        </InlineLinks>
      ) : null}
    </Card>
  );
}

/** Count (and, counting, Fill to par), or all the products or only those in the order. */
function ProductFilters({ filter, drafts }: { filter: ProductFilter; drafts: OrderDrafts }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { onlyOrdered, setOnlyOrdered, counting, setCounting } = filter;
  const fillToPar = () => {
    const result = drafts.fillToPar();
    if (result) toast.success(t('orders.filledSummary', result));
  };
  return (
    <Toolbar className="order-filters">
      <Button variant={counting ? 'primary' : 'ghost'} small aria-pressed={counting} onClick={() => setCounting(!counting)}>
        {t('orders.count')}
      </Button>
      {counting ? (
        <Button id="fill-to-par" small onClick={fillToPar}>
          {t('orders.fillToPar')}
        </Button>
      ) : (
        <>
          <Button variant={onlyOrdered ? 'ghost' : 'secondary'} small aria-pressed={!onlyOrdered} onClick={() => setOnlyOrdered(false)}>
            {t('orders.showAll')}
          </Button>
          <Button variant={onlyOrdered ? 'secondary' : 'ghost'} small aria-pressed={onlyOrdered} onClick={() => setOnlyOrdered(true)}>
            {t('orders.showOrdered', { n: drafts.lineCount })}
          </Button>
        </>
      )}
    </Toolbar>
  );
}

/** A supplier without products yet: the ways to add them, for those who may. */
function NoProducts({ supplierId, canManage }: { supplierId: number; canManage: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Empty>{t('orders.noProducts')}</Empty>
      {canManage ? (
        <InlineLinks wrap>
          <span>{t('orders.addProductsTitle')}</span>
          <Link href={href('orders.productsPaste', { supplierId })}>{t('orders.pasteList')}</Link>
          <Link href={href('orders.productNew', { supplierId })}>{t('orders.oneByOne')}</Link>
          <Link href={href('suppliers.import')}>{t('orders.importFile')}</Link>
        </InlineLinks>
      ) : null}
    </>
  );
}
