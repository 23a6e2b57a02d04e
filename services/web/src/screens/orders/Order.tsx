import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Redirect, useParams } from 'wouter';
import { useCan } from '../../features/businesses/api.ts';
import { useOrder, useSupplierHistory } from '../../features/orders/api.ts';
import { OrderProducts, PRODUCT_SEARCH_ID } from '../../features/orders/OrderProducts.tsx';
import { OrderTextCard } from '../../features/orders/OrderTextCard.tsx';
import { OrderTop } from '../../features/orders/OrderTop.tsx';
import { useCtrlEnterToSend, useFocusSendOnArrival, useGoToLine, useSlashToSearch } from '../../features/orders/order-focus.ts';
import { SendBar } from '../../features/orders/SendBar.tsx';
import { useOrderChanges } from '../../features/orders/use-order-changes.ts';
import { useOrderImage } from '../../features/orders/use-order-image.ts';
import { useProductFilter } from '../../features/orders/use-product-filter.ts';
import { useSendOrder } from '../../features/orders/use-send-order.ts';
import { useSkipLink } from '../../features/standing/use-skip-link.ts';
// The order screen's layout: its top, toolbars and Send bar (phone and desktop).
import '../../features/orders/order-screen.css';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { canShareFiles } from '../../lib/send.ts';
import { apiErrorInfo } from '../../lib/trpc.ts';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { usePreload } from '../../lib/use-preload.ts';
import { Loading } from '../../ui/Loading.tsx';
import { Spinner } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { SplitView } from '../../ui/SplitView.tsx';
import { TwoPanes } from '../../ui/TwoPanes.tsx';

/** The orders list beside the order comes only to a desktop (issue 32). */
const OrdersPane = lazy(() => import('../../features/orders/OrdersPane.tsx').then((module) => ({ default: module.OrdersPane })));

/**
 * A supplier's current order (docs/product.md §2), built for one thumb: the
 * supplier in a line or two, the message folded to one line, then the
 * products; Send stays in reach in a bar above the menu, with the order text
 * a tap away. On a wide screen the order text and Send sit beside the list.
 */
export default function Order() {
  const { t } = useTranslation();
  const { supplierId } = useParams<{ supplierId: string }>();
  const id = Number(supplierId);
  const orderQuery = useOrder(id);
  const { supplier: supplierQuery, history } = useSupplierHistory(id);
  const orderReady = usePreload(orderQuery, 'order');
  const supplierReady = usePreload(supplierQuery, 'supplier');
  const ready = orderReady && supplierReady;
  const order = orderQuery.data;
  const supplier = supplierQuery.data;
  const lastSent = history.data?.[0];

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

  const products = order?.products ?? [];
  const filter = useProductFilter(products, drafts);
  // On a phone the supplier's details fold behind a button on the message's line (order-screen.css).
  const [supplierOpen, setSupplierOpen] = useState(false);

  // The order text's image, made once for Copy as image and Share with image.
  const textCapture = useRef<HTMLDivElement>(null);
  const shareFiles = useMemo(canShareFiles, []);
  const image = useOrderImage(textCapture, drafts.text, { renderAhead: shareFiles });

  // Once Send can be pressed: a disabled button takes no focus.
  const sendButton = useFocusSendOnArrival(ready && sending.canSend);
  const goToLine = useGoToLine(filter);
  // The prepared order's links (docs/decisions.md §9.5): "Send" is `?send=1` (above), "Skip" `?skip=` the delivery date.
  useSkipLink(id);
  useSlashToSearch(PRODUCT_SEARCH_ID);
  useCtrlEnterToSend(sendButton);

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
          <OrderTop
            supplier={supplier}
            order={order}
            drafts={drafts}
            lastSent={lastSent}
            canManage={canManage}
            supplierOpen={supplierOpen}
            setSupplierOpen={setSupplierOpen}
          />
          <OrderProducts supplierId={id} products={products} drafts={drafts} canManage={canManage} filter={filter} />
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
            lastSent={lastSent}
            maySend={canManage}
            onGoToLine={goToLine}
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
