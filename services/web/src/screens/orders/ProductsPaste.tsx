import { LIMITS } from '@reorder/schemas/limits';
import { formatAmount } from '@reorder/schemas/order-text';
import { lineAsName, parsePastedList, type TPasteSkipped } from '@reorder/schemas/paste-list';
import { productMatcher } from '@reorder/schemas/paste-match';
import { normalizeSearchText } from '@reorder/schemas/search';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { draftQuantity } from '../../features/orders/order-drafts.ts';
import { useSupplierOrder } from '../../features/orders/use-supplier-order.ts';
import { useBulkProducts, useUnitSuggestions } from '../../features/products/api.ts';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { useOnline } from '../../lib/online.ts';
import { apiErrorInfo } from '../../lib/trpc.ts';
import { ActionBar } from '../../ui/ActionBar.tsx';
import { Button, TextButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { TextArea } from '../../ui/fields.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Hint, StatusLine } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useToast } from '../../ui/toast.tsx';
import '../../ui/PasteList.css';

/** A row of the preview as the owner may have changed it; keyed by the line it was read from. */
interface Edit {
  name?: string;
  unit?: string;
  quantity?: string;
  off?: boolean;
  /** A name near one of the supplier's products, kept as a new product all the same. */
  asNew?: boolean;
}

/**
 * The text as the owner pasted it, cut to the limit at the end of a line (a
 * line cut in half would read as another product); `cut` says it was.
 */
function boundedText(text: string): { text: string; cut: boolean } {
  if (text.length <= LIMITS.pasteTextMax) return { text, cut: false };
  const kept = text.slice(0, LIMITS.pasteTextMax);
  const lastLine = kept.lastIndexOf('\n');
  return { text: lastLine > 0 ? kept.slice(0, lastLine) : kept, cut: true };
}

/** The text with line `line` (counted from 1, as the parser counts) written anew. */
function replaceLine(text: string, line: number, written: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  lines[line - 1] = written.replace(/\s+/g, ' ');
  return lines.join('\n');
}

/** A row's quantity as typed ("2,5" is 2.5): blank is none (null); undefined when it is not a quantity. */
const readQuantity = (text: string): number | null | undefined => (text.trim() === '' ? null : draftQuantity({ text }));

/** The editable cells of a preview row, in order: name, quantity, unit. */
const PASTE_FIELDS = [
  { key: 'name', label: 'products.name', max: LIMITS.nameMax },
  { key: 'quantity', label: 'paste.quantity', max: undefined },
  { key: 'unit', label: 'products.unit', max: LIMITS.unitMax },
] as const;

/**
 * "Add several" (docs/decisions.md §8.3, §9.2): the owner pastes the last
 * order they sent or a list from their notes; the preview (read on the
 * device, so it works offline) shows each product with its unit and quantity
 * and whether it is new or updates one of this supplier's (a name a letter
 * away or a plural included), and the lines not read beside the Add button,
 * each with a fix; one tap adds them all.
 */
export default function ProductsPaste() {
  const { t } = useTranslation();
  const toast = useToast();
  const online = useOnline();
  const [, navigate] = useLocation();
  const { supplierId, order, ready, back } = useSupplierOrder();
  const units = useUnitSuggestions();
  const [text, setText] = useState('');
  const [cut, setCut] = useState(false);
  const [edits, setEdits] = useState<Record<number, Edit>>({});
  /** Skipped lines the owner took as products without quantity, by line. */
  const [asNames, setAsNames] = useState<Record<number, string>>({});
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const language = currentLanguage();
  const fallbackUnit = language === 'es' ? 'ud' : 'each';

  const parsed = useMemo(() => parsePastedList(text), [text]);
  const matcher = useMemo(() => productMatcher(order.data?.products ?? []), [order.data]);
  const skipped = parsed.skipped.filter((line) => asNames[line.line] === undefined);
  const read = [
    ...parsed.products,
    ...parsed.skipped.flatMap((line) => {
      const name = asNames[line.line];
      return name === undefined ? [] : [{ line: line.line, name, unit: null, quantity: null }];
    }),
  ].sort((a, b) => a.line - b.line);
  const rows = read.map((product) => {
    const edit = edits[product.line] ?? {};
    const name = edit.name ?? product.name;
    const found = matcher(name);
    // A near name is offered as the supplier's product unless the owner said it is another one.
    const match = found && !(found.how === 'near' && edit.asNew) ? found.product : undefined;
    return {
      line: product.line,
      name,
      unit: edit.unit ?? product.unit ?? match?.unit ?? fallbackUnit,
      quantity: edit.quantity ?? (product.quantity === null ? '' : formatAmount(product.quantity, language)),
      on: !edit.off,
      match,
      near: found?.how === 'near' ? found.product : undefined,
    };
  });
  const chosen = rows.filter((row) => row.on);
  const edit = (line: number, change: Edit) => setEdits((old) => ({ ...old, [line]: { ...old[line], ...change } }));
  const changeText = (next: string) => {
    const bounded = boundedText(next);
    setText(bounded.text);
    setCut(bounded.cut);
    setEdits({});
    setAsNames({});
    setRowErrors({});
  };

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
    if (chosen.length > LIMITS.bulkRowsMax) {
      toast.error(t('paste.tooMany', { max: LIMITS.bulkRowsMax }));
      return;
    }
    const errors: Record<number, string> = {};
    const seen = new Set<string>();
    const products = chosen.map((row) => {
      const quantity = readQuantity(row.quantity);
      // A matched row goes under the product's own name, so the server updates it rather than adding a twin.
      const name = row.match?.name ?? row.name.trim();
      const key = normalizeSearchText(name);
      if (!name) errors[row.line] = t('validation.required');
      else if (!row.unit.trim()) errors[row.line] = t('paste.unitRequired');
      else if (quantity === undefined) errors[row.line] = t('validation.invalid');
      else if (seen.has(key)) errors[row.line] = t('paste.twice');
      seen.add(key);
      return { name, unit: row.unit.trim(), ...(quantity === null || quantity === undefined ? {} : { quantity }) };
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
              error={cut ? t('paste.tooLong', { max: LIMITS.pasteTextMax.toLocaleString(language) }) : undefined}
              value={text}
              max={LIMITS.pasteTextMax}
              rows={6}
              showCounter={false}
              placeholder={t('paste.placeholder')}
              onChange={(event) => changeText(event.target.value)}
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
                    <RowFate row={row} onAsNew={(asNew) => edit(row.line, { asNew })} />
                    {rowErrors[row.line] ? (
                      <p className="paste-row__error" role="alert">
                        {rowErrors[row.line]}
                      </p>
                    ) : null}
                  </li>
                ))}
              </ul>
              {!online ? <Hint>{t('paste.needsConnection')}</Hint> : null}
            </Card>
          ) : null}
          {rows.length > 0 || skipped.length > 0 ? (
            <ActionBar
              label={t('paste.title')}
              notice={
                skipped.length > 0 ? (
                  <SkippedLines
                    lines={skipped}
                    onAsName={(line, name) => setAsNames((old) => ({ ...old, [line]: name }))}
                    onRewrite={(line, written) => setText((old) => replaceLine(old, line, written))}
                  />
                ) : undefined
              }
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

/**
 * What a row does to the supplier's products: nothing said for a new one (the
 * usual case); "Updates Tomates pera" for one of theirs; and for a name only
 * near one of theirs, a tap to keep it as a new product, and one to undo that.
 */
function RowFate({
  row,
  onAsNew,
}: {
  row: { name: string; match: { name: string } | undefined; near: { name: string } | undefined };
  onAsNew: (asNew: boolean) => void;
}) {
  const { t } = useTranslation();
  if (row.match) {
    return (
      <span className="paste-row__fate">
        {t('paste.matches', { name: row.match.name })}
        {row.near ? (
          <>
            {' · '}
            <TextButton aria-label={t('paste.asNewFor', { name: row.name })} onClick={() => onAsNew(true)}>
              {t('paste.asNew')}
            </TextButton>
          </>
        ) : null}
      </span>
    );
  }
  if (!row.near) return null;
  return (
    <span className="paste-row__fate paste-row__fate--new">
      {t('paste.keptNew')}
      {' · '}
      <TextButton onClick={() => onAsNew(false)}>{t('paste.useExisting', { name: row.near.name })}</TextButton>
    </span>
  );
}

/**
 * The lines not read as products, beside the Add button so that none goes
 * unnoticed (docs/decisions.md §9.2), each with its fixes: take the line whole
 * as a product without quantity, or write it anew and have it read again.
 */
function SkippedLines({
  lines,
  onAsName,
  onRewrite,
}: {
  lines: TPasteSkipped[];
  onAsName: (line: number, name: string) => void;
  onRewrite: (line: number, written: string) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ line: number; text: string } | undefined>();
  const reread = () => {
    if (!editing) return;
    onRewrite(editing.line, editing.text);
    setEditing(undefined);
  };
  return (
    <section className="paste-skipped" aria-labelledby="paste-skipped-title">
      <p id="paste-skipped-title" className="paste-skipped__title">
        {t('paste.skipped', { count: lines.length })}
      </p>
      <ul className="paste-skipped__lines">
        {lines.map((line) => {
          const name = lineAsName(line.text);
          return (
            <li key={line.line} className="paste-skipped__line">
              {editing?.line === line.line ? (
                <form
                  className="paste-skipped__edit"
                  onSubmit={(event) => {
                    event.preventDefault();
                    reread();
                  }}
                >
                  <input
                    className="input"
                    value={editing.text}
                    aria-label={t('paste.lineLabel', { line: line.line })}
                    // biome-ignore lint/a11y/noAutofocus: the owner just tapped Edit on this line
                    autoFocus
                    onChange={(event) => setEditing({ line: line.line, text: event.target.value })}
                    onKeyDown={(event) => {
                      if (event.key === 'Escape') setEditing(undefined);
                    }}
                  />
                  <Button type="submit" small>
                    {t('paste.reread')}
                  </Button>
                </form>
              ) : (
                <>
                  <span className="paste-skipped__text">
                    “{line.text}” <span className="paste-skipped__why">({t(`paste.reasons.${line.reason}`)})</span>
                  </span>
                  <span className="paste-skipped__fixes">
                    {name ? (
                      <TextButton aria-label={t('paste.asNameFor', { name })} onClick={() => onAsName(line.line, name)}>
                        {t('paste.asName')}
                      </TextButton>
                    ) : null}
                    <TextButton
                      aria-label={t('paste.editLineFor', { text: line.text.slice(0, 60) })}
                      onClick={() => setEditing({ line: line.line, text: line.text })}
                    >
                      {t('paste.editLine')}
                    </TextButton>
                  </span>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
