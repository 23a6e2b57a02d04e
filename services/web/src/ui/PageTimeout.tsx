import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { Button } from './Button.tsx';
import { CenterView, Spinner } from './layout.tsx';

/** A reload that did not help within this time is not tried again by itself (no reload loop). */
const RELOAD_KEY = 'page-timeout-reloaded-at';
const RELOAD_GRACE_MS = 30_000;

/**
 * Shown when a screen's code fails to load. It asks the server (HEAD
 * /api/ping) whether the connection works: if it does the page reloads, if not
 * it says so and offers to check again (docs/product.md §2: checking -> reload | offline).
 */
export function PageTimeout() {
  const { t } = useTranslation();
  const [state, setState] = useState<'checking' | 'offline'>('checking');
  const check = useCallback(async (byUser: boolean) => {
    setState('checking');
    try {
      const res = await fetch('/api/ping', { method: 'HEAD', cache: 'no-store' });
      const lastReload = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
      if (res.ok && (byUser || Date.now() - lastReload > RELOAD_GRACE_MS)) {
        sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
        window.location.reload();
        return;
      }
    } catch {
      // No answer: the connection is the likely cause.
    }
    setState('offline');
  }, []);
  useEffect(() => {
    void check(false);
  }, [check]);

  if (state === 'checking') {
    return (
      <CenterView role="status" aria-live="polite">
        <Spinner />
        <p>{t('timeout.checking')}</p>
      </CenterView>
    );
  }
  return (
    <CenterView role="alert">
      <p>{t('timeout.offline')}</p>
      <Button onClick={() => void check(true)}>{t('timeout.retry')}</Button>
    </CenterView>
  );
}

export default PageTimeout;
