import type { TReceiptLine } from '@reorder/schemas';
import { LIMITS, readTypedNumber } from '@reorder/schemas/limits';
import { formatAmount } from '@reorder/schemas/order-text';
import { readTypedQuantity, stepQuantity } from '@reorder/schemas/quantities';
import { CHECKED_OUTCOMES, type TCheckedOutcome } from '@reorder/schemas/receipt-outcomes';
import { useState } from 'react';
import { amountText } from '../../lib/amount.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { TextArea, TextField } from '../../ui/fields.tsx';
import { Stack } from '../../ui/layout.tsx';
import { Stepper } from '../../ui/ProductLine.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import type { LineInput } from './receipt-copy.ts';
import './receiving.css';

/** The most a price may be (the server's `zPrice`). */
const PRICE_MAX = 1_000_000;

/** A line as the sheet edits it: one of the receipt, or a product of the supplier that came extra. */
export type EditedLine = Pick<
  TReceiptLine,
  'productId' | 'name' | 'unit' | 'expected' | 'expectedPrice' | 'received' | 'outcome' | 'chargedPrice' | 'note'
>;

/**
 * A line that differs (docs/decisions.md §9.4): what arrived (decimal, the
 * product's step a tap of − or +), what happened (a chip each), the price
 * charged and a note. An extra line takes only "extra".
 */
export function LineSheet({
  line,
  step,
  onSave,
  onClose,
}: {
  line: EditedLine | undefined;
  step: number | null;
  onSave: (input: LineInput) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Sheet
      open={line !== undefined}
      title={line ? t('receiving.lineTitle', { name: line.name }) : ''}
      closeLabel={t('orders.closeSheet')}
      onClose={onClose}
    >
      {line ? <LineForm key={line.productId} line={line} step={step} onSave={onSave} /> : null}
    </Sheet>
  );
}

function LineForm({ line, step, onSave }: { line: EditedLine; step: number | null; onSave: (input: LineInput) => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as 'en' | 'es';
  const extra = line.expected === 0 && line.outcome === 'extra';
  const [received, setReceived] = useState(amountText(line.received ?? (extra ? (step ?? 1) : line.expected), language));
  const [outcome, setOutcome] = useState<TCheckedOutcome | undefined>(
    line.outcome === 'pending' || line.outcome === 'ok' ? undefined : line.outcome,
  );
  const [price, setPrice] = useState(amountText(line.chargedPrice ?? line.expectedPrice, language, 4));
  const [note, setNote] = useState(line.note);
  const [tried, setTried] = useState(false);

  const typed = readTypedQuantity(received, null);
  const quantity = 'quantity' in typed ? typed.quantity : undefined;
  const priceRead = price.trim() === '' ? null : readTypedNumber(price);
  const priceOk = priceRead === null || (priceRead !== undefined && priceRead >= 0 && priceRead <= PRICE_MAX);
  const reasons = extra ? (['extra'] as const) : CHECKED_OUTCOMES.filter((o) => o !== 'extra');
  const id = `received-${line.productId}`;

  const save = () => {
    setTried(true);
    if (quantity === undefined || !priceOk) return;
    const charged = priceRead === undefined ? null : priceRead === null ? null : Math.round(priceRead * 10_000) / 10_000;
    onSave({
      productId: line.productId,
      received: quantity,
      ...(extra ? { outcome: 'extra' } : outcome ? { outcome } : {}),
      chargedPrice: charged,
      note: note.trim(),
    });
  };

  return (
    <Stack>
      <div className={`field ${tried && quantity === undefined ? 'field--invalid' : ''}`}>
        <label className="field__label" htmlFor={id}>
          {t('receiving.receivedQuantity')} ({line.unit})
        </label>
        <Stepper
          id={id}
          value={received}
          label={t('receiving.receivedQuantity')}
          decreaseLabel={t('receiving.decrease', { name: line.name })}
          increaseLabel={t('receiving.increase', { name: line.name })}
          invalid={tried && quantity === undefined}
          onStep={(by) => setReceived(formatAmount(stepQuantity(quantity ?? 0, by, step), language))}
          onType={setReceived}
        />
        {tried && quantity === undefined ? (
          <p id={`${id}-error`} className="field__error" role="alert">
            {t('validation.quantityRange', { max: 99_999 })}
          </p>
        ) : null}
        {!extra ? (
          <p className="field__hint">{t('receiving.expected', { quantity: `${formatAmount(line.expected, language)} ${line.unit}` })}</p>
        ) : null}
      </div>
      <fieldset className="chips receiving-reasons">
        <legend className="field__label">{t('receiving.reason')}</legend>
        {reasons.map((reason) => (
          <button
            key={reason}
            type="button"
            className="chips__chip choice"
            aria-pressed={extra || outcome === reason || (outcome === undefined && reason === 'ok')}
            onClick={() => setOutcome(reason === 'ok' ? undefined : reason)}
          >
            {t(`receiving.outcomes.${reason}`)}
          </button>
        ))}
      </fieldset>
      <TextField
        id={`charged-${line.productId}`}
        name="chargedPrice"
        label={t('receiving.priceCharged')}
        inputMode="decimal"
        value={price}
        error={tried && !priceOk ? t('validation.price') : undefined}
        onChange={(event) => setPrice(event.target.value)}
      />
      <TextArea
        id={`note-${line.productId}`}
        name="note"
        max={LIMITS.messageMax}
        rows={2}
        label={t('receiving.note')}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <Button block onClick={save}>
        {t('receiving.save')}
      </Button>
    </Stack>
  );
}
