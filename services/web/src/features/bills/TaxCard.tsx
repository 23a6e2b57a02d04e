import { TAX_LIMITS, type TBusiness } from '@reorder/schemas';
import { z } from 'zod';
import { zTaxRateText } from '../../forms/amount.ts';
import { useForm } from '../../forms/use-form.ts';
import { amountText } from '../../lib/amount.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { apiErrorInfo } from '../../lib/trpc.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { TextField } from '../../ui/fields.tsx';
import { Details, Form } from '../../ui/layout.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useUpdateBusiness } from '../businesses/api.ts';

/** The business's tax fields as typed: its tax id, and its default rate with a decimal comma or point. */
const ZTaxFields = z.object({
  taxId: z.string().trim().max(TAX_LIMITS.taxIdMax),
  defaultTaxRate: zTaxRateText,
});

/**
 * The business's tax data (docs/decisions.md §9.6): its tax id, which the
 * accountant's exports carry, and the rate of products without one of their
 * own. The owner changes them; the others read them.
 */
export function TaxCard({ business }: { business: TBusiness }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const initial = { taxId: business.taxId, defaultTaxRate: amountText(business.defaultTaxRate, i18n.language) };
  const form = useForm(ZTaxFields, initial);
  const update = useUpdateBusiness({
    onSuccess: () => toast.success(t('tax.saved')),
    onError(error) {
      const info = apiErrorInfo(error);
      if (info.issues.length) form.setIssues(info.issues);
      else toast.error(info.message || t('businesses.changeError'));
    },
  });
  if (business.role !== 'owner') {
    return (
      <Card title={t('tax.title')}>
        <Details>
          <dt>{t('tax.taxId')}</dt>
          <dd>{business.taxId || t('tax.none')}</dd>
          <dt>{t('tax.defaultRate')}</dt>
          <dd>{amountText(business.defaultTaxRate, i18n.language)} %</dd>
        </Details>
      </Card>
    );
  }
  const unchanged = form.values.taxId.trim() === initial.taxId && form.values.defaultTaxRate.trim() === initial.defaultTaxRate;
  return (
    <Card title={t('tax.title')}>
      <Form onSubmit={form.handleSubmit((values) => update.mutate({ taxId: values.taxId, defaultTaxRate: values.defaultTaxRate ?? 0 }))}>
        <TextField
          {...form.field('taxId')}
          label={t('tax.taxId')}
          hint={t('tax.taxIdHint')}
          maxLength={TAX_LIMITS.taxIdMax}
          autoComplete="off"
        />
        <TextField
          {...form.field('defaultTaxRate')}
          label={t('tax.defaultRate')}
          hint={t('tax.defaultRateHint')}
          inputMode="decimal"
          autoComplete="off"
        />
        <Button type="submit" variant="secondary" busy={update.isPending} disabled={unchanged}>
          {t('tax.save')}
        </Button>
      </Form>
    </Card>
  );
}
