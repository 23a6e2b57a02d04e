import { defaultXeroTaxType, type TAccountingSettings, type TBusiness, XERO_ACCOUNT_CODE_DEFAULT, XERO_LIMITS } from '@reorder/schemas';
import { readTypedNumber } from '@reorder/schemas/limits';
import { Fragment, useState } from 'react';
import { zTaxRateText } from '../../forms/amount.ts';
import { amountText } from '../../lib/amount.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { apiErrorInfo } from '../../lib/trpc.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { TextField } from '../../ui/fields.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Details, Form, Hint } from '../../ui/layout.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useAccountingSettings, useUpdateAccountingSettings } from './api.ts';
import './bills.css';

/** The fields a server's issue may name: the code, or a row's rate or name. */
const FIELD_PATH = /^(xeroAccountCode|xeroTaxTypes\.\d+\.(rate|taxType))$/;

/** A tax type row as typed: the rate with a decimal comma or point, and Xero's name for it. */
interface Row {
  key: number;
  rate: string;
  taxType: string;
}

type Errors = Record<string, string>;

/**
 * What the Xero export writes of the business (docs/decisions.md §9.6,
 * `GET/PUT /business/accounting`): the account code of the bill lines
 * ("300", Purchases, until set) and, per tax rate, the name of that rate in
 * Xero; a rate without one is written as Xero's own "21% (VAT on Expenses)"
 * or "Zero Rated Expenses". The owner changes them, a manager reads them,
 * and staff, who do not export bills, do not see them.
 */
export function XeroCard({ business }: { business: TBusiness }) {
  const { t } = useTranslation();
  const settings = useAccountingSettings();
  if (business.role === 'staff') return null;
  return (
    <Card title={t('xero.title')}>
      <Hint>{t('xero.hint')}</Hint>
      {settings.data ? (
        business.role === 'owner' ? (
          // What the server holds starts the form again when it changes (the offline copy answers first, the server after).
          <XeroForm key={JSON.stringify(settings.data)} settings={settings.data} defaultRate={business.defaultTaxRate} />
        ) : (
          <XeroDetails settings={settings.data} />
        )
      ) : settings.isError ? (
        <Hint role="alert">{t('xero.loadError')}</Hint>
      ) : (
        <Loading />
      )}
    </Card>
  );
}

function XeroDetails({ settings }: { settings: TAccountingSettings }) {
  const { t, i18n } = useTranslation();
  return (
    <Details>
      <dt>{t('xero.accountCode')}</dt>
      <dd>{settings.xeroAccountCode}</dd>
      {settings.xeroTaxTypes.map((item) => (
        <Fragment key={item.rate}>
          <dt>{t('xero.rateLabel', { rate: amountText(item.rate, i18n.language) })}</dt>
          <dd>{item.taxType}</dd>
        </Fragment>
      ))}
    </Details>
  );
}

function XeroForm({ settings, defaultRate }: { settings: TAccountingSettings; defaultRate: number }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const language = i18n.language;
  const rowsOf = (saved: TAccountingSettings) =>
    saved.xeroTaxTypes.map((item, key) => ({ key, rate: amountText(item.rate, language), taxType: item.taxType }));
  const [accountCode, setAccountCode] = useState(settings.xeroAccountCode);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(settings));
  const [nextKey, setNextKey] = useState(settings.xeroTaxTypes.length);
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdateAccountingSettings({
    onSuccess(saved) {
      setAccountCode(saved.xeroAccountCode);
      setRows(rowsOf(saved));
      setNextKey(saved.xeroTaxTypes.length);
      toast.success(t('xero.saved'));
    },
    onError(error) {
      const info = apiErrorInfo(error);
      // A field's words go under it; anything else (the list as a whole) is said in a toast.
      const onFields = info.issues.filter((issue) => FIELD_PATH.test(issue.path));
      if (onFields.length) setErrors(Object.fromEntries(onFields.map((issue) => [issue.path, issue.message])));
      if (onFields.length < info.issues.length || !info.issues.length) toast.error(info.message || t('xero.saveError'));
    },
  });

  /** The rows as the API takes them, or the words for each field that is not right. */
  const read = (): { ok: true; taxTypes: { rate: number; taxType: string }[] } | { ok: false; errors: Errors } => {
    const found: Errors = {};
    const code = accountCode.trim();
    if (code === '' || code.length > XERO_LIMITS.accountCodeMax) found.xeroAccountCode = t('xero.accountCodeInvalid');
    const seen = new Set<number>();
    const taxTypes = rows.map((row, index) => {
      // The rule of every tax rate field; here a blank one is not a rate either.
      const parsed = zTaxRateText.safeParse(row.rate);
      const rate = parsed.success ? parsed.data : null;
      if (rate === null) found[`xeroTaxTypes.${index}.rate`] = t('tax.rateInvalid');
      else if (seen.has(Math.round(rate * 100))) found[`xeroTaxTypes.${index}.rate`] = t('xero.rateTwice');
      else seen.add(Math.round(rate * 100));
      const taxType = row.taxType.trim();
      if (taxType === '' || taxType.length > XERO_LIMITS.taxTypeMax) found[`xeroTaxTypes.${index}.taxType`] = t('xero.taxTypeInvalid');
      return { rate: rate ?? 0, taxType };
    });
    return Object.keys(found).length ? { ok: false, errors: found } : { ok: true, taxTypes };
  };

  const change = (key: number, field: 'rate' | 'taxType', value: string) => {
    setRows((all) => all.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
    setErrors({});
  };
  const saved = rowsOf(settings);
  const unchanged =
    accountCode.trim() === settings.xeroAccountCode &&
    rows.length === saved.length &&
    rows.every((row, i) => row.rate.trim() === saved[i]?.rate && row.taxType.trim() === saved[i]?.taxType);

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        const typed = read();
        if (!typed.ok) {
          setErrors(typed.errors);
          return;
        }
        update.mutate({ xeroAccountCode: accountCode.trim(), xeroTaxTypes: typed.taxTypes });
      }}
    >
      <TextField
        id="xero-account-code"
        name="xeroAccountCode"
        label={t('xero.accountCode')}
        hint={t('xero.accountCodeHint', { code: XERO_ACCOUNT_CODE_DEFAULT })}
        value={accountCode}
        error={errors.xeroAccountCode}
        maxLength={XERO_LIMITS.accountCodeMax}
        autoComplete="off"
        onChange={(event) => {
          setAccountCode(event.target.value);
          setErrors({});
        }}
      />
      <fieldset className="xero-rates">
        <legend className="field__label">{t('xero.taxTypes')}</legend>
        <Hint>{t('xero.taxTypesHint', { example: defaultXeroTaxType(defaultRate), zero: defaultXeroTaxType(0) })}</Hint>
        {rows.map((row, index) => {
          const rate = readTypedNumber(row.rate.trim());
          return (
            <div key={row.key} className="xero-rates__row">
              <TextField
                id={`xero-rate-${row.key}`}
                name={`xeroTaxTypes.${index}.rate`}
                label={t('xero.rate')}
                value={row.rate}
                error={errors[`xeroTaxTypes.${index}.rate`]}
                inputMode="decimal"
                autoComplete="off"
                onChange={(event) => change(row.key, 'rate', event.target.value)}
              />
              <TextField
                id={`xero-tax-type-${row.key}`}
                name={`xeroTaxTypes.${index}.taxType`}
                label={t('xero.taxType')}
                value={row.taxType}
                error={errors[`xeroTaxTypes.${index}.taxType`]}
                placeholder={rate === undefined ? undefined : defaultXeroTaxType(rate)}
                maxLength={XERO_LIMITS.taxTypeMax}
                autoComplete="off"
                onChange={(event) => change(row.key, 'taxType', event.target.value)}
              />
              <Button
                variant="ghost"
                small
                aria-label={t('xero.removeRate', { rate: row.rate.trim() || '…' })}
                onClick={() => {
                  setRows((all) => all.filter((other) => other.key !== row.key));
                  setErrors({});
                }}
              >
                {t('xero.remove')}
              </Button>
            </div>
          );
        })}
        {rows.length < XERO_LIMITS.taxTypes ? (
          <Button
            variant="secondary"
            small
            onClick={() => {
              const used = new Set(rows.map((row) => readTypedNumber(row.rate.trim())));
              const rate = used.has(defaultRate) ? '' : amountText(defaultRate, language);
              setRows((all) => [...all, { key: nextKey, rate, taxType: '' }]);
              setNextKey(nextKey + 1);
            }}
          >
            {t('xero.addRate')}
          </Button>
        ) : null}
      </fieldset>
      <Button type="submit" variant="secondary" busy={update.isPending} disabled={unchanged}>
        {t('xero.save')}
      </Button>
    </Form>
  );
}
