import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { useModalDialog } from './use-modal-dialog.ts';
import './ConfirmDialog.css';

/**
 * A modal question with two answers, on the native `<dialog>`: focus moves
 * into it and stays there, and Escape answers "no".
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { titleId, dialogProps } = useModalDialog(open, onCancel);
  return (
    <dialog {...dialogProps} className="dialog">
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {children}
      <div className="button-row">
        <Button variant="ghost" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm}>{confirmLabel}</Button>
      </div>
    </dialog>
  );
}
