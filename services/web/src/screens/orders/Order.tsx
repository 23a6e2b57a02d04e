import { normalizeSearchText } from '@reorder/schemas';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useParams } from 'wouter';
import { Loading } from '../../app/lazy-screen.tsx';
import { useToast } from '../../app/toast.tsx';
import { apiErrorInfo } from '../../app/trpc.ts';
import { usePreload } from '../../app/use-preload.ts';
import { useSearchParam } from '../../app/use-search-param.ts';
import { useOrder, useReloadOrder, useSupplierHistory } from '../../features/orders/api.ts';
import { MessageCard } from '../../features/orders/MessageCard.tsx';
import { OrderTextCard } from '../../features/orders/OrderTextCard.tsx';
import type { OrderProduct } from '../../features/orders/order-drafts.ts';
import { QuantityLine } from '../../features/orders/QuantityLine.tsx';
import { SupplierCard } from '../../features/orders/SupplierCard.tsx';
import { useOrderDrafts } from '../../features/orders/use-order-drafts.ts';
import { href } from '../../lib/paths.ts';
import { LinkButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { SearchField } from '../../ui/fields.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { List } from '../../ui/List.tsx';
import { ButtonRow, Empty, Toolbar } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';

/**
 * A supplier's current order (docs/product.md §2): the message, the supplier,
 * every product with its quantity, and the order text with the ways to send it.
 */
export default function Order() {
  const { t } = useTranslation();
  const toast = useToast();
  const { supplierId } = useParams<{ supplierId: string }>();
  const id = Number(supplierId);
  const orderQuery = useOrder(id);
  const { supplier: supplierQuery, history } = useSupplierHistory(id);
  const orderReady = usePreload(orderQuery, 'order');
  const supplierReady = usePreload(supplierQuery, 'supplier');
  const ready = orderReady && supplierReady;
  const order = orderQuery.data;
  const supplier = supplierQuery.data;

  const reload = useReloadOrder(id);
  const quantityFailed = useCallback((product: OrderProduct) => toast.error(t('orders.saveFailed', { name: product.name })), [toast, t]);
  const messageFailed = useCallback(() => toast.error(t('orders.updateError')), [toast, t]);
  const drafts = useOrderDrafts(order, { onSaved: reload, onQuantityFailed: quantityFailed, onMessageFailed: messageFailed });

  const search = useSearchParam('q', 0);
  const products = order?.products ?? [];
  const visible = useMemo(() => {
    const q = normalizeSearchText(search.value);
    return q ? products.filter((p) => normalizeSearchText(p.name).includes(q)) : products;
  }, [products, search.value]);

  // Arriving from a re-order: bring the Send button into view and focus it, so sending is the next tap.
  const sendButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!ready || !(window.history.state as { focusSend?: boolean } | null)?.focusSend) return;
    window.history.replaceState({ ...window.history.state, focusSend: false }, '');
    sendButton.current?.scrollIntoView({ block: 'center' });
    sendButton.current?.focus({ preventScroll: true });
  }, [ready]);

  // A supplier or order that is not there (or not this owner's) is a 404, not an empty order form.
  const missing = [orderQuery.error, supplierQuery.error].some((error) => error && apiErrorInfo(error).kind === 'NOT_FOUND');
  if (missing) return <Redirect to={`${href('notFound')}?resource=supplier`} replace />;

  const title = supplier ? t('orders.orderFor', { name: supplier.name }) : t('orders.title');
  return (
    <Screen route="orders.order" title={title} back={href('orders')}>
      {!ready ? (
        <Loading />
      ) : (
        <>
          <MessageCard drafts={drafts} loaded={order !== undefined} />
          {supplier ? <SupplierCard supplier={supplier} lastSent={history.data?.[0]} /> : null}
          <Card title={t('orders.products')}>
            <Toolbar>
              <SearchField label={t('orders.searchProducts')} value={search.value} onChange={search.setValue} />
              <LinkButton href={href('orders.productNew', { supplierId: id })}>
                <Icon name="plus" /> {t('orders.addProduct')}
              </LinkButton>
            </Toolbar>
            {products.length === 0 ? (
              <Empty>{t('orders.noProducts')}</Empty>
            ) : visible.length === 0 ? (
              <Empty role="status">{t('orders.noProductMatch', { q: search.value.trim() })}</Empty>
            ) : (
              <List label={t('orders.products')}>
                {visible.map((product) => (
                  <QuantityLine key={product.productId} product={product} supplierId={id} drafts={drafts} />
                ))}
              </List>
            )}
            {products.length > 0 ? (
              <ButtonRow>
                <LinkButton href={href('orders.productsClear', { supplierId: id })} variant="danger">
                  {t('orders.clear')}
                </LinkButton>
              </ButtonRow>
            ) : null}
          </Card>
          <OrderTextCard
            order={order}
            supplier={supplier}
            drafts={drafts}
            updating={orderQuery.isFetching || drafts.pending}
            sendButton={sendButton}
          />
        </>
      )}
    </Screen>
  );
}
