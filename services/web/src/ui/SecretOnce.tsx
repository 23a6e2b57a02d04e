import { Button } from './Button.tsx';
import { CopyButton } from './CopyButton.tsx';
import { CodeField } from './fields.tsx';
import { Banner, ButtonRow } from './layout.tsx';

/**
 * A secret the server shows only once (an API token, a webhook's signing
 * secret): what it is, the secret to select or copy, and "Done" to put it away.
 */
export function SecretOnce({
  id,
  secret,
  message,
  label,
  copyLabel,
  doneLabel,
  onDone,
}: {
  id: string;
  secret: string;
  message: string;
  label: string;
  copyLabel: string;
  doneLabel: string;
  onDone: () => void;
}) {
  return (
    <Banner strong>
      <p>{message}</p>
      <CodeField id={id} label={label} value={secret} />
      <ButtonRow>
        <CopyButton label={copyLabel} copy={() => navigator.clipboard.writeText(secret)} />
        <Button variant="ghost" onClick={onDone}>
          {doneLabel}
        </Button>
      </ButtonRow>
    </Banner>
  );
}
