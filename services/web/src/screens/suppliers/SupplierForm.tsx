import { LIMITS, MESSAGE_SERVICES, type TCreateSupplierInput, ZCreateSupplierInput } from '@reorder/schemas';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../forms/use-form.ts';
import { Button } from '../../ui/Button.tsx';
import { type Option, SelectField, TextArea, TextField } from '../../ui/fields.tsx';

const ICONS: Record<string, string> = { whatsapp: '💬', telegram: '✈️', sms: '📱', email: '✉️', phone: '📞', other: '📎' };

export type SupplierFormValues = { name: string; contactName: string; messageService: string; contactInfo: string; note: string };

export const EMPTY_SUPPLIER: SupplierFormValues = { name: '', contactName: '', messageService: 'whatsapp', contactInfo: '', note: '' };

/** The supplier fields with the server's rules; the contact field follows "send via" (phone, email or free text). */
export function SupplierForm({
  initial,
  submitLabel,
  busy,
  onSubmit,
}: {
  initial: SupplierFormValues;
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: TCreateSupplierInput) => void;
}) {
  const { t } = useTranslation();
  const form = useForm(ZCreateSupplierInput, initial);
  const service = form.values.messageService;
  const options: Option[] = MESSAGE_SERVICES.map((value) => ({ value, label: t(`suppliers.services.${value}`), icon: ICONS[value] }));
  const contact =
    service === 'email'
      ? { label: t('suppliers.contactInfoEmail'), type: 'email' as const, inputMode: 'email' as const, autoComplete: 'email' }
      : service === 'other'
        ? { label: t('suppliers.contactInfoOther'), type: 'text' as const, inputMode: 'text' as const, autoComplete: 'off' }
        : { label: t('suppliers.contactInfoPhone'), type: 'tel' as const, inputMode: 'tel' as const, autoComplete: 'tel' };

  return (
    <form className="form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <p className="form__hint">{t('app.requiredHint')}</p>
      <TextField {...form.field('name')} label={t('suppliers.name')} maxLength={LIMITS.nameMax} autoComplete="organization" required />
      <TextField {...form.field('contactName')} label={t('suppliers.contactName')} maxLength={LIMITS.nameMax} autoComplete="name" />
      <SelectField {...form.field('messageService')} label={t('suppliers.messageService')} options={options} required />
      <TextField
        {...form.field('contactInfo')}
        label={contact.label}
        type={contact.type}
        inputMode={contact.inputMode}
        autoComplete={contact.autoComplete}
        maxLength={LIMITS.contactInfoMax}
        required={service !== 'other'}
      />
      <TextArea {...form.field('note')} label={t('suppliers.note')} max={LIMITS.messageMax} />
      <Button type="submit" block busy={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
