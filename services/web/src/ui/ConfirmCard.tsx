import { useTranslation } from '../lib/i18n.ts';
import { Button, LinkButton } from './Button.tsx';
import { Card } from './Card.tsx';

/** A confirmation for something that cannot be undone: the question, a danger button and a way back. */
export function ConfirmCard({
  text,
  confirmLabel,
  cancelHref,
  busy,
  onConfirm,
}: {
  text: string;
  confirmLabel: string;
  cancelHref: string;
  busy: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card size="lg">
      <p>{text}</p>
      <div className="button-row">
        <LinkButton href={cancelHref} variant="ghost">
          {t('app.cancel')}
        </LinkButton>
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Card>
  );
}
