import { useTranslation } from '../../lib/i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { ButtonRow, Hint, Preformatted } from '../../ui/layout.tsx';
import type { useOrderImage } from './use-order-image.ts';
import type { useSendOrder } from './use-send-order.ts';

type SendOrder = ReturnType<typeof useSendOrder>;

/** The order text as it is sent, or what to do while it is empty. */
export function OrderTextView({ text, testId }: { text: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Preformatted empty={!text} data-testid={testId}>
      {text || t('orders.emptyOrder')}
    </Preformatted>
  );
}

/**
 * Copy text (what Send would open, its confirmation link included) and Copy
 * as image (handed to the clipboard as a promise made inside the tap). A text
 * copied to paste by hand is recorded once the owner taps "Mark as sent"
 * (docs/decisions.md §8.1).
 */
export function OrderTextCopy({
  sending,
  hasText,
  image,
}: {
  sending: Pick<SendOrder, 'copyText' | 'offeringMarkSent' | 'markSent'>;
  hasText: boolean;
  image: ReturnType<typeof useOrderImage>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ButtonRow>
        <CopyButton label={t('orders.copyText')} disabled={!hasText} copy={sending.copyText} />
        <CopyButton
          label={t('orders.copyImage')}
          variant="ghost"
          disabled={!hasText}
          copy={() => navigator.clipboard.write([new ClipboardItem({ 'image/png': image.blob() })])}
        />
      </ButtonRow>
      {sending.offeringMarkSent ? (
        <Hint data-testid="mark-sent">
          {t('orders.markSentHint')}{' '}
          <Button variant="secondary" small onClick={sending.markSent}>
            {t('orders.markSent')}
          </Button>
        </Hint>
      ) : null}
    </>
  );
}
