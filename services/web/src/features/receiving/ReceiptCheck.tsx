import type { TReceipt, TReceiptLine, TSentOrder } from '@reorder/schemas';
import { RECEIPT_REOPEN_DAYS } from '@reorder/schemas/receipt-outcomes';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useOnline } from '../../lib/online.ts';
import { useSession } from '../../lib/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { SelectField } from '../../ui/fields.tsx';
import { Hint, Stack, StatusLine } from '../../ui/layout.tsx';
import { ClaimCard } from '../claims/ClaimCard.tsx';
import type { OrderProduct } from '../orders/order-drafts.ts';
import { missingLines } from '../orders/receipt-copy.ts';
import { receivedTime } from '../orders/received-time.ts';
import { type EditedLine, LineSheet } from './LineSheet.tsx';
import { ReceiptLines } from './ReceiptLines.tsx';
import { useReceiving } from './use-receiving.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The check-in itself: the lines as they should arrive, "All good" (every
 * pending line as expected, and closed: the second tap from the orders list),
 * "Differs" on a line, something extra, "Close the check"; once closed,
 * "Bring next time" for what was missing and "Reopen" for 7 days.
 */
export function ReceiptCheck({
  sent,
  receipt,
  products,
  currency,
  sentOn,
}: {
  sent: TSentOrder;
  receipt: TReceipt | undefined;
  products: readonly OrderProduct[];
  currency: string;
  sentOn: string;
}) {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const timeZone = useSession()?.user.timeZone;
  const receiving = useReceiving(sent, receipt);
  const [editing, setEditing] = useState<EditedLine | undefined>();
  const [brought, setBrought] = useState(false);
  const started = useRef(false);
  // One function for the screen's life: the memoized lines do not re-render when a sheet opens or closes.
  const edit = useCallback((line: TReceiptLine) => setEditing(line), []);
  // Opening the delivery starts its check: queued first, so every later tap finds the receipt, offline too.
  useEffect(() => {
    if (receipt || started.current) return;
    started.current = true;
    receiving.start();
  }, [receipt, receiving]);

  if (!receipt) return null;
  const checking = receipt.status === 'checking';
  const pending = receipt.lines.filter((line) => line.outcome === 'pending').length;
  const stepOf = (productId: number) => products.find((p) => p.productId === productId)?.step ?? null;
  const missing = missingLines(receipt);
  const canReopen = receipt.doneAt !== null && Date.parse(receipt.doneAt) + RECEIPT_REOPEN_DAYS * DAY_MS > Date.now();
  const onReceipt = new Set(receipt.lines.map((line) => line.productId));
  const extras = products.filter((p) => !onReceipt.has(p.productId));
  const when = receipt.doneAt ? receivedTime(receipt.doneAt, timeZone, i18n.language) : undefined;
  const time = when ? (when.today ? t('receiving.today', { time: when.text }) : when.text) : '';

  const pickExtra = (value: string) => {
    const product = products.find((p) => String(p.productId) === value);
    if (!product) return;
    setEditing({
      productId: product.productId,
      name: product.name,
      unit: product.unit,
      expected: 0,
      expectedPrice: product.price,
      received: null,
      outcome: 'extra',
      chargedPrice: null,
      note: '',
    });
  };
  const save = (input: Parameters<typeof receiving.line>[0]) => {
    const product = products.find((p) => p.productId === input.productId);
    receiving.line(
      input,
      onReceipt.has(input.productId) || !product ? undefined : { name: product.name, unit: product.unit, price: product.price },
    );
    setEditing(undefined);
  };

  return (
    <Stack>
      <Card>
        <StatusLine>{t('receiving.sentOn', { date: sentOn })}</StatusLine>
        <StatusLine data-testid="receipt-status">
          {checking
            ? t('receiving.checking')
            : receipt.receivedBy
              ? t('receiving.doneBy', { name: receipt.receivedBy.fullName, time })
              : t('receiving.doneAt', { time })}
        </StatusLine>
        {!online ? <Hint>{t('receiving.savedHere')}</Hint> : null}
        <ReceiptLines receipt={receipt} currency={currency} onEdit={checking ? edit : undefined} />
      </Card>
      {checking ? (
        <Card>
          <Stack>
            <Hint>{t('receiving.allGoodHint')}</Hint>
            <Button block onClick={receiving.allGood}>
              {t('receiving.allGood')}
            </Button>
            <Button
              block
              variant="secondary"
              disabled={pending > 0}
              onClick={receiving.done}
              aria-describedby={pending > 0 ? 'receipt-close-hint' : undefined}
            >
              {t('receiving.close')}
            </Button>
            {pending > 0 ? <Hint id="receipt-close-hint">{t('receiving.closeHint', { count: pending })}</Hint> : null}
            {extras.length > 0 ? (
              <SelectField
                id="receipt-extra"
                name="extra"
                label={t('receiving.extra')}
                value=""
                options={[
                  { value: '', label: t('receiving.extraPick') },
                  ...extras.map((p) => ({ value: String(p.productId), label: p.name })),
                ]}
                onChange={(event) => pickExtra(event.target.value)}
              />
            ) : null}
          </Stack>
        </Card>
      ) : (
        <Card>
          <Stack>
            {missing.length > 0 ? (
              <>
                <Hint>{t('receiving.bringHint')}</Hint>
                <Button
                  block
                  disabled={brought}
                  onClick={() => {
                    receiving.bringNextTime();
                    setBrought(true);
                  }}
                >
                  {brought ? t('receiving.brought') : t('receiving.bring')}
                </Button>
              </>
            ) : null}
            {canReopen ? (
              <>
                <Button block variant="secondary" onClick={receiving.reopen}>
                  {t('receiving.reopen')}
                </Button>
                <Hint>{t('receiving.reopenHint', { days: RECEIPT_REOPEN_DAYS })}</Hint>
              </>
            ) : null}
          </Stack>
        </Card>
      )}
      {/* The claim of what differs (owners, managers): once the server has the closed receipt (docs/decisions.md §9.4). */}
      {!checking && online && receipt.id > 0 ? <ClaimCard receipt={receipt} /> : null}
      <LineSheet line={editing} step={editing ? stepOf(editing.productId) : null} onSave={save} onClose={() => setEditing(undefined)} />
    </Stack>
  );
}
