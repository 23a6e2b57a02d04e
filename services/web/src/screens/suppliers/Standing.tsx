import type { ReactNode } from 'react';
import { useParams, useSearch } from 'wouter';
import { useOrder, useSupplierHistory } from '../../features/orders/api.ts';
import { useStanding } from '../../features/standing/api.ts';
import { StandingEditor } from '../../features/standing/StandingEditor.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { returnPath, withReturn } from '../../lib/redirect.ts';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { usePreload } from '../../lib/use-preload.ts';
import { LinkButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Empty } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';

/**
 * A supplier's standing order ("Pedido fijo", docs/decisions.md §9.5),
 * opened from the supplier's details or the order. Without delivery days
 * there is nothing to prepare: it says so, with the way to set them.
 */
export default function Standing() {
  const { t } = useTranslation();
  const { id } = useParams<{ id: string }>();
  const supplierId = Number(id);
  const search = useSearch();
  const back = returnPath(search, href('suppliers.edit', { id: supplierId }));
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const { supplier } = useSupplierHistory(supplierId);
  const order = useOrder(supplierId);
  const standing = useStanding(supplierId);
  const supplierReady = usePreload(supplier, 'supplier', { fresh: true });
  const orderReady = usePreload(order, 'order');
  const standingReady = usePreload(standing, 'standing', { fresh: true });
  const ready = supplierReady && orderReady && standingReady;
  const title = supplier.data ? t('week.standingTitle', { name: supplier.data.name }) : t('week.standing');
  const here = href('suppliers.standing', { id: supplierId });

  let content: ReactNode;
  if (!ready) content = <Loading />;
  else if (standing.error || !supplier.data || !order.data || !standing.data) content = <Empty role="alert">{t('week.loadError')}</Empty>;
  else if (supplier.data.deliveryDays.length === 0) {
    content = (
      <Card>
        <Empty>{t('week.noDeliveryDays')}</Empty>
        <LinkButton href={withReturn(href('suppliers.edit', { id: supplierId }), here)}>{t('week.setDeliveryDays')}</LinkButton>
      </Card>
    );
  } else if (order.data.products.length === 0) {
    content = (
      <Card>
        <Empty>{t('week.noProducts')}</Empty>
        <LinkButton href={href('orders.order', { supplierId })}>{t('suppliers.openOrder')}</LinkButton>
      </Card>
    );
  } else {
    content = (
      <StandingEditor key={supplierId} supplier={supplier.data} products={order.data.products} standing={standing.data} desktop={desktop} />
    );
  }
  return (
    <Screen route="suppliers.standing" title={title} back={back} wide={desktop}>
      {content}
    </Screen>
  );
}
