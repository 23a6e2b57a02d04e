import { useLayoutEffect } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useOnline } from '../../app/online.ts';
import type { OutboxChange } from './outbox.ts';
import { dismissRejection, type Rejection, useSync } from './sync.ts';
import './offline.css';

/** A change in words: "Lemons: quantity 3", "the message of the order to Frutas Pepe". */
function useChangeText() {
  const { t } = useTranslation();
  return (change: OutboxChange, supplier: string) => {
    switch (change.kind) {
      case 'quantity':
        return t('offline.change.quantity', { name: change.name, quantity: change.quantity });
      case 'stock':
        return t('offline.change.stock', { name: change.name });
      default:
        return t(`offline.change.${change.kind}`, { supplier });
    }
  };
}

function RejectionNotice({ rejection, supplier }: { rejection: Rejection; supplier: string }) {
  const { t } = useTranslation();
  const changeText = useChangeText();
  return (
    <div className="offline-rejection" role="alert">
      <span>{t('offline.rejected', { change: changeText(rejection.change, supplier), reason: rejection.reason })}</span>
      <button type="button" className="offline-rejection__dismiss" onClick={() => dismissRejection(rejection.id)}>
        {t('offline.dismiss')}
      </button>
    </div>
  );
}

/**
 * The line at the top while offline or while changes wait ("Offline: 3
 * changes waiting", then "Sending 3 changes…"), and each change the server
 * refused on replay until dismissed. The screen's top bar moves below it.
 */
export default function OfflineBar({ supplierName }: { supplierName: (supplierId: number) => string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const { state, rejections } = useSync();
  const text = !online
    ? state.waiting > 0
      ? t('offline.waiting', { count: state.waiting })
      : t('offline.offline')
    : state.waiting > 0
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
  return (
    <>
      {text && (
        <div className={`offline-bar ${online ? 'offline-bar--sending' : ''}`} role="status" aria-live="polite">
          {text}
        </div>
      )}
      {rejections.map((rejection) => (
        <RejectionNotice key={rejection.id} rejection={rejection} supplier={supplierName(rejection.change.supplierId)} />
      ))}
    </>
  );
}
