import './Feedback.css';

export type ToastTone = 'success' | 'error' | 'info';

/** Bottom-centre messages, announced to screen readers (errors assertively). */
export function Toasts({ toasts }: { toasts: { id: number; text: string; tone: ToastTone }[] }) {
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.tone}`} role={t.tone === 'error' ? 'alert' : 'status'}>
          {t.text}
        </div>
      ))}
    </div>
  );
}

/** The thin bar at the top of the page while a navigation loads. */
export function ProgressLine({ busy }: { busy: boolean }) {
  return <div className={`progress ${busy ? 'progress--busy' : ''}`} role="progressbar" aria-hidden={!busy} aria-label="Loading" />;
}
