import { type TLanguage, ZRegisterInput } from '@reorder/schemas';
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

export default function Register() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const search = useSearch();
  const [, navigate] = useLocation();
  const form = useForm(ZRegisterInput, { businessName: '', fullName: '', email: '', password: '' });
  const register = trpc.auth.register.useMutation({
    onSuccess(session) {
      sessionStore.set(session.token, session.user);
      toast.success(t('auth.registered'));
      navigate(afterLoginPath(search, '/suppliers'), { replace: true });
    },
    onError(error) {
      const info = apiErrorInfo(error);
      if (info.kind === 'CONFLICT') form.setIssues([{ path: 'email', message: '' }], () => t('validation.emailTaken'));
      toast.error(info.kind === 'TOO_MANY_REQUESTS' ? t('errors.tooMany') : t('auth.registerError'));
    },
  });
  const loginHref = search ? `/login?${search}` : '/login';

  return (
    <PublicScreen title={t('auth.registerTitle')}>
      <Card size="md">
        <form
          className="form"
          noValidate
          onSubmit={form.handleSubmit((values) => register.mutate({ ...values, language: i18n.language as TLanguage }))}
        >
          <p className="form__hint">{t('app.requiredHint')}</p>
          <TextField {...form.field('businessName')} label={t('auth.businessName')} autoComplete="organization" required />
          <TextField {...form.field('fullName')} label={t('auth.fullName')} autoComplete="name" required />
          <TextField {...form.field('email')} label={t('auth.email')} type="email" autoComplete="email" inputMode="email" required />
          <TextField
            {...form.field('password')}
            label={t('auth.password')}
            type="password"
            autoComplete="new-password"
            hint={t('auth.passwordHint')}
            required
          />
          <Button type="submit" block busy={register.isPending}>
            {t('auth.registerButton')}
          </Button>
        </form>
        <SocialSignIn />
        <p>
          {t('auth.haveAccount')} <Link href={loginHref}>{t('auth.loginButton')}</Link>
        </p>
      </Card>
    </PublicScreen>
  );
}
