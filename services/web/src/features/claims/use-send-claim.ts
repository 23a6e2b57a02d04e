import type { TClaim, TSupplier } from '@reorder/schemas';
import { planSend } from '@reorder/schemas/send-links';
import { useTranslation } from '../../lib/i18n.ts';
import { carryOutSend, isIos } from '../../lib/send.ts';
import { useSession } from '../../lib/session.ts';
import { useToast } from '../../ui/toast.tsx';

/**
 * Sends a claim's text through the supplier's channel exactly as an order goes
 * (lib/send.ts, docs/decisions.md §9.4): wa.me, t.me, sms:, mailto: (subject
 * "Claim from <business>"), a call with the text copied first, or the share
 * sheet. The text is the server's, in the business's language, ending with
 * the link where the supplier answers; nothing is recorded (the claim is).
 */
export function useSendClaim(supplier: TSupplier | undefined) {
  const { t } = useTranslation();
  const toast = useToast();
  const session = useSession();
  const serviceName = supplier ? t(`suppliers.services.${supplier.messageService}`) : '';
  return {
    serviceName,
    async send(claim: TClaim) {
      if (!supplier) return;
      const plan = planSend({
        service: supplier.messageService,
        contactInfo: supplier.contactInfo,
        text: claim.text,
        subject: t('claims.emailSubject', { business: session?.user.businessName ?? '' }),
        ios: isIos(),
      });
      try {
        await carryOutSend(plan, claim.text);
      } catch (error) {
        // The share sheet was dismissed, or the clipboard refused: nothing went out.
        console.error('Claim send failed', error);
        toast.error(t('claims.sendError'));
        return;
      }
      toast.success(t('claims.sent', { service: serviceName }));
    },
  };
}
