import type { Role } from '@reorder/schemas/roles';
import { roleAllows } from '@reorder/schemas/roles';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { LinkButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { ButtonRow, Spinner } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useActiveBusiness } from './api.ts';

/**
 * A screen only some roles may use (a supplier's or a product's form needs a
 * manager: docs/decisions.md §8.2). The app hides the ways there from the
 * others; an address typed or kept from another role tells them whose it is
 * instead of a form that would then fail.
 */
export function RoleGate({ needed, children }: { needed: Role; children: ReactNode }) {
  const { t } = useTranslation();
  const active = useActiveBusiness();
  if (!active) return <Spinner />;
  if (roleAllows(active.role, needed)) return children;
  return (
    <Screen route="orders" title={t('businesses.notYourRole')} back={href('orders')}>
      <Card>
        <p>{t(`businesses.roleNeeded.${needed}`, { business: active.name, role: t(`roles.${active.role}`) })}</p>
        <ButtonRow>
          <LinkButton href={href('orders')}>{t('businesses.backToOrders')}</LinkButton>
        </ButtonRow>
      </Card>
    </Screen>
  );
}
