import { normalizeSearchText } from '@reorder/schemas/search';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Redirect, useParams } from 'wouter';
import { useActiveBusiness, useCan } from '../../features/businesses/api.ts';
import { useOrder, useSupplierHistory } from '../../features/orders/api.ts';
import { MessageCard } from '../../features/orders/MessageCard.tsx';
import { messageSuggestions } from '../../features/orders/message-suggestions.ts';
import { LastSendAnswer, OrderHeader } from '../../features/orders/OrderHeader.tsx';
import { OrderTextCard } from '../../features/orders/OrderTextCard.tsx';
import { QuantityLine } from '../../features/orders/QuantityLine.tsx';
import { ReadyNote } from '../../features/orders/ReadyNote.tsx';
import { SendBar } from '../../features/orders/SendBar.tsx';
import { useOrderChanges } from '../../features/orders/use-order-changes.ts';
import { useOrderImage } from '../../features/orders/use-order-image.ts';
import { useSendOrder } from '../../features/orders/use-send-order.ts';
// The order screen's layout: its top, toolbars and Send bar (phone and desktop).
import '../../features/orders/order-screen.css';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { canShareFiles } from '../../lib/send.ts';
import { apiErrorInfo } from '../../lib/trpc.ts';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { usePreload } from '../../lib/use-preload.ts';
import { useSearchParam } from '../../lib/use-search-param.ts';
import { Button, LinkButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { SearchField } from '../../ui/fields.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { LongList } from '../../ui/LongList.tsx';
import { Empty, InlineLinks, Spinner, Toolbar } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { SplitView } from '../../ui/SplitView.tsx';
import { TwoPanes } from '../../ui/TwoPanes.tsx';
import { useToast } from '../../ui/toast.tsx';

/** The orders list beside the order comes only to a desktop (issue 32). */
const OrdersPane = lazy(() => import('../../features/orders/OrdersPane.tsx').then((module) => ({ default: module.OrdersPane })));

/** Count mode comes with its first use (features/orders/CountMode.tsx). */
const CountMode = lazy(() => import('../../features/orders/CountMode.tsx'));

/**
 * A supplier's current order (docs/product.md §2), built for one thumb: the
 * supplier in a line or two, the message folded to one line, then the
 * products; Send stays in reach in a bar above the menu, with the order text
 * a tap away. On a wide screen the order text and Send sit beside the list.
 */
export default function Order() {
  const { t, i18n } = useTranslation();
  const business = useActiveBusiness();
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

  // Staff count, set quantities and hand the order over; owners and managers also send and change products.
  const canManage = useCan('manager');
  const desktop = useMediaQuery(DESKTOP_QUERY);
  // Every edit is a change of the one save path (features/orders/changes.ts): shown at once, sent in the order made.
  const drafts = useOrderChanges(order);
  const [offerClear, setOfferClear] = useState(false);
  const sending = useSendOrder({
    orderId: order?.id,
    confirmUrl: order?.confirmUrl ?? null,
    supplier,
    drafts,
    maySend: canManage,
    onSent: () => setOfferClear(true),
  });

  const search = useSearchParam('q', 0);
  const [onlyOrdered, setOnlyOrdered] = useState(false);
  const [counting, setCounting] = useState(false);
  // On a phone the supplier's details fold behind a button on the message's line (order-screen.css).
  const [supplierOpen, setSupplierOpen] = useState(false);
  const fillToPar = () => {
    const result = drafts.fillToPar();
    if (result) toast.success(t('orders.filledSummary', result));
  };
  const products = order?.products ?? [];
  const matching = useMemo(() => {
    const q = normalizeSearchText(search.value);
    return q ? products.filter((p) => normalizeSearchText(p.name).includes(q)) : products;
  }, [products, search.value]);
  // A line being typed in stays in the "in this order" view, even at 0, until the field is left.
  // Counting goes through every product: the "in this order" view is for setting quantities.
  const visible =
    onlyOrdered && !counting ? matching.filter((p) => drafts.quantityOf(p) > 0 || drafts.drafts[p.productId] !== undefined) : matching;

  // The order text's image, made once for Copy as image and Share with image.
  const textCapture = useRef<HTMLDivElement>(null);
  const shareFiles = useMemo(canShareFiles, []);
  const image = useOrderImage(textCapture, drafts.text, { renderAhead: shareFiles });

  // Arriving from a re-order: bring the Send button into view and focus it, so sending is the next tap.
  const sendButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!ready || !(window.history.state as { focusSend?: boolean } | null)?.focusSend) return;
    window.history.replaceState({ ...window.history.state, focusSend: false }, '');
    sendButton.current?.scrollIntoView({ block: 'center' });
    sendButton.current?.focus({ preventScroll: true });
  }, [ready]);

  // `/` searches the products from anywhere on the screen but a field (issue 32).
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
      const field = document.getElementById('product-search');
      if (!field) return;
      event.preventDefault();
      field.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // A supplier or order that is not there (or not this owner's) is a 404, not an empty order form.
  const missing = [orderQuery.error, supplierQuery.error].some((error) => error && apiErrorInfo(error).kind === 'NOT_FOUND');
  if (missing) return <Redirect to={`${href('notFound')}?resource=supplier`} replace />;

  const title = supplier ? t('orders.orderFor', { name: supplier.name }) : t('orders.title');
  const content = !ready ? (
    <Loading />
  ) : (
    <SplitView
      main={
        <>
          <div className={`order-top ${supplierOpen ? 'order-top--open' : ''}`}>
            {supplier ? <OrderHeader supplier={supplier} lastSent={history.data?.[0]} canEdit={canManage} /> : null}
            <MessageCard
              drafts={drafts}
              aside={
                supplier ? (
                  <button
                    type="button"
                    className="order-top__toggle"
                    aria-expanded={supplierOpen}
                    aria-controls="order-supplier"
                    aria-label={t('orders.supplierInfo')}
                    onClick={() => setSupplierOpen(!supplierOpen)}
                  >
                    <Icon name="info" size={22} />
                  </button>
                ) : null
              }
              loaded={order !== undefined}
              suggestions={
                supplier
                  ? messageSuggestions({
                      language: i18n.language,
                      contactName: supplier.contactName,
                      businessName: business?.name ?? '',
                      nextDelivery: supplier.nextDelivery,
                      lastMessage: history.data?.[0]?.introduce,
                      current: drafts.message,
                    })
                  : []
              }
            />
            <LastSendAnswer lastSent={history.data?.[0]} />
            {canManage && order?.ready ? (
              <p className="order-top__answer">
                <ReadyNote ready={order.ready} />
              </p>
            ) : null}
          </div>
          <Card size="sm" label={t('orders.products')} className="order-products">
            <Toolbar>
              <SearchField
                id="product-search"
                keyHint="/"
                label={t('orders.searchProducts')}
                value={search.value}
                onChange={search.setValue}
              />
              {canManage ? (
                <LinkButton href={href('orders.productNew', { supplierId: id })} aria-label={t('orders.addProduct')}>
                  <Icon name="plus" /> {t('orders.addShort')}
                </LinkButton>
              ) : null}
            </Toolbar>
            {products.length > 0 ? (
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
                    <Button
                      variant={onlyOrdered ? 'ghost' : 'secondary'}
                      small
                      aria-pressed={!onlyOrdered}
                      onClick={() => setOnlyOrdered(false)}
                    >
                      {t('orders.showAll')}
                    </Button>
                    <Button
                      variant={onlyOrdered ? 'secondary' : 'ghost'}
                      small
                      aria-pressed={onlyOrdered}
                      onClick={() => setOnlyOrdered(true)}
                    >
                      {t('orders.showOrdered', { n: drafts.lineCount })}
                    </Button>
                  </>
                )}
              </Toolbar>
            ) : null}
            {products.length === 0 ? (
              <>
                <Empty>{t('orders.noProducts')}</Empty>
                {canManage ? (
                  <InlineLinks wrap>
                    <span>{t('orders.addProductsTitle')}</span>
                    <Link href={href('orders.productsPaste', { supplierId: id })}>{t('orders.pasteList')}</Link>
                    <Link href={href('orders.productNew', { supplierId: id })}>{t('orders.oneByOne')}</Link>
                    <Link href={href('suppliers.import')}>{t('orders.importFile')}</Link>
                  </InlineLinks>
                ) : null}
              </>
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
                  <QuantityLine product={product} supplierId={id} drafts={drafts} canEdit={canManage} place={place} />
                )}
              />
            )}
            {products.length > 0 ? (
              <InlineLinks>
                {canManage ? <Link href={href('orders.productsPaste', { supplierId: id })}>{t('orders.addSeveral')}</Link> : null}
                <Link href={href('orders.productsClear', { supplierId: id })}>{t('orders.clear')}</Link>
              </InlineLinks>
            ) : null}
          </Card>
        </>
      }
      side={
        <>
          <OrderTextCard
            supplier={supplier}
            drafts={drafts}
            sending={sending}
            updating={orderQuery.isFetching}
            image={image}
            captureRef={textCapture}
          />
          <SendBar
            supplierId={id}
            order={order}
            supplier={supplier}
            drafts={drafts}
            sending={sending}
            offerClear={offerClear}
            setOfferClear={setOfferClear}
            image={image}
            shareFiles={shareFiles}
            sendButton={sendButton}
            lastSent={history.data?.[0]}
            maySend={canManage}
          />
        </>
      }
    />
  );
  // On a desktop the orders list stays beside the order (issue 32).
  return (
    <Screen route="orders.order" title={title} back={href('orders')} split wide={desktop}>
      {desktop ? (
        <TwoPanes
          list={
            <Suspense fallback={<Spinner />}>
              <OrdersPane selected={id} searchParam="suppliers" />
            </Suspense>
          }
          label={t('orders.title')}
        >
          {content}
        </TwoPanes>
      ) : (
        content
      )}
    </Screen>
  );
}
