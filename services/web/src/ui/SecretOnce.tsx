import { useTranslation } from '../lib/i18n.ts';
import { Button } from './Button.tsx';
import { CopyButton } from './CopyButton.tsx';
import { CodeField } from './fields.tsx';
import { Banner, ButtonRow } from './layout.tsx';

/** What a secret shown once says: why to copy it now, the field's label, and the copy button's. */
interface SecretOnceTexts {
  message: string;
  label: string;
  copy: string;
}

/**
 * A secret the server shows only once (an API token, a webhook's signing
 * secret): what it is, the secret to select or copy, and "Done" to put it
 * away. Nothing while there is no secret to show.
 */
export function SecretOnce({
  id,
  secret,
  texts,
  onDone,
}: {
  id: string;
  secret: string | null;
  texts: SecretOnceTexts;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  if (!secret) return null;
  return (
    <Banner strong>
      <p>{texts.message}</p>
      <CodeField id={id} label={texts.label} value={secret} />
      <ButtonRow>
        <CopyButton label={texts.copy} copy={() => navigator.clipboard.writeText(secret)} />
        <Button variant="ghost" onClick={onDone}>
          {t('app.done')}
        </Button>
      </ButtonRow>
    </Banner>
  );
}
