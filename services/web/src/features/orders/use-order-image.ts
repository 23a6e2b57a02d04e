import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** How long the order text must rest before its image is rendered ahead of a share. */
const SETTLE_MS = 400;

async function render(element: HTMLElement | null): Promise<Blob> {
  if (!element) throw new Error('nothing to capture');
  const { domToBlob } = await import('modern-screenshot');
  // System fonts only: nothing to embed, and embedding would need an inline <style>, which the CSP refuses.
  return domToBlob(element, { scale: 2, type: 'image/png', backgroundColor: '#ffffff', font: false });
}

/**
 * The order text as a PNG, for "Copy as image" and "Share with image". Both
 * must reach the browser inside the owner's tap, which iOS Safari forgets
 * across an `await`: the copy hands `ClipboardItem` a promise made during the
 * tap (`blob()`), and the share uses an image rendered ahead, once the text
 * has rested (`file`), where the share sheet is there to use it.
 */
export function useOrderImage(card: RefObject<HTMLElement | null>, text: string, options: { renderAhead: boolean }) {
  const current = useRef<{ text: string; blob: Promise<Blob> } | null>(null);
  const [rendered, setRendered] = useState<{ text: string; file: File } | null>(null);

  /** The image of the text on screen: the one being made or made already, else a new one, started now. */
  const blob = useCallback((): Promise<Blob> => {
    if (current.current?.text === text) return current.current.blob;
    const made = render(card.current);
    current.current = { text, blob: made };
    made.catch(() => {
      if (current.current?.blob === made) current.current = null;
    });
    return made;
  }, [card, text]);

  useEffect(() => {
    if (!options.renderAhead || !text) return;
    let live = true;
    const timer = setTimeout(() => {
      blob().then(
        (made) => {
          if (live) setRendered({ text, file: new File([made], 'order.png', { type: 'image/png' }) });
        },
        (error: unknown) => console.error('Could not render the order image', error),
      );
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [options.renderAhead, text, blob]);

  return {
    blob,
    /** The image of the text on screen as a file, when it is rendered already (else undefined). */
    file: rendered?.text === text ? rendered.file : undefined,
  };
}
