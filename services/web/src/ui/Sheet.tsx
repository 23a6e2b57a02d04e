import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from './Button.tsx';
import './Sheet.css';

/** A panel that rises from the bottom of the screen over the page, on the native modal `<dialog>` (Escape closes it). */
export function Sheet({
  open,
  title,
  closeLabel,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="sheet"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="sheet__header">
        <h2 id={titleId} className="sheet__title">
          {title}
        </h2>
        <Button variant="ghost" small onClick={onClose}>
          {closeLabel}
        </Button>
      </div>
      {open ? children : null}
    </dialog>
  );
}
