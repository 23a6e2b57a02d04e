import type { TSentLineInput, TSupplier } from '@reorder/schemas';
import { sentText } from '@reorder/schemas/order-text';
import { orderEmailSubject, planSend } from '@reorder/schemas/send-links';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { carryOutSend, isIos } from '../../lib/send.ts';
import { useSession } from '../../lib/session.ts';
import { useToast } from '../../ui/toast.tsx';
import type { useOrderChanges } from './use-order-changes.ts';

type OrderChanges = ReturnType<typeof useOrderChanges>;

/**
 * Sending an order: open the supplier's channel with the text the screen
 * shows, at once (still inside the tap, so no popup blocker and no lost
 * gesture), then record the send with that same text and the message and
 * lines it was made of, through the one save path (docs/decisions.md §8.1):
 * the history is byte for byte what the supplier got, online or not, and
 * whatever changes after.
 *
 * A phone call is recorded only once the owner says the order was placed, and
 * a text copied by hand once the owner says it was sent ("Mark as sent").
 */
export function useSendOrder(options: {
  orderId: number | undefined;
  /** The link the next send ends with, so the supplier can confirm (docs/decisions.md §6.4); null when not asked. */
  confirmUrl: string | null;
  supplier: TSupplier | undefined;
  drafts: OrderChanges;
  /** Whether the user may record a send (an owner or a manager: docs/decisions.md §8.2). */
  maySend: boolean;
  onSent: () => void;
}) {
  const { orderId, confirmUrl, supplier, drafts, maySend, onSent } = options;
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const session = useSession();
  /** What was copied before dialling, while the owner is asked whether the order was placed. */
  const [called, setCalled] = useState<Outgoing | null>(null);
  /** What was copied by hand, until the owner marks it sent (or copies something else). */
  const [copied, setCopied] = useState<Outgoing | null>(null);
  const serviceName = supplier ? t(`suppliers.services.${supplier.messageService}`) : '';
  // A quantity field holding one the server would refuse ("7" eggs sold by 6) waits for the owner's choice: nothing
  // goes out that differs from what a field shows (docs/decisions.md §9.1).
  const canSend =
    maySend &&
    orderId !== undefined &&
    supplier !== undefined &&
    drafts.hasLines &&
    !drafts.messageTooLong &&
    drafts.unresolved.length === 0;
  /** What goes out: the order text and (but for a phone call) the line with the confirmation link, in the owner's language, with what made it. */
  const outgoing = (): Outgoing => ({
    text: sentText(
      drafts.text,
      confirmUrl && supplier?.messageService !== 'phone'
        ? { url: confirmUrl, language: session?.user.language === 'es' ? 'es' : 'en' }
        : null,
    ),
    ...drafts.content(),
  });

  function record(sent: Outgoing) {
    if (orderId === undefined || !supplier) return;
    drafts.recordSend(sent, supplier.messageService);
    setCopied(null);
    toast.success(t('orders.sent', { service: serviceName }));
    onSent();
  }

  async function send() {
    if (!canSend || !supplier) return;
    const out = outgoing();
    const plan = planSend({
      service: supplier.messageService,
      contactInfo: supplier.contactInfo,
      text: out.text,
      subject: orderEmailSubject(session?.user.businessName ?? '', i18n.language === 'es' ? 'es' : 'en'),
      ios: isIos(),
    });
    try {
      await carryOutSend(plan, out.text);
    } catch (error) {
      // The share sheet was dismissed, or the clipboard refused: nothing was sent.
      console.error('Send failed', error);
      return;
    }
    if (plan.kind === 'copy-then-open') setCalled(out);
    else record(out);
  }

  /**
   * Shares the order as an image (and its text) through the system share
   * sheet. With the image rendered ahead, the share sheet opens inside the
   * tap; otherwise it is rendered first, which a browser that forgets the tap
   * (iOS Safari) refuses: the owner is asked to tap again, and by then the
   * image is ready.
   */
  async function shareImage(image: { file: File | undefined; blob: () => Promise<Blob> }) {
    if (!canSend) return;
    const out = outgoing();
    const ahead = image.file;
    try {
      const file = ahead ?? new File([await image.blob()], 'order.png', { type: 'image/png' });
      await navigator.share({ files: [file], text: out.text });
    } catch (error) {
      if (!ahead && (error as Error).name === 'NotAllowedError') toast.info(t('orders.imageReady'));
      else console.error('Share failed', error);
      return;
    }
    record(out);
  }

  return {
    canSend,
    serviceName,
    send,
    shareImage,
    /** Copies the text Send would open (its confirmation link included); "Mark as sent" is then offered. */
    async copyText() {
      const out = outgoing();
      await navigator.clipboard.writeText(out.text);
      if (canSend) setCopied(out);
    },
    /** Whether to offer "Mark as sent" for the text copied last. */
    offeringMarkSent: copied !== null && canSend,
    markSent() {
      if (copied !== null) record(copied);
    },
    dismissMarkSent: () => setCopied(null),
    /** Whether to ask "Did you place the order?" after dialling. */
    askingAboutCall: called !== null,
    confirmCall() {
      const out = called;
      setCalled(null);
      if (out !== null) record(out);
    },
    cancelCall: () => setCalled(null),
  };
}

/** A text that goes out, and the message and lines it was made of. */
interface Outgoing {
  text: string;
  introduce: string;
  lines: TSentLineInput[];
}
