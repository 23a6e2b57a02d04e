import { useTransition } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { SocialSignIn } from '../../features/auth/SocialSignIn.tsx';
import { errorKind, logIn, preloadApiClient } from '../../features/auth/sign-in.ts';
import { lazySchema } from '../../forms/lazy-schema.ts';
import { useForm } from '../../forms/use-form.ts';
import { deviceTokenFor } from '../../lib/device-token.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { afterLoginPath } from '../../lib/redirect.ts';
import { startSession } from '../../lib/start-session.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmailField, PasswordField } from '../../ui/fields.tsx';
import { Form } from '../../ui/layout.tsx';
import { PublicScreen } from '../../ui/Screen.tsx';
import { useToast } from '../../ui/toast.tsx';

/** The form's rules come with its first focus, not with the page (forms/lazy-schema.ts). */
const loginSchema = lazySchema(() => import('../../features/auth/login-schema.ts').then((module) => module.ZLoginInput));

export default function Login() {
  const { t } = useTranslation();
  const toast = useToast();
  const search = useSearch();
  const [, navigate] = useLocation();
  const form = useForm(loginSchema, { email: '', password: '' });
  // The page loads no API code (features/auth/sign-in.ts): the call is a React action, pending until it answers.
  const [pending, startTransition] = useTransition();
  const login = (values: { email: string; password: string }) =>
    startTransition(async () => {
      try {
        const session = await logIn({ ...values, deviceToken: deviceTokenFor(values.email) });
        startSession(session);
        navigate(afterLoginPath(search), { replace: true });
      } catch (error) {
        toast.error((await errorKind(error)) === 'TOO_MANY_REQUESTS' ? t('errors.tooMany') : t('auth.loginError'));
      }
    });
  const registerHref = search ? `${href('register')}?${search}` : href('register');

  return (
    <PublicScreen title={t('auth.loginTitle')}>
      {/* The static first paint draws this line too (services/web/static-shell.ts): the page's largest text is there before the app. */}
      <p className="public-intro">{t('app.tagline')}</p>
      <Card size="md">
        {/* The API client and the form's rules load with the first key or tap in the form, so the submit finds them here. */}
        <Form
          onSubmit={form.handleSubmit(login)}
          onFocus={() => {
            preloadApiClient();
            void loginSchema.load().catch(() => undefined);
          }}
        >
          <EmailField {...form.field('email')} label={t('auth.email')} required />
          <PasswordField {...form.field('password')} label={t('auth.password')} purpose="current" required />
          <Button type="submit" block busy={pending}>
            {t('auth.loginButton')}
          </Button>
        </Form>
        <SocialSignIn />
        <p>
          <Link href={href('forgotPassword')}>{t('auth.forgotLink')}</Link>
        </p>
        <p>
          {t('auth.noAccount')} <Link href={registerHref}>{t('auth.registerButton')}</Link>
        </p>
      </Card>
    </PublicScreen>
  );
}
