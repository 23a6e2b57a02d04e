import { type RefObject, useEffect, useRef } from 'react';

/**
 * Arriving from a re-order: brings the Send button into view and focuses it
 * once the screen is `ready`, so sending is the next tap. The ref goes on
 * the Send button.
 */
export function useFocusSendOnArrival(ready: boolean) {
  const sendButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!ready || !(window.history.state as { focusSend?: boolean } | null)?.focusSend) return;
    window.history.replaceState({ ...window.history.state, focusSend: false }, '');
    sendButton.current?.scrollIntoView({ block: 'center' });
    sendButton.current?.focus({ preventScroll: true });
  }, [ready]);
  return sendButton;
}

/** `/` focuses the field `fieldId` from anywhere on the screen but a field (issue 32). */
export function useSlashToSearch(fieldId: string) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (
        event.key !== '/' ||
        event.ctrlKey ||
        event.metaKey ||
        event.altKey ||
        target.closest('input, textarea, select, [contenteditable]')
      )
        return;
      const field = document.getElementById(fieldId);
      if (!field) return;
      event.preventDefault();
      field.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [fieldId]);
}

/** Ctrl+Enter (⌘+Enter on a Mac) presses the Send button from anywhere on the order screen (issue 45). */
export function useCtrlEnterToSend(sendButton: RefObject<HTMLButtonElement | null>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || (event.target as Element).closest?.('dialog')) return;
      const button = sendButton.current;
      if (!button || button.disabled) return;
      event.preventDefault();
      button.click();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [sendButton]);
}
