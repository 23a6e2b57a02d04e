/** docs/product.md §9: scroll to a field with a 30 px offset over 300 ms, at most once every 500 ms. */
export const SCROLL_OFFSET_PX = 30;
export const SCROLL_DURATION_MS = 300;
export const SCROLL_THROTTLE_MS = 500;

let lastScroll = -Infinity;

/** Brings a field into view (eased, 300 ms, 30 px above it) and focuses it; throttled to one call per 500 ms. */
export function scrollToField(element: HTMLElement, now = performance.now()): boolean {
  if (now - lastScroll < SCROLL_THROTTLE_MS) return false;
  lastScroll = now;
  const start = window.scrollY;
  const target = Math.max(0, element.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET_PX);
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  element.focus({ preventScroll: true });
  if (reduced || Math.abs(target - start) < 1) {
    window.scrollTo(0, target);
    return true;
  }
  const began = performance.now();
  const step = (time: number) => {
    const progress = Math.min(1, (time - began) / SCROLL_DURATION_MS);
    const eased = 1 - (1 - progress) ** 3;
    window.scrollTo(0, start + (target - start) * eased);
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
  return true;
}
