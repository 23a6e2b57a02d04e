import { Link } from 'wouter';
import { OrdersPane } from '../../features/orders/OrdersPane.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import '../../features/receiving/receiving.css';
import { Empty } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { TwoPanes } from '../../ui/TwoPanes.tsx';

/** Pick the supplier whose order to prepare; on a desktop the list is the left pane, the order opens beside it. */
export default function OrdersList() {
  const { t } = useTranslation();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  return (
    <Screen
      route="orders"
      title={t('orders.title')}
      wide={desktop}
      // docs/decisions.md §9.4: the deliveries checked.
      actions={
        <Link className="topbar-link" href={href('orders.receipts')}>
          {t('receiving.receipts')}
        </Link>
      }
    >
      {desktop ? (
        <TwoPanes list={<OrdersPane />} label={t('orders.title')}>
          <Empty>{t('orders.pickOne')}</Empty>
        </TwoPanes>
      ) : (
        <OrdersPane />
      )}
    </Screen>
  );
}
