import { useTranslation } from '../../lib/i18n.ts';
import { applyUpdate } from '../../lib/service-worker.ts';
import { dismissUpdate } from '../../lib/update-ready.ts';
import './UpdatePrompt.css';

/**
 * "A new version is ready" with Update (reload into it) and Later. It stays
 * until the owner chooses: the new version never loads by itself.
 */
export default function UpdatePrompt() {
  const { t } = useTranslation();
  return (
    <div className="notice-bar notice-bar--update floating-above-menu" role="status" aria-live="polite">
      <span>{t('offline.updateReady')}</span>
      <span className="notice-bar__actions">
        <button type="button" className="notice-bar__button" onClick={dismissUpdate}>
          {t('offline.later')}
        </button>
        <button type="button" className="notice-bar__button notice-bar__button--primary" onClick={applyUpdate}>
          {t('offline.update')}
        </button>
      </span>
    </div>
  );
}
