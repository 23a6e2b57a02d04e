import { type SyntheticEvent, useEffect, useId, useRef } from 'react';

/**
 * A native modal `<dialog>` driven by `open`: shown with showModal (focus moves
 * in and stays), and Escape calls `onDismiss` rather than closing it behind
 * React's back. Spread `dialogProps` on the `<dialog>`; `titleId` names it.
 */
export function useModalDialog(open: boolean, onDismiss: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return {
    titleId,
    dialogProps: {
      ref,
      'aria-labelledby': titleId,
      onCancel(event: SyntheticEvent) {
        event.preventDefault();
        onDismiss();
      },
    },
  };
}
