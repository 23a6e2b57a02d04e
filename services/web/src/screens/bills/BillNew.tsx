import { BILL_LIMITS } from '@reorder/schemas';
import { useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useBillsBack, useCheckedDeliveries, useCreateBill } from '../../features/bills/api.ts';
import { useSuppliers } from '../../features/suppliers/api.ts';
import { formatDate } from '../../lib/format-date.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { apiErrorInfo } from '../../lib/trpc.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { SelectField, TextField } from '../../ui/fields.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Form, Hint } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useToast } from '../../ui/toast.tsx';

const BLANK = 'blank';
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

type Field = 'supplier' | 'number' | 'issuedOn' | 'dueOn';

/**
 * A new bill (docs/decisions.md §9.6): from a delivery checked (it starts as
 * the expected bill: what arrived × the price charged or confirmed) or blank
 * for a supplier; its number and days. Its lines are corrected on the bill's
 * screen, where the photo is attached. `?sentOrder=` picks a delivery.
 */
export default function BillNew() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const deliveries = useCheckedDeliveries();
  const back = useBillsBack();
  const suppliers = useSuppliers('');
  const names = useMemo(() => new Map((suppliers.data ?? []).map((s) => [s.id, s.name])), [suppliers.data]);
  const [delivery, setDelivery] = useState(() => search.get('sentOrder') ?? '');
  const [supplier, setSupplier] = useState('');
  const [number, setNumber] = useState('');
  const [issuedOn, setIssuedOn] = useState(today);
  const [dueOn, setDueOn] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useCreateBill({
    onSuccess(bill) {
      toast.success(t('bills.created'));
      navigate(href('bills.bill', { billId: bill.id }), { replace: true });
    },
    onError(error) {
      const info = apiErrorInfo(error);
      const byField: Partial<Record<Field, string>> = {};
      for (const issue of info.issues) {
        if (issue.path === 'number' || issue.path === 'issuedOn' || issue.path === 'dueOn') byField[issue.path] = issue.message;
      }
      setErrors(byField);
      if (!Object.keys(byField).length) toast.error(info.message || t('bills.createError'));
    },
  });

  if (deliveries.isPending || suppliers.isPending) {
    return (
      <Screen route="bills.new" title={t('bills.newTitle')} back={back}>
        <Loading />
      </Screen>
    );
  }
  const checked = deliveries.data ?? [];
  // The first delivery checked by default; blank when none is.
  const chosen = delivery || (checked[0] ? String(checked[0].sentOrderId) : BLANK);
  const receipt = checked.find((r) => String(r.sentOrderId) === chosen);
  const supplierId = receipt ? receipt.supplierId : Number(supplier || suppliers.data?.[0]?.id);

  const submit = () => {
    const problems: Partial<Record<Field, string>> = {};
    if (!number.trim()) problems.number = t('validation.required');
    else if (number.trim().length > BILL_LIMITS.numberMax) problems.number = t('validation.maxLength', { count: BILL_LIMITS.numberMax });
    if (!issuedOn) problems.issuedOn = t('validation.required');
    if (dueOn && issuedOn && dueOn < issuedOn) problems.dueOn = t('bills.export.rangeBackwards');
    if (!Number.isInteger(supplierId)) problems.supplier = t('validation.required');
    setErrors(problems);
    if (Object.keys(problems).length) return;
    create.mutate({
      supplierId,
      number: number.trim(),
      issuedOn,
      dueOn: dueOn || null,
      ...(receipt ? { sentOrderIds: [receipt.sentOrderId] } : {}),
    });
  };

  return (
    <Screen route="bills.new" title={t('bills.newTitle')} back={back}>
      <Card>
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <SelectField
            id="bill-delivery"
            name="delivery"
            label={t('bills.fromDelivery')}
            value={chosen}
            hint={checked.length ? t('bills.fromDeliveryHint') : t('bills.noDeliveries')}
            options={[
              ...checked.map((r) => ({
                value: String(r.sentOrderId),
                label: t('bills.deliveryOption', {
                  supplier: names.get(r.supplierId) ?? '',
                  date: formatDate(r.doneAt ?? r.startedAt, i18n.language),
                }),
              })),
              { value: BLANK, label: t('bills.blank') },
            ]}
            onChange={(event) => setDelivery(event.target.value)}
          />
          {receipt ? null : (
            <SelectField
              id="bill-supplier"
              name="supplier"
              label={t('bills.supplier')}
              value={String(supplierId)}
              error={errors.supplier}
              required
              options={(suppliers.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
              onChange={(event) => setSupplier(event.target.value)}
            />
          )}
          <TextField
            id="bill-number"
            name="number"
            label={t('bills.number')}
            value={number}
            error={errors.number}
            maxLength={BILL_LIMITS.numberMax}
            autoComplete="off"
            required
            onChange={(event) => setNumber(event.target.value)}
          />
          <TextField
            id="bill-issued"
            name="issuedOn"
            type="date"
            label={t('bills.issuedOn')}
            value={issuedOn}
            error={errors.issuedOn}
            required
            onChange={(event) => setIssuedOn(event.target.value)}
          />
          <TextField
            id="bill-due"
            name="dueOn"
            type="date"
            label={t('bills.dueOn')}
            hint={t('bills.dueOnHint')}
            value={dueOn}
            error={errors.dueOn}
            onChange={(event) => setDueOn(event.target.value)}
          />
          <Hint>{t('app.requiredHint')}</Hint>
          <Button type="submit" block busy={create.isPending}>
            {t('bills.create')}
          </Button>
        </Form>
      </Card>
    </Screen>
  );
}
