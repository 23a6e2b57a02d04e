import { type TLanguage, ZRegisterInput } from '@reorder/schemas';
import { Link, useLocation, useSearch } from 'wouter';
import { useRegister } from '../../features/auth/api.ts';
import { SocialSignIn } from '../../features/auth/SocialSignIn.tsx';
import { useForm } from '../../forms/use-form.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { afterLoginPath } from '../../lib/redirect.ts';
import { browserTimeZone } from '../../lib/schedule-format.ts';
import { startSession } from '../../lib/start-session.ts';
import { apiErrorInfo } from '../../lib/trpc.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmailField, PasswordField, TextField } from '../../ui/fields.tsx';
import { Form, Hint } from '../../ui/layout.tsx';
import { PublicScreen } from '../../ui/Screen.tsx';
import { useToast } from '../../ui/toast.tsx';

export default function Register() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const search = useSearch();
  const [, navigate] = useLocation();
  // An invitation's page links here with the address it was sent to (`?email=`).
  const invited = new URLSearchParams(search).get('email') ?? '';
  const form = useForm(ZRegisterInput, { businessName: '', fullName: '', email: invited, password: '' });
  const register = useRegister({
    onSuccess(session) {
      startSession(session);
      toast.success(t('auth.registered'));
      navigate(afterLoginPath(search, href('suppliers')), { replace: true });
    },
    onError(error) {
      const info = apiErrorInfo(error);
      if (info.kind === 'CONFLICT') form.setIssues([{ path: 'email', message: '' }], () => t('validation.emailTaken'));
      // A common or personal password: the server says why, in the language the form was sent in.
      else if (info.kind === 'BAD_REQUEST') form.setIssues(info.issues.filter((issue) => issue.path === 'password'));
      toast.error(info.kind === 'TOO_MANY_REQUESTS' ? t('errors.tooMany') : t('auth.registerError'));
    },
  });
  const loginHref = search ? `${href('login')}?${search}` : href('login');

  return (
    <PublicScreen title={t('auth.registerTitle')}>
      <Card size="md">
        <Form
          onSubmit={form.handleSubmit((values) =>
            register.mutate({ ...values, language: i18n.language as TLanguage, timeZone: browserTimeZone() }),
          )}
        >
          <Hint>{t('app.requiredHint')}</Hint>
          <TextField {...form.field('businessName')} label={t('auth.businessName')} autoComplete="organization" required />
          <TextField {...form.field('fullName')} label={t('auth.fullName')} autoComplete="name" required />
          <EmailField {...form.field('email')} label={t('auth.email')} required />
          <PasswordField {...form.field('password')} label={t('auth.password')} purpose="new" hint={t('auth.passwordHint')} required />
          <Button type="submit" block busy={register.isPending}>
            {t('auth.registerButton')}
          </Button>
        </Form>
        <SocialSignIn />
        <p>
          {t('auth.haveAccount')} <Link href={loginHref}>{t('auth.loginButton')}</Link>
        </p>
      </Card>
    </PublicScreen>
  );
}
