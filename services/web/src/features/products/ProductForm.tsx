import { LIMITS, type TCreateProductInput, ZCreateProductInput } from '@reorder/schemas';
import { isValidQuantity } from '@reorder/schemas/limits';
import { formatQuantity } from '@reorder/schemas/order-text';
import { z } from 'zod';
import { apiErrorInfo } from '../../app/trpc.ts';
import { useForm } from '../../forms/use-form.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { Chips } from '../../ui/Chips.tsx';
import { TextField } from '../../ui/fields.tsx';
import { Form, Hint } from '../../ui/layout.tsx';

/** A par level as typed: blank is none (null), else a quantity ("2,5" is 2.5). */
const zParText = z
  .string()
  .trim()
  .transform((text, ctx) => {
    if (text === '') return null;
    const value = Number(text.replace(',', '.'));
    if (!/^\d+([.,]\d+)?$/.test(text) || !isValidQuantity(value)) {
      ctx.addIssue({ code: 'custom', message: 'Par must be a quantity', params: { rule: 'quantity' } });
      return z.NEVER;
    }
    return value;
  });

/** The product fields with the server's rules; the order comes from the route, not the form. */
const ZProductFields = ZCreateProductInput.omit({ orderId: true }).extend({ par: zParText });

export type ProductFormValues = { name: string; unit: string; par: string };

/** A stored par as the form shows it. */
export const parText = (par: number | null | undefined) => (par === null || par === undefined ? '' : formatQuantity(par));

/** A product form's state; the screen keeps it so it can show the server's per-field issues. */
export function useProductForm(initial: ProductFormValues) {
  return useForm(ZProductFields, initial);
}

/** Shows the server's per-field issues on their fields, worded in the user's language. */
export function showServerIssues(form: ReturnType<typeof useProductForm>, error: unknown, message: string) {
  form.setIssues(apiErrorInfo(error).issues, () => message);
}

/** The product fields: name and unit (for example Kg), both required. */
export function ProductForm({
  form,
  submitLabel,
  busy,
  units,
  onSubmit,
}: {
  form: ReturnType<typeof useProductForm>;
  submitLabel: string;
  busy: boolean;
  /** Units to pick with a tap (useUnitSuggestions): the business's own first. */
  units: readonly string[];
  onSubmit: (values: Omit<TCreateProductInput, 'orderId'>) => void;
}) {
  const { t } = useTranslation();
  return (
    <Form onSubmit={form.handleSubmit(onSubmit)}>
      <Hint>{t('app.requiredHint')}</Hint>
      <TextField {...form.field('name')} label={t('products.name')} maxLength={LIMITS.nameMax} autoComplete="off" required />
      <TextField
        {...form.field('unit')}
        label={t('products.unit')}
        placeholder={t('products.unitPlaceholder')}
        maxLength={LIMITS.unitMax}
        autoComplete="off"
        required
      />
      <Chips
        label={t('products.unitSuggestions')}
        options={units.slice(0, 9)}
        value={form.values.unit}
        onPick={(unit) => form.field('unit').onChange({ target: { value: unit } })}
      />
      <TextField {...form.field('par')} label={t('products.par')} hint={t('products.parHint')} inputMode="decimal" autoComplete="off" />
      <Button type="submit" block busy={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}
