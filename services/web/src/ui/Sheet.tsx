import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { useModalDialog } from './use-modal-dialog.ts';
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
  const { titleId, dialogProps } = useModalDialog(open, onClose);
  return (
    <dialog {...dialogProps} className="sheet">
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
