import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A reload that did not help within this time is not tried again by itself (no reload loop). */
const RELOAD_KEY = 'page-timeout-reloaded-at';
const RELOAD_GRACE_MS = 30_000;

/**
 * Shown when a screen's code fails to load. It asks the server (HEAD
 * /api/ping) whether the connection works: if it does the page reloads, if not
 * it says so and offers to check again (spec §2: checking -> reload | offline).
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
      <div className="center-view" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <p>{t('timeout.checking')}</p>
      </div>
    );
  }
  return (
    <div className="center-view" role="alert">
      <p>{t('timeout.offline')}</p>
      <button type="button" className="button button--primary" onClick={() => void check(true)}>
        {t('timeout.retry')}
      </button>
    </div>
  );
}

export default PageTimeout;
