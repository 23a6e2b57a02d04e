import { LIMITS, type TCreateProductInput, type TProduct, ZCreateProductInput } from '@reorder/schemas';
import { isValidQuantity } from '@reorder/schemas/limits';
import { z } from 'zod';
import { zAmountText, zTaxRateText } from '../../forms/amount.ts';
import { useForm } from '../../forms/use-form.ts';
import { amountText } from '../../lib/amount.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { apiErrorInfo } from '../../lib/trpc.ts';
import { Button } from '../../ui/Button.tsx';
import { Chips } from '../../ui/Chips.tsx';
import { TextArea, TextField } from '../../ui/fields.tsx';
import { Form, Hint } from '../../ui/layout.tsx';
import { useActiveBusiness } from '../businesses/api.ts';

/** The product fields with the server's rules; the order comes from the route, not the form. */
const ZProductFields = ZCreateProductInput.omit({ orderId: true }).extend({
  par: zAmountText('quantity', 'Par must be a quantity', LIMITS.quantityDecimals, isValidQuantity),
  price: zAmountText('price', 'Must be a price', LIMITS.priceDecimals, (value) => value <= LIMITS.priceMax),
  step: zAmountText('step', 'Must be a step', LIMITS.quantityDecimals, (value) => value > 0 && value <= LIMITS.quantityMax),
  note: z.string().max(LIMITS.productNoteMax),
  // docs/decisions.md §9.6: blank is the business's default rate (null).
  taxRate: zTaxRateText,
});

export type ProductFormValues = { name: string; unit: string; par: string; price: string; step: string; note: string; taxRate: string };

/** An empty product form. */
export const EMPTY_PRODUCT: ProductFormValues = { name: '', unit: '', par: '', price: '', step: '', note: '', taxRate: '' };

/** A stored product as its form starts, its amounts with the language's decimal mark. */
export function productFormValues(product: TProduct | undefined, language: 'en' | 'es'): ProductFormValues {
  if (!product) return EMPTY_PRODUCT;
  return {
    name: product.name,
    unit: product.unit,
    par: amountText(product.par, language),
    price: amountText(product.price, language, LIMITS.priceDecimals),
    step: amountText(product.step, language),
    note: product.note,
    taxRate: amountText(product.taxRate, language),
  };
}

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
  const { t, i18n } = useTranslation();
  const defaultRate = useActiveBusiness()?.defaultTaxRate ?? 0;
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
      <TextField
        {...form.field('price')}
        label={t('products.price')}
        hint={t('products.priceHint')}
        inputMode="decimal"
        autoComplete="off"
      />
      <TextField {...form.field('step')} label={t('products.step')} hint={t('products.stepHint')} inputMode="decimal" autoComplete="off" />
      <TextField
        {...form.field('taxRate')}
        label={t('tax.productRate')}
        hint={t('tax.productRateHint', { rate: amountText(defaultRate, i18n.language) })}
        inputMode="decimal"
        autoComplete="off"
      />
      <TextArea {...form.field('note')} label={t('products.note')} hint={t('products.noteHint')} max={LIMITS.productNoteMax} rows={2} />
      <Button type="submit" block busy={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}
