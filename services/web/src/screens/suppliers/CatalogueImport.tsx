import {
  CATALOGUE_COLUMNS,
  type TCatalogueColumn,
  type TCatalogueImportInput,
  type TCatalogueImportResult,
  type TCatalogueImportRow,
  type TCatalogueKeep,
} from '@reorder/schemas';
import { formatAmount, formatMoney } from '@reorder/schemas/order-text';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useActiveBusiness } from '../../features/businesses/api.ts';
import { useExportCatalogue, useImportCatalogue } from '../../features/catalogue/api.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useOnline } from '../../lib/online.ts';
import { href } from '../../lib/paths.ts';
import { apiErrorInfo } from '../../lib/trpc.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { CompactSelect } from '../../ui/fields.tsx';
import { Banner, ButtonRow, Hint, StatusLine } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useToast } from '../../ui/toast.tsx';
import '../../ui/ImportPreview.css';

type TFile = { csv: string; fileName: string };
type TChoices = { columns: Record<string, TCatalogueColumn | null>; keep: Record<string, TCatalogueKeep> };
const NO_CHOICES: TChoices = { columns: {}, keep: {} };

/**
 * The catalogue from a spreadsheet (docs/decisions.md §8.3, §9.2): choose a
 * CSV, see what each row does (the server reads it, writing nothing): every
 * value read, each change before → after, a price in conflict with a choice,
 * the columns and what each is read as, then import it all at once, or fix
 * the file when a row has an error. A choice asks the server for the preview
 * again, so what is shown is what the import writes.
 */
export default function CatalogueImport() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const online = useOnline();
  const [, navigate] = useLocation();
  const exportCatalogue = useExportCatalogue();
  const importCatalogue = useImportCatalogue();
  const [file, setFile] = useState<TFile | undefined>();
  const [choices, setChoices] = useState<TChoices>(NO_CHOICES);
  const [preview, setPreview] = useState<TCatalogueImportResult | undefined>();
  const [problem, setProblem] = useState<string | undefined>();

  const request = (read: TFile, chosen: TChoices, apply: boolean): TCatalogueImportInput => ({
    csv: read.csv,
    fileName: read.fileName,
    columns: chosen.columns,
    keep: chosen.keep,
    apply,
  });
  const showPreview = (read: TFile, chosen: TChoices) => {
    setProblem(undefined);
    importCatalogue.mutate(request(read, chosen, false), {
      onSuccess: setPreview,
      onError: (error) => {
        setPreview(undefined);
        setProblem(t('catalogue.readError', { message: apiErrorInfo(error).message }));
      },
    });
  };
  const read = async (chosenFile: File | undefined) => {
    setPreview(undefined);
    setProblem(undefined);
    setChoices(NO_CHOICES);
    if (!chosenFile) return;
    const next = { csv: await chosenFile.text(), fileName: chosenFile.name };
    setFile(next);
    showPreview(next, NO_CHOICES);
  };
  const choose = (next: TChoices) => {
    setChoices(next);
    if (file) showPreview(file, next);
  };
  const apply = () => {
    if (!file) return;
    importCatalogue.mutate(request(file, choices, true), {
      onSuccess(result) {
        toast.success(t('catalogue.applied', result.counts));
        navigate(href('suppliers'));
      },
      onError: (error) => toast.error(apiErrorInfo(error).message),
    });
  };
  const counts = preview?.counts;
  const changes = counts ? counts.newSuppliers + counts.newProducts + counts.updated + counts.conflicts : 0;
  const currency = useActiveBusiness()?.currency ?? 'EUR';
  const language = i18n.language === 'es' ? 'es' : 'en';
  const show = (field: TCatalogueColumn, value: string | number | null): string => {
    if (value === null || value === '') return '—';
    if (typeof value === 'string') return value;
    return field === 'price' ? formatMoney(value, currency, language) : formatAmount(value, language);
  };
  const fieldOptions = [
    { value: '', label: t('catalogue.ignoredColumn') },
    ...CATALOGUE_COLUMNS.map((field) => ({ value: field, label: t(`catalogue.fields.${field}`) })),
  ];

  return (
    <Screen route="suppliers.import" title={t('catalogue.title')} back={href('suppliers')}>
      <Card>
        <Hint>{t('catalogue.hint')}</Hint>
        <label className="catalogue-file">
          <span className="catalogue-file__label">{t('catalogue.file')}</span>
          <input type="file" accept=".csv,text/csv" disabled={!online} onChange={(event) => read(event.target.files?.[0])} />
        </label>
        <ButtonRow>
          <Button
            variant="ghost"
            small
            disabled={!online}
            onClick={() => exportCatalogue().catch(() => toast.error(t('catalogue.exportError')))}
          >
            {t('catalogue.export')}
          </Button>
        </ButtonRow>
        {importCatalogue.isPending && !preview ? <StatusLine role="status">{t('catalogue.reading')}</StatusLine> : null}
        {problem ? (
          <p className="field__error" role="alert">
            {problem}
          </p>
        ) : null}
      </Card>
      {preview && counts ? (
        <>
          <Card size="sm" label={t('catalogue.columnsTitle')}>
            <Hint>{t('catalogue.columnsHint')}</Hint>
            <ul className="catalogue-columns">
              {preview.columns.map((column) => (
                <li key={column.header} className={column.field ? undefined : 'catalogue-columns__ignored'}>
                  <span className="catalogue-columns__header">{column.header}</span>
                  <CompactSelect
                    label={t('catalogue.readAs', { header: column.header })}
                    value={column.field ?? ''}
                    options={fieldOptions}
                    disabled={!online || importCatalogue.isPending}
                    onChange={(value) =>
                      choose({ ...choices, columns: { ...choices.columns, [column.header]: (value || null) as TCatalogueColumn | null } })
                    }
                  />
                </li>
              ))}
            </ul>
          </Card>
          <Card size="sm" label={t('catalogue.title')}>
            <StatusLine role="status">{t('catalogue.summary', counts)}</StatusLine>
            <ol className="catalogue-rows" aria-label={t('catalogue.rowsLabel')}>
              {preview.rows.map((row) => (
                <PreviewRow
                  key={row.row}
                  row={row}
                  show={show}
                  disabled={!online || importCatalogue.isPending}
                  onKeep={(keep) => choose({ ...choices, keep: { ...choices.keep, [String(row.row)]: keep } })}
                />
              ))}
            </ol>
            {counts.errors > 0 ? (
              <Banner strong>{t('catalogue.hasErrors')}</Banner>
            ) : changes === 0 ? (
              <Banner>{t('catalogue.nothing')}</Banner>
            ) : (
              <Button block busy={importCatalogue.isPending} disabled={!online} onClick={apply}>
                {t('catalogue.apply')}
              </Button>
            )}
          </Card>
        </>
      ) : null}
    </Screen>
  );
}

/** One row of the file: its names and fate, every value it gives, each change before → after, a conflict's choice, its errors. */
function PreviewRow({
  row,
  show,
  disabled,
  onKeep,
}: {
  row: TCatalogueImportRow;
  show: (field: TCatalogueColumn, value: string | number | null) => string;
  disabled: boolean;
  onKeep: (keep: TCatalogueKeep) => void;
}) {
  const { t } = useTranslation();
  const values = CATALOGUE_COLUMNS.flatMap((field) => {
    const value = (row.values as Partial<Record<TCatalogueColumn, string | number>>)[field];
    return value === undefined ? [] : [`${t(`catalogue.fields.${field}`)}: ${show(field, value)}`];
  });
  const conflict = row.conflict;
  return (
    <li className={`catalogue-rows__row catalogue-rows__row--${row.fate.replace(' ', '-')}`}>
      <p className="catalogue-rows__title">
        <span className="catalogue-rows__number">
          {t('catalogue.row')} {row.row}
        </span>{' '}
        <span>{[row.supplier, row.product].filter(Boolean).join(' · ')}</span>{' '}
        <span className="catalogue-rows__fate">{t(`catalogue.fates.${row.fate}`)}</span>
      </p>
      {values.length > 0 ? <p className="catalogue-rows__values">{values.join(' · ')}</p> : null}
      {row.changes.length > 0 ? (
        <ul className="catalogue-rows__changes">
          {row.changes.map((change) => (
            <li key={change.field}>
              {t(`catalogue.fields.${change.field}`)}: <del>{show(change.field, change.before)}</del> →{' '}
              <ins>{show(change.field, change.after)}</ins>
            </li>
          ))}
        </ul>
      ) : null}
      {conflict ? (
        <fieldset className="catalogue-rows__conflict">
          <legend>{conflict.message}</legend>
          {(['current', 'file'] as const).map((keep) => (
            <label key={keep}>
              <input
                type="radio"
                name={`keep-${row.row}`}
                checked={conflict.keep === keep}
                disabled={disabled}
                onChange={() => onKeep(keep)}
              />{' '}
              {keep === 'current'
                ? t('catalogue.keepCurrent', { price: show('price', conflict.current) })
                : t('catalogue.takeFile', { price: show('price', conflict.file) })}
            </label>
          ))}
        </fieldset>
      ) : null}
      {row.issues.map((issue) => (
        <p key={issue.field} className="catalogue-rows__issue">
          {issue.message}
        </p>
      ))}
    </li>
  );
}
