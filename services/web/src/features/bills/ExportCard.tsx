import { BILL_EXPORT_FORMATS, type TBillExportFormat } from '@reorder/schemas';
import { useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { CheckboxField, SelectField, TextField } from '../../ui/fields.tsx';
import { Hint, StatusLine } from '../../ui/layout.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useExportBills } from './api.ts';
import './bills.css';

/** A day as the date fields and the API write it, in the device's time. */
const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * The accountant's export (docs/decisions.md §9.6): a format (Xero, Holded,
 * Spain's register of received invoices) and a period, this month by
 * default; the approved bills in it download as a CSV and become exported.
 * Exported ones stay out unless asked for again (the server's `again`).
 */
export function ExportCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const exportBills = useExportBills();
  const today = new Date();
  const [format, setFormat] = useState<TBillExportFormat>('xero');
  const [range, setRange] = useState(() => ({
    from: isoDay(new Date(today.getFullYear(), today.getMonth(), 1)),
    to: isoDay(new Date(today.getFullYear(), today.getMonth() + 1, 0)),
  }));
  const [again, setAgain] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | undefined>();
  const backwards = range.from !== '' && range.to !== '' && range.from > range.to;
  return (
    <Card title={t('bills.export.title')}>
      <Hint>{t('bills.export.hint')}</Hint>
      <SelectField
        id="bills-export-format"
        name="format"
        label={t('bills.export.format')}
        value={format}
        options={BILL_EXPORT_FORMATS.map((value) => ({ value, label: t(`bills.export.formats.${value}`) }))}
        onChange={(event) => setFormat(event.target.value as TBillExportFormat)}
      />
      {format === 'xero' ? (
        <Link className="bills-link" href={href('profile.business')}>
          {t('bills.export.xeroSettings')}
        </Link>
      ) : null}
      <div className="bills-range">
        {(['from', 'to'] as const).map((end) => (
          <TextField
            key={end}
            id={`bills-export-${end}`}
            name={end}
            type="date"
            label={t(`bills.export.${end}`)}
            value={range[end]}
            error={end === 'to' && backwards ? t('bills.export.rangeBackwards') : undefined}
            onChange={(event) => setRange((r) => ({ ...r, [end]: event.target.value }))}
          />
        ))}
      </div>
      <CheckboxField id="bills-export-again" label={t('bills.export.again')} checked={again} onChange={setAgain} />
      <Hint>{t('bills.export.againHint')}</Hint>
      <Button
        variant="secondary"
        busy={busy}
        disabled={backwards}
        onClick={async () => {
          setBusy(true);
          setResult(undefined);
          try {
            const count = await exportBills({
              format,
              ...(range.from ? { from: range.from } : {}),
              ...(range.to ? { to: range.to } : {}),
              ...(again ? { again: true } : {}),
            });
            setResult(count === 0 ? t('bills.export.nothing') : t('bills.export.done', { count }));
          } catch {
            toast.error(t('bills.export.error'));
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('bills.export.download')}
      </Button>
      {result ? <StatusLine role="status">{result}</StatusLine> : null}
    </Card>
  );
}
