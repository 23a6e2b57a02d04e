import { useEffect, useRef, useState } from 'react';
import { useParams } from 'wouter';
import { useVerifyEmail } from '../../features/auth/api.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { LinkButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { PublicScreen } from '../../ui/Screen.tsx';

/**
 * Opens a verification link (`/verify-email/<token>`): it confirms the
 * account's address, or makes a new address the account's email. A signed-in
 * owner keeps this session and sees the profile updated. Opened signed out,
 * it is the first proof of the address (docs/decisions.md §8.6): every device
 * was signed out and the password removed, so the page leads to choosing one.
 */
export default function VerifyEmail() {
  const { t } = useTranslation();
  const { token } = useParams<{ token: string }>();
  const signedIn = useSession() !== null;
  const verify = useVerifyEmail();
  const [state, setState] = useState<'checking' | 'done' | 'failed'>('checking');
  // A link is used once: StrictMode's second effect must not send it again.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    verify(token).then(
      () => setState('done'),
      () => setState('failed'),
    );
  }, [token, verify]);

  return (
    <PublicScreen title={t('auth.verifyTitle')}>
      <Card size="md">
        {state === 'checking' ? (
          <p role="status">{t('auth.verifying')}</p>
        ) : state === 'done' && signedIn ? (
          <>
            <p role="status">{t('auth.verified')}</p>
            <LinkButton href={href('orders')} block>
              {t('auth.continue')}
            </LinkButton>
          </>
        ) : state === 'done' ? (
          // Opened without the account's session: the first proof of the address, which signed every device out and removed the password (§8.6).
          <>
            <p role="status">{t('auth.verifiedSignedOut')}</p>
            <LinkButton href={href('forgotPassword')} block>
              {t('auth.choosePassword')}
            </LinkButton>
          </>
        ) : (
          <>
            <p role="alert">{t('auth.verifyFailed')}</p>
            <LinkButton href={signedIn ? href('profile') : href('login')} block variant="secondary">
              {signedIn ? t('profile.title') : t('auth.loginButton')}
            </LinkButton>
          </>
        )}
      </Card>
    </PublicScreen>
  );
}
