import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { Toasts, type ToastTone } from '../ui/Feedback.tsx';

/** Toasts stay 3 s (docs/product.md §9). */
export const TOAST_MS = 3000;

type Tone = ToastTone;
interface Toast {
  id: number;
  text: string;
  tone: Tone;
}
interface ToastApi {
  success(text: string): void;
  error(text: string): void;
  info(text: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Bottom-centre toasts, announced to screen readers (errors assertively). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const show = useCallback((text: string, tone: Tone) => {
    const id = nextId.current++;
    setToasts((list) => [...list.filter((t) => t.text !== text), { id, text, tone }]);
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), TOAST_MS);
  }, []);
  const api = useMemo<ToastApi>(
    () => ({ success: (t) => show(t, 'success'), error: (t) => show(t, 'error'), info: (t) => show(t, 'info') }),
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
