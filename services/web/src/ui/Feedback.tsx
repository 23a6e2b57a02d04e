import './Feedback.css';

export type ToastTone = 'success' | 'error' | 'info';

/** Bottom-centre messages, announced to screen readers (errors assertively). */
/** The one thing a toast offers to do (Undo). */
export interface ToastAction {
  label: string;
  onClick(): void;
}

export function Toasts({ toasts }: { toasts: { id: number; text: string; tone: ToastTone; action?: ToastAction | undefined }[] }) {
  return (
    <div className="toasts floating-above-menu" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.tone}`} role={t.tone === 'error' ? 'alert' : 'status'}>
          <span>{t.text}</span>
          {t.action ? (
            <button type="button" className="toast__action" onClick={t.action.onClick}>
              {t.action.label}
            </button>
          ) : null}
        </div>
      ))}
    </div>
  );
}

/** The thin bar at the top of the page while a navigation loads. */
export function ProgressLine({ busy }: { busy: boolean }) {
  return <div className={`progress ${busy ? 'progress--busy' : ''}`} role="progressbar" aria-hidden={!busy} aria-label="Loading" />;
}
