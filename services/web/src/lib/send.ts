import type { TSendPlan } from '@reorder/schemas/send-links';

/** iPhones and iPads (iPadOS reports itself as a Mac with touch): they want `sms:<n>&body=`. */
export function isIos(): boolean {
  return /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
}

/**
 * Opens the supplier's channel. Web links open in a new tab; `sms:`, `mailto:`
 * and `tel:` go to the device's app. Everything goes through window.open so
 * it stays a direct answer to the user's tap (no popup blocker).
 */
export async function carryOutSend(plan: TSendPlan, text: string): Promise<'opened' | 'shared' | 'copied'> {
  switch (plan.kind) {
    case 'open':
      window.open(plan.url, plan.url.startsWith('http') ? '_blank' : '_self', 'noopener');
      return 'opened';
    case 'copy-then-open':
      await navigator.clipboard.writeText(text);
      window.open(plan.url, '_self');
      return 'opened';
    case 'share':
      if (typeof navigator.share === 'function') {
        await navigator.share({ text });
        return 'shared';
      }
      await navigator.clipboard.writeText(text);
      return 'copied';
  }
}

/** Whether this browser can share files (the order as an image) through the system share sheet. */
export function canShareFiles(): boolean {
  try {
    const probe = new File([new Uint8Array([137, 80, 78, 71])], 'order.png', { type: 'image/png' });
    return typeof navigator.canShare === 'function' && navigator.canShare({ files: [probe] });
  } catch {
    return false;
  }
}
