import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { useModalDialog } from './use-modal-dialog.ts';
import './ConfirmDialog.css';

/**
 * A modal question with two answers (three with `alternative`: "Replace or
 * add?"), on the native `<dialog>`: focus moves into it and stays there, and
 * Escape answers "no".
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  alternative,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  alternative?: { label: string; onClick: () => void } | undefined;
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
        {alternative ? (
          <Button variant="secondary" onClick={alternative.onClick}>
            {alternative.label}
          </Button>
        ) : null}
        <Button onClick={onConfirm}>{confirmLabel}</Button>
      </div>
    </dialog>
  );
}
