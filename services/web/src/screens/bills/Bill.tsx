import { BILL_LIMITS, OPEN_BILL_STATUSES, type TBill } from '@reorder/schemas';
import { useCallback, useMemo, useState } from 'react';
import { useParams } from 'wouter';
import { useApproveBill, useBill, useBillsBack, useCheckedDeliveries, useUpdateBill } from '../../features/bills/api.ts';
import { BillFile } from '../../features/bills/BillFile.tsx';
import { BillLines } from '../../features/bills/BillLines.tsx';
import { BillMatch, BillTotals } from '../../features/bills/BillSummary.tsx';
import { blankLine, draftsOf, type LineDraft, type LineProblems, readLines } from '../../features/bills/lines.ts';
import { matchOfLines } from '../../features/bills/match.ts';
import { useActiveBusiness, useCan } from '../../features/businesses/api.ts';
import { useSupplier } from '../../features/suppliers/api.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { apiErrorInfo } from '../../lib/trpc.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { TextField } from '../../ui/fields.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Empty, Form, Hint, StatusLine } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useToast } from '../../ui/toast.tsx';
import '../../features/bills/bills.css';

/** A bill, its lines corrected to the paper invoice, its photo, its match and totals, and approving it (docs/decisions.md §9.6). */
export default function Bill() {
  const { t } = useTranslation();
  const id = Number(useParams<{ billId: string }>().billId);
  const bill = useBill(id);
  const back = useBillsBack();
  return (
    <Screen route="bills.bill" title={bill.data ? t('bills.billTitle', { number: bill.data.number }) : t('bills.title')} back={back}>
      {bill.isPending ? (
        <Loading />
      ) : !bill.data ? (
        <Card>
          <Empty role="status">{apiErrorInfo(bill.error).kind === 'NOT_FOUND' ? t('bills.notFound') : t('bills.error')}</Empty>
        </Card>
      ) : (
        <BillEditor key={bill.data.id} bill={bill.data} />
      )}
    </Screen>
  );
}

type HeaderField = 'number' | 'issuedOn' | 'dueOn';

function BillEditor({ bill }: { bill: TBill }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const supplier = useSupplier(bill.supplierId);
  const deliveries = useCheckedDeliveries();
  const defaultRate = useActiveBusiness()?.defaultTaxRate ?? 0;
  const canApprove = useCan('manager');
  const open = OPEN_BILL_STATUSES.includes(bill.status);
  const [header, setHeader] = useState({ number: bill.number, issuedOn: bill.issuedOn, dueOn: bill.dueOn ?? '' });
  const [drafts, setDrafts] = useState<LineDraft[]>(() => draftsOf(bill.lines, i18n.language));
  const [problems, setProblems] = useState<LineProblems[]>([]);
  const [headerErrors, setHeaderErrors] = useState<Partial<Record<HeaderField, string>>>({});
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  // Product names of the delivery the bill matches, for the match's lines the bill does not carry.
  const names = useMemo(() => {
    const map = new Map<number, string>();
    for (const receipt of deliveries.data ?? [])
      if (bill.sentOrderIds.includes(receipt.sentOrderId)) for (const line of receipt.lines) map.set(line.productId, line.name);
    return map;
  }, [deliveries.data, bill.sentOrderIds]);
  // Each line's flag as last saved, a product's by its id; lines of their own only while nothing has changed.
  const matches = matchOfLines({ lines: drafts, match: bill.match }).map((match, index) =>
    dirty && drafts[index]?.productId === null ? undefined : match,
  );

  const update = useUpdateBill({
    onSuccess(next) {
      toast.success(t('bills.saved'));
      setDrafts(draftsOf(next.lines, i18n.language));
      setHeader({ number: next.number, issuedOn: next.issuedOn, dueOn: next.dueOn ?? '' });
      setProblems([]);
      setDirty(false);
    },
    onError(error) {
      const info = apiErrorInfo(error);
      const byField: Partial<Record<HeaderField, string>> = {};
      for (const issue of info.issues)
        if (issue.path === 'number' || issue.path === 'issuedOn' || issue.path === 'dueOn') byField[issue.path] = issue.message;
      setHeaderErrors(byField);
      toast.error(info.issues.length ? t('bills.saveError') : info.message || t('bills.saveError'));
    },
  });
  const approve = useApproveBill({
    onSuccess: () => toast.success(t('bills.approved')),
    onError: (error) => toast.error(apiErrorInfo(error).message || t('bills.approveError')),
  });

  // The same functions for the editor's life: each memoized line re-renders only when its own props change.
  const change = useCallback((index: number, field: keyof LineProblems, value: string) => {
    setDrafts((old) => old.map((line, i) => (i === index ? { ...line, [field]: value } : line)));
    setProblems((old) => (old[index]?.[field] === undefined ? old : old.map((p, i) => (i === index ? { ...p, [field]: undefined } : p))));
    setDirty(true);
  }, []);
  const remove = useCallback((index: number) => {
    setDrafts((old) => old.filter((_, i) => i !== index));
    setProblems((old) => old.filter((_, i) => i !== index));
    setDirty(true);
  }, []);
  const save = () => {
    const errors: Partial<Record<HeaderField, string>> = {};
    if (!header.number.trim()) errors.number = t('validation.required');
    else if (header.number.trim().length > BILL_LIMITS.numberMax)
      errors.number = t('validation.maxLength', { count: BILL_LIMITS.numberMax });
    if (!header.issuedOn) errors.issuedOn = t('validation.required');
    if (header.dueOn && header.dueOn < header.issuedOn) errors.dueOn = t('bills.export.rangeBackwards');
    setHeaderErrors(errors);
    const read = readLines(drafts);
    if ('problems' in read) setProblems(read.problems);
    if (Object.keys(errors).length || 'problems' in read) {
      toast.error(t('bills.saveError'));
      return;
    }
    update.mutate({ id: bill.id, number: header.number.trim(), issuedOn: header.issuedOn, dueOn: header.dueOn || null, lines: read.lines });
  };
  const headerField = (name: HeaderField) => ({
    id: `bill-${name}`,
    name,
    value: header[name],
    error: headerErrors[name],
    onChange: (event: { target: { value: string } }) => {
      setHeader((old) => ({ ...old, [name]: event.target.value }));
      setHeaderErrors((old) => ({ ...old, [name]: undefined }));
      setDirty(true);
    },
  });

  return (
    <>
      <Card>
        <StatusLine>
          <span className={`bills-status bills-status--${bill.status}`}>{t(`bills.statuses.${bill.status}`)}</span>
          {supplier.data ? ` · ${supplier.data.name}` : ''}
        </StatusLine>
        {open ? null : <Hint>{t('bills.locked')}</Hint>}
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <fieldset className="bill-header" disabled={!open}>
            <legend className="visually-hidden">{t('bills.number')}</legend>
            <TextField {...headerField('number')} label={t('bills.number')} maxLength={BILL_LIMITS.numberMax} autoComplete="off" required />
            <div className="bills-range">
              <TextField {...headerField('issuedOn')} type="date" label={t('bills.issuedOn')} required />
              <TextField {...headerField('dueOn')} type="date" label={t('bills.dueOn')} />
            </div>
          </fieldset>
        </Form>
      </Card>
      <BillFile bill={bill} readOnly={!open} />
      <Card title={t('bills.lines')} className="bills-wide">
        <BillLines
          lines={drafts}
          matches={matches}
          problems={problems}
          currency={bill.currency}
          readOnly={!open}
          onChange={change}
          onRemove={remove}
        />
        {open ? (
          <>
            <Button
              variant="secondary"
              onClick={() => {
                setDrafts((old) => [...old, blankLine(defaultRate, i18n.language)]);
                setDirty(true);
              }}
            >
              {t('bills.addLine')}
            </Button>
            {dirty ? <StatusLine role="status">{t('bills.unsaved')}</StatusLine> : null}
            <Button block busy={update.isPending} disabled={!dirty} onClick={save}>
              {t('bills.save')}
            </Button>
          </>
        ) : null}
      </Card>
      <BillTotals bill={bill} />
      <BillMatch bill={bill} names={names} />
      {open && canApprove ? (
        <Card>
          <Hint>{t('bills.approveHint')}</Hint>
          <Button
            block
            busy={approve.isPending}
            disabled={dirty}
            onClick={() => (bill.status === 'mismatch' ? setAsking(true) : approve.mutate({ id: bill.id }))}
          >
            {t('bills.approve')}
          </Button>
          <ConfirmDialog
            open={asking}
            title={t('bills.approve')}
            confirmLabel={t('bills.approve')}
            cancelLabel={t('app.cancel')}
            onConfirm={() => {
              setAsking(false);
              approve.mutate({ id: bill.id });
            }}
            onCancel={() => setAsking(false)}
          >
            <p>{t('bills.approveMismatch')}</p>
          </ConfirmDialog>
        </Card>
      ) : null}
    </>
  );
}
