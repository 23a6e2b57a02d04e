import { useTranslation } from '../../app/i18n.ts';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { ButtonRow, Preformatted } from '../../ui/layout.tsx';
import type { useOrderImage } from './use-order-image.ts';

/** The order text as it is sent, or what to do while it is empty. */
export function OrderTextView({ text, testId }: { text: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Preformatted empty={!text} data-testid={testId}>
      {text || t('orders.emptyOrder')}
    </Preformatted>
  );
}

/** Copy text and Copy as image (the image is handed to the clipboard as a promise made inside the tap). */
export function OrderTextCopy({ text, image }: { text: string; image: ReturnType<typeof useOrderImage> }) {
  const { t } = useTranslation();
  return (
    <ButtonRow>
      <CopyButton label={t('orders.copyText')} disabled={!text} copy={() => navigator.clipboard.writeText(text)} />
      <CopyButton
        label={t('orders.copyImage')}
        variant="ghost"
        disabled={!text}
        copy={() => navigator.clipboard.write([new ClipboardItem({ 'image/png': image.blob() })])}
      />
    </ButtonRow>
  );
}
