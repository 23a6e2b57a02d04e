import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { type ToastAction, Toasts, type ToastTone } from './Feedback.tsx';

/** Toasts stay 3 s (docs/product.md §9). */
export const TOAST_MS = 3000;

type Tone = ToastTone;
/** A toast that offers one thing to do (Undo), and how long it stays: long enough to reach it. */
export interface ToastOptions {
  action?: ToastAction;
  durationMs?: number;
}
interface Toast {
  id: number;
  text: string;
  tone: Tone;
  action?: ToastAction | undefined;
}
interface ToastApi {
  success(text: string, options?: ToastOptions): void;
  error(text: string, options?: ToastOptions): void;
  info(text: string, options?: ToastOptions): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Bottom-centre toasts, announced to screen readers (errors assertively). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const show = useCallback((text: string, tone: Tone, options: ToastOptions = {}) => {
    const id = nextId.current++;
    const dismiss = () => setToasts((list) => list.filter((t) => t.id !== id));
    // Its action is taken once, and takes the toast away.
    const action = options.action && {
      label: options.action.label,
      onClick() {
        dismiss();
        options.action?.onClick();
      },
    };
    setToasts((list) => [...list.filter((t) => t.text !== text), { id, text, tone, action }]);
    setTimeout(dismiss, options.durationMs ?? TOAST_MS);
  }, []);
  const api = useMemo<ToastApi>(
    () => ({
      success: (t, options) => show(t, 'success', options),
      error: (t, options) => show(t, 'error', options),
      info: (t, options) => show(t, 'info', options),
    }),
    [show],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <Toasts toasts={toasts} />
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider');
  return api;
}
