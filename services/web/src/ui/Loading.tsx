import { useEffect, useState } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { useNavigationBusy } from '../lib/navigation-busy.ts';
import { useOnline } from '../lib/online.ts';
import { Button } from './Button.tsx';
import { CenterView, Spinner } from './layout.tsx';
import { PageTimeout } from './PageTimeout.tsx';

/** docs/product.md §9: the loading view after 400 ms, the error view after 10 s. */
const LOADING_DELAY_MS = 400;
const SCREEN_TIMEOUT_MS = 10_000;

/**
 * What shows while a screen (or its data) loads: nothing for 400 ms, so fast
 * screens never flash, then a loading view, then after 10 s an error view;
 * offline, the page-timeout screen at once.
 */
export function Loading() {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<'quiet' | 'loading' | 'slow'>('quiet');
  const online = useOnline();
  useNavigationBusy();
  useEffect(() => {
    const show = setTimeout(() => setPhase('loading'), LOADING_DELAY_MS);
    const slow = setTimeout(() => setPhase('slow'), SCREEN_TIMEOUT_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(slow);
    };
  }, []);
  if (phase === 'quiet') return null;
  // Offline, what is still loading was never kept on this device: say so (docs/architecture.md, "Offline").
  if (!online) return <PageTimeout />;
  if (phase === 'slow') {
    return (
      <CenterView role="alert">
        <p>{t('app.loadError')}</p>
        <Button onClick={() => window.location.reload()}>{t('app.retry')}</Button>
      </CenterView>
    );
  }
  return (
    <CenterView role="status" aria-live="polite">
      <Spinner />
      <p>{t('app.loading')}</p>
    </CenterView>
  );
}
