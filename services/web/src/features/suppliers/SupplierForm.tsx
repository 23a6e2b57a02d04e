import { LIMITS, MESSAGE_SERVICES, TAX_LIMITS, type TCreateSupplierInput, ZSupplierFormInput } from '@reorder/schemas';
import { isInternationalNumber } from '@reorder/schemas/send-links';
import { useEffect, useState } from 'react';
import { zAmountText } from '../../forms/amount.ts';
import { useForm } from '../../forms/use-form.ts';
import { amountText } from '../../lib/amount.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { Button, TextButton } from '../../ui/Button.tsx';
import { CheckboxField, type Option, SelectField, TextArea, TextField } from '../../ui/fields.tsx';
import { Form, Hint } from '../../ui/layout.tsx';
import { useActiveBusiness } from '../businesses/api.ts';
import { EMPTY_SCHEDULE, ScheduleFields, type ScheduleValues } from './ScheduleFields.tsx';
import { ownerRegion, suggestInternationalNumber } from './whatsapp-number.ts';

/** The minimum order as typed: blank for none, else a price (docs/decisions.md §8.4). */
const ZMinimum = zAmountText('price', 'Must be a price', LIMITS.priceDecimals, (value) => value <= LIMITS.priceMax);

const ICONS: Record<string, string> = { whatsapp: '💬', telegram: '✈️', sms: '📱', email: '✉️', phone: '📞', other: '📎' };

export type SupplierFormValues = {
  name: string;
  contactName: string;
  messageService: string;
  contactInfo: string;
  note: string;
  /** docs/decisions.md §9.6: the supplier's tax id, for the accountant's exports. */
  taxId: string;
};

export const EMPTY_SUPPLIER: SupplierFormValues = {
  name: '',
  contactName: '',
  messageService: 'whatsapp',
  contactInfo: '',
  note: '',
  taxId: '',
};

/** The form's text fields of a supplier (the schedule has its own controls). */
function textValues(supplier: SupplierFormValues): SupplierFormValues {
  const { name, contactName, messageService, contactInfo, note, taxId } = supplier;
  return { name, contactName, messageService, contactInfo, note, taxId };
}

/** The supplier fields with the server's rules; the contact field follows "send via" (phone, email or free text). */
export function SupplierForm({
  initial,
  initialSchedule = EMPTY_SCHEDULE,
  initialAskConfirmation = true,
  initialMoney = { minimumOrder: null, showPrices: false },
  timeZone,
  submitLabel,
  busy,
  onSubmit,
}: {
  initial: SupplierFormValues;
  initialSchedule?: { deliveryDays: number[]; cutoffTime: string | null; leadDays: number };
  /** Whether sent orders end with the supplier's confirmation link (docs/decisions.md §6.4); on for a new supplier. */
  initialAskConfirmation?: boolean;
  /** The supplier's minimum order and whether the text shows prices (docs/decisions.md §8.4); none and off for a new supplier. */
  initialMoney?: { minimumOrder: number | null; showPrices: boolean };
  /** The owner's time zone, in which the cut-off is read. */
  timeZone: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: TCreateSupplierInput) => void;
}) {
  const { t, i18n } = useTranslation();
  const form = useForm(ZSupplierFormInput, textValues(initial));
  const [minimum, setMinimum] = useState(() => amountText(initialMoney.minimumOrder, i18n.language, LIMITS.priceDecimals));
  const [minimumError, setMinimumError] = useState<string | undefined>();
  const [showPrices, setShowPrices] = useState(initialMoney.showPrices);
  const currency = useActiveBusiness()?.currency ?? 'EUR';
  const [schedule, setSchedule] = useState<ScheduleValues>({ ...initialSchedule, cutoffTime: initialSchedule.cutoffTime ?? '' });
  const [askConfirmation, setAskConfirmation] = useState(initialAskConfirmation);
  const service = form.values.messageService;
  const contactInfo = form.values.contactInfo;
  // A WhatsApp number without its country code: offer it with the owner's country code, in one tap.
  const [suggestion, setSuggestion] = useState<{ for: string; number: string } | undefined>();
  useEffect(() => {
    if (service !== 'whatsapp' || !contactInfo.trim() || isInternationalNumber(contactInfo)) return;
    let current = true;
    suggestInternationalNumber(contactInfo, ownerRegion()).then(
      (number) => {
        if (current && number) setSuggestion({ for: contactInfo, number });
      },
      (error: unknown) => console.error('Phone number suggestion failed', error),
    );
    return () => {
      current = false;
    };
  }, [service, contactInfo]);
  const fix = service === 'whatsapp' && suggestion?.for === contactInfo ? suggestion.number : undefined;
  const options: Option[] = MESSAGE_SERVICES.map((value) => ({ value, label: t(`suppliers.services.${value}`), icon: ICONS[value] }));
  const contact =
    service === 'email'
      ? { label: t('suppliers.contactInfoEmail'), type: 'email' as const, inputMode: 'email' as const, autoComplete: 'email' }
      : service === 'other'
        ? { label: t('suppliers.contactInfoOther'), type: 'text' as const, inputMode: 'text' as const, autoComplete: 'off' }
        : { label: t('suppliers.contactInfoPhone'), type: 'tel' as const, inputMode: 'tel' as const, autoComplete: 'tel' };

  return (
    <Form
      onSubmit={(event) => {
        const minimumOrder = ZMinimum.safeParse(minimum);
        setMinimumError(minimumOrder.success ? undefined : t('validation.price'));
        if (!minimumOrder.success) {
          event.preventDefault();
          document.getElementById('supplier-minimum')?.focus();
          return;
        }
        return form.handleSubmit((values) =>
          onSubmit({
            ...values,
            deliveryDays: schedule.deliveryDays,
            cutoffTime: schedule.cutoffTime || null,
            leadDays: schedule.leadDays,
            askConfirmation,
            minimumOrder: minimumOrder.data,
            showPrices,
          }),
        )(event);
      }}
    >
      <Hint>{t('app.requiredHint')}</Hint>
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
        hint={
          fix ? (
            <TextButton onClick={() => form.field('contactInfo').onChange({ target: { value: fix } })}>
              {t('suppliers.addCountryCode', { number: fix })}
            </TextButton>
          ) : undefined
        }
      />
      <TextArea {...form.field('note')} label={t('suppliers.note')} max={LIMITS.messageMax} />
      <TextField
        {...form.field('taxId')}
        label={t('tax.taxId')}
        hint={t('tax.supplierTaxIdHint')}
        maxLength={TAX_LIMITS.taxIdMax}
        autoComplete="off"
      />
      <ScheduleFields value={schedule} onChange={setSchedule} timeZone={timeZone} />
      <CheckboxField
        id="supplier-ask-confirmation"
        label={t('suppliers.askConfirmation')}
        checked={askConfirmation}
        onChange={setAskConfirmation}
      />
      <Hint>{t('suppliers.askConfirmationHint')}</Hint>
      <TextField
        id="supplier-minimum"
        name="minimumOrder"
        label={t('suppliers.minimumOrder', { currency })}
        value={minimum}
        inputMode="decimal"
        autoComplete="off"
        error={minimumError}
        hint={t('suppliers.minimumOrderHint')}
        onChange={(event) => {
          setMinimum(event.target.value);
          setMinimumError(undefined);
        }}
      />
      <CheckboxField id="supplier-show-prices" label={t('suppliers.showPrices')} checked={showPrices} onChange={setShowPrices} />
      <Hint>{t('suppliers.showPricesHint')}</Hint>
      <Button type="submit" block busy={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}
