import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Shown when a screen's code fails to load. It asks the server (HEAD
 * /api/ping) whether the connection works: if it does the page reloads, if not
 * it says so and offers to check again (spec §2: checking -> reload | offline).
 */
export function PageTimeout() {
  const { t } = useTranslation();
  const [state, setState] = useState<'checking' | 'offline'>('checking');
  const check = useCallback(async () => {
    setState('checking');
    try {
      const res = await fetch('/api/ping', { method: 'HEAD', cache: 'no-store' });
      if (res.ok) {
        window.location.reload();
        return;
      }
    } catch {
      // offline: fall through
    }
    setState('offline');
  }, []);
  useEffect(() => {
    void check();
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
      <button type="button" className="button button--primary" onClick={() => void check()}>
        {t('timeout.retry')}
      </button>
    </div>
  );
}

export default PageTimeout;
