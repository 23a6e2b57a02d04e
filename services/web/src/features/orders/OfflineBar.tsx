import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useOnline } from '../../lib/online.ts';
import { useToast } from '../../ui/toast.tsx';
import { dismissRejection, useSync } from './outbox-sync.ts';
import { refusalText } from './refusal-text.ts';
import './OfflineBar.css';

/** How long a refusal stays on screen: long enough to read it. */
const REFUSAL_MS = 8000;
/**
 * The line at the top while offline ("Offline: 3 changes waiting") or while
 * changes are held back online ("Sending 3 changes…": the server failed or
 * could not be reached); each change the server refused is told in a toast.
 * The screen's top bar moves below it.
 */
export default function OfflineBar({ supplierName }: { supplierName: (supplierId: number) => string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const toast = useToast();
  const { state, rejections } = useSync();
  // A refusal is said where the owner is looking, by the thumb (a toast), then forgotten.
  useEffect(() => {
    for (const rejection of rejections) {
      toast.error(refusalText(t, rejection, supplierName(rejection.change.supplierId)), { durationMs: REFUSAL_MS });
      dismissRejection(rejection.id);
    }
  }, [rejections, toast, t, supplierName]);
  const text = !online
    ? state.waiting > 0
      ? t('offline.waiting', { count: state.waiting })
      : t('offline.offline')
    : state.held
      ? t('offline.sending', { count: state.waiting })
      : undefined;
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    if (text) root.setProperty('--notice-top', 'var(--offline-bar-height)');
    else root.removeProperty('--notice-top');
    return () => {
      root.removeProperty('--notice-top');
    };
  }, [text]);
  return text ? (
    <div className={`offline-bar ${online ? 'offline-bar--sending' : ''}`} role="status" aria-live="polite">
      {text}
    </div>
  ) : null;
}
