import type { TPublicConfig, TSession } from '@reorder/schemas';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { facebookAccessToken, googleCredential } from '../../lib/providers.ts';
import { afterLoginPath } from '../../lib/redirect.ts';
import { browserTimeZone } from '../../lib/schedule-format.ts';
import { startSession } from '../../lib/start-session.ts';
import { Button } from '../../ui/Button.tsx';
import { Divider, Stack } from '../../ui/layout.tsx';
import { useToast } from '../../ui/toast.tsx';
import { errorKind, facebookSignIn, googleSignIn, socialConfig } from './sign-in.ts';

type Provider = 'Google' | 'Facebook';

/**
 * "Continue with Google" and "Continue with Facebook", for the providers the
 * server has configured (GET /api/config). Each loads its SDK on the first
 * press, hands the token to our API and stores the session like a password
 * sign-in, honouring `redirectFrom`. It asks for them once the page has
 * rendered, through the API client alone (./sign-in.ts).
 */
export function SocialSignIn() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState<Provider | null>(null);
  const [providers, setProviders] = useState<TPublicConfig>();
  useEffect(() => {
    let mounted = true;
    // Without the providers (the server did not answer) the page offers the password form alone, as when none is configured.
    socialConfig().then(
      (config) => mounted && setProviders(config),
      () => {},
    );
    return () => {
      mounted = false;
    };
  }, []);
  const language = i18n.language === 'es' ? 'es' : 'en';

  if (!providers || (!providers.google && !providers.facebook)) return null;

  async function signIn(provider: Provider, getSession: () => Promise<TSession>) {
    setBusy(provider);
    try {
      const session = await getSession();
      startSession(session);
      if (!session.user.businessName) {
        toast.info(t('auth.completeProfile'));
        navigate(href('profile.me'), { replace: true });
      } else {
        navigate(afterLoginPath(search), { replace: true });
      }
    } catch (error) {
      const kind = await errorKind(error);
      console.error(`${provider} sign-in failed`, error);
      toast.error(
        kind === 'UNAVAILABLE'
          ? t('auth.providerUnavailable', { provider })
          : kind === 'TOO_MANY_REQUESTS'
            ? t('errors.tooMany')
            : t('auth.loginError'),
      );
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack>
      <Divider>
        <span>{t('auth.socialDivider')}</span>
      </Divider>
      {providers.google ? (
        <Button
          variant="ghost"
          block
          busy={busy === 'Google'}
          onClick={() => {
            const clientId = providers.google?.clientId ?? '';
            void signIn('Google', async () =>
              googleSignIn({ googleToken: await googleCredential(clientId), language, timeZone: browserTimeZone() }),
            );
          }}
        >
          {t('auth.continueWithGoogle')}
        </Button>
      ) : null}
      {providers.facebook ? (
        <Button
          variant="ghost"
          block
          busy={busy === 'Facebook'}
          onClick={() => {
            const appId = providers.facebook?.appId ?? '';
            void signIn('Facebook', async () =>
              facebookSignIn({ facebookToken: await facebookAccessToken(appId), language, timeZone: browserTimeZone() }),
            );
          }}
        >
          {t('auth.continueWithFacebook')}
        </Button>
      ) : null}
    </Stack>
  );
}
