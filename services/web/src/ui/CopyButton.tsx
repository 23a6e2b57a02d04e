import { useEffect, useState } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { Button, type ButtonVariant } from './Button.tsx';
import { useToast } from './toast.tsx';

/** A button that copies something; it says "Copied" for a moment, or the failure text (docs/product.md §2). */
export function CopyButton({
  label,
  copy,
  variant = 'secondary',
  disabled,
}: {
  label: string;
  copy: () => Promise<void>;
  variant?: ButtonVariant;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [state, setState] = useState<'idle' | 'busy' | 'copied'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <Button
      variant={variant}
      disabled={disabled}
      busy={state === 'busy'}
      onClick={async () => {
        setState('busy');
        try {
          await copy();
          setState('copied');
          toast.success(t('orders.copied'));
        } catch (error) {
          console.error('Copy failed', error);
          setState('idle');
          toast.error(t('orders.copyFailed'));
        }
      }}
    >
      {state === 'copied' ? `✓ ${t('orders.copied')}` : label}
    </Button>
  );
}
