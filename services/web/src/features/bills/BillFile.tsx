import type { TBill } from '@reorder/schemas';
import { memo, useEffect, useId, useState } from 'react';
import { formatDateTime } from '../../lib/format-date.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { Card } from '../../ui/Card.tsx';
import { Hint, Spinner } from '../../ui/layout.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useBillFileAttached } from './api.ts';
import { downloadBillFile, FileRefused, fileProblem, uploadBillFile } from './file.ts';
import './bills.css';

/**
 * The invoice's photo or PDF (docs/decisions.md §9.6): on a phone the file
 * field opens the camera (`capture="environment"`); the file goes up raw
 * (`PUT /bills/{id}/file`) once it is a JPEG, PNG, WebP or PDF of at most
 * 5 MB, else the field says which limit it breaks. The attached photo shows
 * here; a PDF opens in its own tab.
 */
export const BillFile = memo(function BillFile({ bill, readOnly }: { bill: TBill; readOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const attached = useBillFileAttached();
  const inputId = useId();
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [url, setUrl] = useState<string | undefined>();
  const uploadedAt = bill.file?.uploadedAt;

  // The attached file, fetched with the member's token, shown from a blob: URL (the CSP's img-src allows blob:).
  useEffect(() => {
    if (!uploadedAt) return;
    let live = true;
    let made: string | undefined;
    downloadBillFile(bill.id).then(
      (blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      (error: unknown) => console.error('Could not load the bill file', error),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
      setUrl(undefined);
    };
  }, [bill.id, uploadedAt]);

  const attach = async (file: File) => {
    const wrong = fileProblem(file);
    if (wrong) {
      setProblem(
        wrong.kind === 'type'
          ? t('bills.wrongType')
          : t('bills.tooLarge', { size: wrong.megabytes.replace('.', i18n.language === 'es' ? ',' : '.') }),
      );
      return;
    }
    setProblem(undefined);
    setBusy(true);
    try {
      await uploadBillFile(bill.id, file);
      await attached(bill.id);
      toast.success(t('bills.attached'));
    } catch (error) {
      if (error instanceof FileRefused && (error.status === 413 || error.status === 415 || error.status === 400)) {
        setProblem(error.status === 413 ? t('bills.tooLarge', { size: '> 5' }) : t('bills.wrongType'));
      } else toast.error(t('bills.attachError'));
    } finally {
      setBusy(false);
    }
  };

  const pdf = bill.file?.contentType === 'application/pdf';
  return (
    <Card title={t('bills.file')}>
      {bill.file ? (
        <>
          <Hint>{`${t('bills.attached')} · ${formatDateTime(bill.file.uploadedAt, i18n.language)}`}</Hint>
          {url ? (
            pdf ? (
              <a className="button button--secondary" href={url} target="_blank" rel="noopener" download={`${bill.number}.pdf`}>
                {t('bills.openPdf')}
              </a>
            ) : (
              <a href={url} target="_blank" rel="noopener" className="bill-file__link" aria-label={t('bills.viewFile')}>
                <img className="bill-file__image" src={url} alt={t('bills.filePreview')} />
              </a>
            )
          ) : (
            <Spinner small />
          )}
        </>
      ) : (
        <Hint>{t('bills.noFile')}</Hint>
      )}
      {readOnly ? null : (
        <div className={`field ${problem ? 'field--invalid' : ''}`}>
          <input
            id={inputId}
            className="visually-hidden bill-file__input"
            type="file"
            accept="image/*,application/pdf"
            capture="environment"
            disabled={busy}
            aria-describedby={`${inputId}-hint${problem ? ` ${inputId}-error` : ''}`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void attach(file);
            }}
          />
          <label htmlFor={inputId} className={`button button--secondary bill-file__pick ${busy ? 'bill-file__pick--busy' : ''}`}>
            {busy ? <Spinner small /> : null}
            {bill.file ? t('bills.replace') : t('bills.attach')}
          </label>
          <p id={`${inputId}-hint`} className="field__hint">
            {t('bills.fileHint')}
          </p>
          {problem ? (
            <p id={`${inputId}-error`} className="field__error" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
      )}
    </Card>
  );
});
