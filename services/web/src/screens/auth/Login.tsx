import { ZLoginInput } from '@reorder/schemas';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { afterLoginPath } from '../../app/redirect.ts';
import { sessionStore } from '../../app/session.ts';
import { useToast } from '../../app/toast.tsx';
import { apiErrorInfo, trpc } from '../../app/trpc.ts';
import { useForm } from '../../forms/use-form.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { TextField } from '../../ui/fields.tsx';
import { PublicScreen } from '../../ui/Screen.tsx';
import { SocialSignIn } from './SocialSignIn.tsx';

export default function Login() {
  const { t } = useTranslation();
  const toast = useToast();
  const search = useSearch();
  const [, navigate] = useLocation();
  const form = useForm(ZLoginInput, { email: '', password: '' });
  const login = trpc.auth.login.useMutation({
    onSuccess(session) {
      sessionStore.set(session.token, session.user);
      navigate(afterLoginPath(search), { replace: true });
    },
    onError(error) {
      toast.error(apiErrorInfo(error).kind === 'TOO_MANY_REQUESTS' ? t('errors.tooMany') : t('auth.loginError'));
    },
  });
  const registerHref = search ? `/register?${search}` : '/register';

  return (
    <PublicScreen title={t('auth.loginTitle')}>
      <Card size="md">
        <form className="form" noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
          <TextField {...form.field('email')} label={t('auth.email')} type="email" autoComplete="email" inputMode="email" required />
          <TextField {...form.field('password')} label={t('auth.password')} type="password" autoComplete="current-password" required />
          <Button type="submit" block busy={login.isPending}>
            {t('auth.loginButton')}
          </Button>
        </form>
        <SocialSignIn />
        <p>
          <Link href="/forgot-password">{t('auth.forgotLink')}</Link>
        </p>
        <p>
          {t('auth.noAccount')} <Link href={registerHref}>{t('auth.registerButton')}</Link>
        </p>
      </Card>
    </PublicScreen>
  );
}
