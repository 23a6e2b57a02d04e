import { LIMITS } from '@reorder/schemas/limits';
import { formatAmount } from '@reorder/schemas/order-text';
import { parsePastedList, type TPastedProduct } from '@reorder/schemas/paste-list';
import { normalizeSearchText } from '@reorder/schemas/search';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { draftQuantity } from '../../features/orders/order-drafts.ts';
import { useSupplierOrder } from '../../features/orders/use-supplier-order.ts';
import { useBulkProducts, useUnitSuggestions } from '../../features/products/api.ts';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { useOnline } from '../../lib/online.ts';
import { useToast } from '../../lib/toast.tsx';
import { apiErrorInfo } from '../../lib/trpc.ts';
import { ActionBar } from '../../ui/ActionBar.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { TextArea } from '../../ui/fields.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Hint, StatusLine } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';
import '../../ui/PasteList.css';

/** A row of the preview as the owner may have changed it; keyed by the line it was read from. */
interface Edit {
  name?: string;
  unit?: string;
  quantity?: string;
  off?: boolean;
}

/** A row's quantity as typed ("2,5" is 2.5): blank is none (null); undefined when it is not a quantity. */
const readQuantity = (text: string): number | null | undefined => (text.trim() === '' ? null : draftQuantity({ text }));

/**
 * "Add several" (docs/decisions.md §8.3): the owner pastes the last order
 * they sent or a list from their notes; the preview (read on the device, so
 * it works offline) shows each product with its unit and quantity and whether
 * it is new or updates one of this supplier's; one tap adds them all.
 */
/** The editable cells of a preview row, in order: name, quantity, unit. */
const PASTE_FIELDS = [
  { key: 'name', label: 'products.name', max: LIMITS.nameMax },
  { key: 'quantity', label: 'paste.quantity', max: undefined },
  { key: 'unit', label: 'products.unit', max: LIMITS.unitMax },
] as const;

export default function ProductsPaste() {
  const { t } = useTranslation();
  const toast = useToast();
  const online = useOnline();
  const [, navigate] = useLocation();
  const { supplierId, order, ready, back } = useSupplierOrder();
  const units = useUnitSuggestions();
  const [text, setText] = useState('');
  const [edits, setEdits] = useState<Record<number, Edit>>({});
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const language = currentLanguage();
  const fallbackUnit = language === 'es' ? 'ud' : 'each';

  const parsed = useMemo(() => parsePastedList(text), [text]);
  const existing = useMemo(
    () => new Map((order.data?.products ?? []).map((product) => [normalizeSearchText(product.name), product])),
    [order.data],
  );
  const rows = parsed.products.map((product: TPastedProduct) => {
    const edit = edits[product.line] ?? {};
    const name = edit.name ?? product.name;
    const match = existing.get(normalizeSearchText(name));
    return {
      line: product.line,
      name,
      unit: edit.unit ?? product.unit ?? match?.unit ?? fallbackUnit,
      quantity: edit.quantity ?? (product.quantity === null ? '' : formatAmount(product.quantity, language)),
      on: !edit.off,
      match,
    };
  });
  const chosen = rows.filter((row) => row.on);
  const edit = (line: number, change: Edit) => setEdits((old) => ({ ...old, [line]: { ...old[line], ...change } }));

  const bulk = useBulkProducts(supplierId, {
    onSuccess(result) {
      toast.success(t('paste.added', { created: result.created, updated: result.updated }));
      navigate(back);
    },
    onError(error) {
      const errors: Record<number, string> = {};
      for (const issue of apiErrorInfo(error).issues) {
        const index = Number(/^products\.(\d+)\./.exec(issue.path)?.[1]);
        const row = chosen[index];
        if (row) errors[row.line] = issue.message;
      }
      setRowErrors(errors);
      toast.error(t('paste.error'));
    },
  });

  const add = () => {
    const errors: Record<number, string> = {};
    const seen = new Set<string>();
    const products = chosen.map((row) => {
      const quantity = readQuantity(row.quantity);
      const key = normalizeSearchText(row.name);
      if (!row.name.trim()) errors[row.line] = t('validation.required');
      else if (!row.unit.trim()) errors[row.line] = t('paste.unitRequired');
      else if (quantity === undefined) errors[row.line] = t('validation.invalid');
      else if (seen.has(key)) errors[row.line] = t('paste.twice');
      seen.add(key);
      return { name: row.name.trim(), unit: row.unit.trim(), ...(quantity === null || quantity === undefined ? {} : { quantity }) };
    });
    setRowErrors(errors);
    if (Object.keys(errors).length > 0) {
      toast.error(t('paste.error'));
      return;
    }
    if (order.data) bulk.mutate({ orderId: order.data.id, products });
  };

  return (
    <Screen route="orders.productsPaste" title={t('paste.title')} back={back}>
      {!ready ? (
        <Loading />
      ) : (
        <>
          <Card>
            <TextArea
              id="paste-text"
              name="text"
              label={t('paste.label')}
              hint={t('paste.hint')}
              value={text}
              max={50_000}
              rows={6}
              showCounter={false}
              placeholder={t('paste.placeholder')}
              onChange={(event) => {
                setText(event.target.value);
                setEdits({});
                setRowErrors({});
              }}
            />
          </Card>
          {rows.length > 0 ? (
            <Card label={t('paste.read', { count: rows.length })} size="sm">
              <StatusLine role="status">{t('paste.read', { count: rows.length })}</StatusLine>
              <datalist id="paste-units">
                {units.map((unit) => (
                  <option key={unit} value={unit} />
                ))}
              </datalist>
              <ul className="paste-rows">
                {rows.map((row) => (
                  <li
                    key={row.line}
                    className={`paste-row ${row.on ? '' : 'paste-row--off'} ${rowErrors[row.line] ? 'paste-row--invalid' : ''}`}
                  >
                    <input
                      type="checkbox"
                      className="paste-row__on"
                      checked={row.on}
                      aria-label={t('paste.include', { name: row.name })}
                      onChange={(event) => edit(row.line, { off: !event.target.checked })}
                    />
                    {PASTE_FIELDS.map((field) => (
                      <input
                        key={field.key}
                        className={`input paste-row__${field.key}`}
                        value={row[field.key]}
                        maxLength={field.max}
                        inputMode={field.key === 'quantity' ? 'decimal' : undefined}
                        list={field.key === 'unit' ? 'paste-units' : undefined}
                        aria-label={t(field.label)}
                        onChange={(event) => edit(row.line, { [field.key]: event.target.value })}
                      />
                    ))}
                    {/* New is the usual case: only a row that changes one of the supplier's products says so. */}
                    {row.match ? <span className="paste-row__fate">{t('paste.matches', { name: row.match.name })}</span> : null}
                    {rowErrors[row.line] ? (
                      <p className="paste-row__error" role="alert">
                        {rowErrors[row.line]}
                      </p>
                    ) : null}
                  </li>
                ))}
              </ul>
              {parsed.skipped.length > 0 ? (
                <details className="paste-skipped">
                  <summary>{t('paste.skipped')}</summary>
                  <ul>
                    {parsed.skipped.map((line) => (
                      <li key={line.line}>
                        “{line.text}” ({t(`paste.reasons.${line.reason}`)})
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
              {!online ? <Hint>{t('paste.needsConnection')}</Hint> : null}
            </Card>
          ) : null}
          {rows.length > 0 ? (
            <ActionBar
              label={t('paste.title')}
              summary={t('paste.summary', {
                count: chosen.length,
                fresh: chosen.filter((row) => !row.match).length,
                updates: chosen.filter((row) => row.match).length,
              })}
            >
              <Button busy={bulk.isPending} disabled={!online || chosen.length === 0} onClick={add}>
                {t('paste.add', { count: chosen.length })}
              </Button>
            </ActionBar>
          ) : null}
        </>
      )}
    </Screen>
  );
}
