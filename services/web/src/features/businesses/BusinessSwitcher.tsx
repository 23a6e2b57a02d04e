import { ZCreateBusinessInput } from '@reorder/schemas';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { apiErrorInfo } from '../../app/trpc.ts';
import { useForm } from '../../forms/use-form.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { useToast } from '../../lib/toast.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/fields.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { List, ListItem } from '../../ui/List.tsx';
import { Divider, Form, ItemName, StatusLine } from '../../ui/layout.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { useActiveBusiness, useBusinesses, useCreateBusiness, useSwitchBusiness } from './api.ts';
import './BusinessSwitcher.css';

/**
 * The active business's name, always in the header (docs/decisions.md §8.2):
 * a tap opens the user's businesses, to switch (every screen then reads the
 * other business) or add one. Switching goes to the orders, since the screen
 * open belongs to the business left.
 */
export function BusinessSwitcher() {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const active = useActiveBusiness();
  const businesses = useBusinesses().data ?? [];
  const switchTo = useSwitchBusiness();
  const form = useForm(ZCreateBusinessInput, { name: '' });
  const create = useCreateBusiness({
    onSuccess(business) {
      form.reset();
      setOpen(false);
      toast.success(t('businesses.created', { name: business.name }));
      navigate(href('suppliers'));
    },
    onError(error) {
      const info = apiErrorInfo(error);
      if (info.issues.length) form.setIssues(info.issues);
      else toast.error(info.message || t('businesses.createError'));
    },
  });
  if (!active) return <span className="business-switcher business-switcher--pending" aria-hidden="true" />;

  return (
    <>
      <button
        type="button"
        className="business-switcher"
        aria-haspopup="dialog"
        aria-label={t('businesses.switcher', { name: active.name })}
        onClick={() => setOpen(true)}
      >
        <span className="business-switcher__name" data-testid="active-business">
          {active.name}
        </span>
        <Icon name="down" size={16} />
      </button>
      <Sheet open={open} title={t('businesses.switchTitle')} closeLabel={t('orders.closeSheet')} onClose={() => setOpen(false)}>
        <List label={t('businesses.switchTitle')} inset>
          {businesses.map((business) => {
            const current = business.id === active.id;
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
                      setOpen(false);
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
    </>
  );
}
