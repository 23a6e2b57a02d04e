import { ZCreateBusinessInput } from '@reorder/schemas';
import { useLocation } from 'wouter';
import { useForm } from '../../forms/use-form.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { apiErrorInfo } from '../../lib/trpc.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/fields.tsx';
import { List, ListItem } from '../../ui/List.tsx';
import { Divider, Form, ItemName, StatusLine } from '../../ui/layout.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useActiveBusiness, useBusinesses, useCreateBusiness, useSwitchBusiness } from './api.ts';

/**
 * The user's businesses, to switch (every screen then reads the other
 * business) or add one (docs/decisions.md §8.2). Loaded when the switcher is
 * first opened: its form (and the form library) is in no screen's first load.
 * Switching goes to the orders, since the screen open belongs to the business left.
 */
export default function BusinessSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const active = useActiveBusiness();
  const businesses = useBusinesses().data ?? [];
  const switchTo = useSwitchBusiness();
  const form = useForm(ZCreateBusinessInput, { name: '' });
  const create = useCreateBusiness({
    onSuccess(business) {
      form.reset();
      onClose();
      toast.success(t('businesses.created', { name: business.name }));
      navigate(href('suppliers'));
    },
    onError(error) {
      const info = apiErrorInfo(error);
      if (info.issues.length) form.setIssues(info.issues);
      else toast.error(info.message || t('businesses.createError'));
    },
  });
  return (
    <Sheet open title={t('businesses.switchTitle')} closeLabel={t('orders.closeSheet')} onClose={onClose}>
      <List label={t('businesses.switchTitle')} inset>
        {businesses.map((business) => {
          const current = business.id === active?.id;
          return (
            <ListItem key={business.id}>
              <div>
                <ItemName>{business.name}</ItemName>
                <StatusLine>{t('businesses.roleIn', { role: t(`roles.${business.role}`) })}</StatusLine>
              </div>
              {current ? (
                <span className="business-switcher__current">{t('businesses.current')}</span>
              ) : (
                <Button
                  variant="secondary"
                  small
                  aria-label={t('businesses.switchTo', { name: business.name })}
                  onClick={() => {
                    switchTo(business);
                    onClose();
                    toast.success(t('businesses.switched', { name: business.name }));
                    navigate(href('orders'));
                  }}
                >
                  {t('businesses.switch')}
                </Button>
              )}
            </ListItem>
          );
        })}
      </List>
      <Divider>{t('businesses.add')}</Divider>
      <Form onSubmit={form.handleSubmit(({ name }) => create.mutate({ name }))}>
        <TextField {...form.field('name')} label={t('businesses.newName')} maxLength={100} required />
        <Button type="submit" busy={create.isPending}>
          {t('businesses.create')}
        </Button>
      </Form>
    </Sheet>
  );
}
