import type { TSupplier } from '@reorder/schemas';
import { sentText } from '@reorder/schemas/order-text';
import { orderEmailSubject, planSend } from '@reorder/schemas/send-links';
import { useState } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { carryOutSend, isIos } from '../../app/send.ts';
import { useSession } from '../../app/session.ts';
import { useToast } from '../../app/toast.tsx';
import { trpc } from '../../app/trpc.ts';
import { saveOrKeep } from '../offline/sync.ts';
import type { useOrderDrafts } from './use-order-drafts.ts';

type OrderDrafts = ReturnType<typeof useOrderDrafts>;

/**
 * Sending an order: open the supplier's channel with the text the screen
 * shows, at once (still inside the tap, so no popup blocker and no lost
 * gesture), then save whatever the screen has not saved yet and record the
 * send with that same text. The server refuses to record a text the order does
 * not make, so the history is byte for byte what the supplier got.
 *
 * A phone call is recorded only once the owner says the order was placed.
 */
export function useSendOrder(options: {
  orderId: number | undefined;
  /** The link the next send ends with, so the supplier can confirm (docs/decisions.md §6); null when not asked. */
  confirmUrl: string | null;
  supplier: TSupplier | undefined;
  drafts: OrderDrafts;
  onSent: () => void;
}) {
  const { orderId, confirmUrl, supplier, drafts, onSent } = options;
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const session = useSession();
  const utils = trpc.useUtils();
  const recordSend = trpc.orders.send.useMutation();
  /** The text copied before dialling, while the owner is asked whether the order was placed. */
  const [callText, setCallText] = useState<string | null>(null);
  const serviceName = supplier ? t(`suppliers.services.${supplier.messageService}`) : '';
  const canSend = orderId !== undefined && supplier !== undefined && drafts.hasLines && !drafts.messageTooLong;
  /** What goes out: the order text, and (but for a phone call) the line with the confirmation link, in the owner's language. */
  const outgoing = () =>
    sentText(
      drafts.text,
      confirmUrl && supplier?.messageService !== 'phone'
        ? { url: confirmUrl, language: session?.user.language === 'es' ? 'es' : 'en' }
        : null,
    );

  async function record(text: string) {
    if (orderId === undefined || !supplier) return;
    const sentAt = new Date().toISOString();
    await drafts.flush();
    const channel = supplier.messageService;
    try {
      // Offline, the record waits on the device with the time it really went out (features/offline/sync.ts).
      await saveOrKeep({ kind: 'send', supplierId: supplier.id, orderId, channel, text, sentAt }, () =>
        recordSend.mutateAsync({ id: orderId, channel, text }),
      );
    } catch {
      toast.error(t('orders.sendError'));
      return;
    }
    // The order's next send gets a new link.
    void utils.orders.history.invalidate({ id: orderId });
    if (confirmUrl) void utils.orders.bySupplier.invalidate({ supplierId: supplier.id });
    toast.success(t('orders.sent', { service: serviceName }));
    onSent();
  }

  async function send() {
    if (!canSend || !supplier) return;
    const text = outgoing();
    const plan = planSend({
      service: supplier.messageService,
      contactInfo: supplier.contactInfo,
      text,
      subject: orderEmailSubject(session?.user.businessName ?? '', i18n.language === 'es' ? 'es' : 'en'),
      ios: isIos(),
    });
    try {
      await carryOutSend(plan, text);
    } catch (error) {
      // The share sheet was dismissed, or the clipboard refused: nothing was sent.
      console.error('Send failed', error);
      return;
    }
    if (plan.kind === 'copy-then-open') setCallText(text);
    else await record(text);
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
    const text = outgoing();
    const ahead = image.file;
    try {
      const file = ahead ?? new File([await image.blob()], 'order.png', { type: 'image/png' });
      await navigator.share({ files: [file], text });
    } catch (error) {
      if (!ahead && (error as Error).name === 'NotAllowedError') toast.info(t('orders.imageReady'));
      else console.error('Share failed', error);
      return;
    }
    await record(text);
  }

  return {
    canSend,
    serviceName,
    send,
    shareImage,
    /** Whether to ask "Did you place the order?" after dialling. */
    askingAboutCall: callText !== null,
    confirmCall() {
      const text = callText;
      setCallText(null);
      if (text !== null) void record(text);
    },
    cancelCall: () => setCallText(null),
  };
}
