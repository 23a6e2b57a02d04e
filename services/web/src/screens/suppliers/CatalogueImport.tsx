import type { TCatalogueImportResult } from '@reorder/schemas';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useExportCatalogue, useImportCatalogue } from '../../features/catalogue/api.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useOnline } from '../../lib/online.ts';
import { href } from '../../lib/paths.ts';
import { useToast } from '../../lib/toast.tsx';
import { apiErrorInfo } from '../../lib/trpc.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Banner, ButtonRow, Hint, StatusLine } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';
import '../../ui/ImportPreview.css';

/**
 * The catalogue from a spreadsheet (docs/decisions.md §8.3): choose a CSV,
 * see what each row does (the server reads it, writing nothing), then import
 * it all at once, or fix the file when a row has an error.
 */
export default function CatalogueImport() {
  const { t } = useTranslation();
  const toast = useToast();
  const online = useOnline();
  const [, navigate] = useLocation();
  const exportCatalogue = useExportCatalogue();
  const importCatalogue = useImportCatalogue();
  const [csv, setCsv] = useState<string | undefined>();
  const [preview, setPreview] = useState<TCatalogueImportResult | undefined>();
  const [problem, setProblem] = useState<string | undefined>();

  const read = async (file: File | undefined) => {
    setPreview(undefined);
    setProblem(undefined);
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    importCatalogue.mutate(
      { csv: text, apply: false },
      {
        onSuccess: setPreview,
        onError: (error) => setProblem(t('catalogue.readError', { message: apiErrorInfo(error).message })),
      },
    );
  };
  const apply = () => {
    if (!csv) return;
    importCatalogue.mutate(
      { csv, apply: true },
      {
        onSuccess(result) {
          toast.success(t('catalogue.applied', result.counts));
          navigate(href('suppliers'));
        },
        onError: (error) => toast.error(apiErrorInfo(error).message),
      },
    );
  };
  const counts = preview?.counts;
  const changes = counts ? counts.newSuppliers + counts.newProducts + counts.updated : 0;

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
        <Card size="sm" label={t('catalogue.title')}>
          <StatusLine role="status">{t('catalogue.summary', counts)}</StatusLine>
          <div className="catalogue-preview">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('catalogue.row')}</th>
                  <th scope="col">{t('suppliers.name')}</th>
                  <th scope="col">{t('products.name')}</th>
                  <th scope="col">{t('catalogue.result')}</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => (
                  <tr key={row.row} className={`catalogue-preview__row--${row.fate.replace(' ', '-')}`}>
                    <td>{row.row}</td>
                    <td>{row.supplier}</td>
                    <td>{row.product}</td>
                    <td>
                      {t(`catalogue.fates.${row.fate}`)}
                      {row.issues.map((issue) => (
                        <span key={issue.field} className="catalogue-preview__issue">
                          {issue.field}: {issue.message}
                        </span>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
      ) : null}
    </Screen>
  );
}
