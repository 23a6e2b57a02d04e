import { useTranslation } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { apiErrorInfo } from '../../lib/trpc.ts';
import { TextButton } from '../../ui/Button.tsx';
import { Banner } from '../../ui/layout.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useResendVerification } from './api.ts';

/**
 * Shown on every signed-in screen until the account's email is verified
 * (docs/decisions.md §4), with a way to have the link sent again.
 */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const toast = useToast();
  const user = useSession()?.user;
  const resend = useResendVerification({
    onSuccess: () => toast.success(t('auth.emailed')),
    onError: (error) => toast.error(apiErrorInfo(error).kind === 'TOO_MANY_REQUESTS' ? t('errors.tooMany') : t('errors.generic')),
  });
  if (user?.emailVerified !== false) return null;
  return (
    <Banner>
      <p>{t('auth.verifyBanner', { email: user.email })}</p>
      <TextButton disabled={resend.isPending} onClick={() => resend.mutate({})}>
        {t('auth.resendLink')}
      </TextButton>
    </Banner>
  );
}
