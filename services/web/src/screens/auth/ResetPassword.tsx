import { ZResetPasswordInput } from '@reorder/schemas';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { useResetPassword } from '../../features/auth/api.ts';
import { useForm } from '../../forms/use-form.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { apiErrorInfo } from '../../lib/trpc.ts';
import { Button, LinkButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { PasswordField } from '../../ui/fields.tsx';
import { Form } from '../../ui/layout.tsx';
import { PublicScreen } from '../../ui/Screen.tsx';
import { useToast } from '../../ui/toast.tsx';

const ZNewPasswordForm = ZResetPasswordInput.pick({ password: true });

/** Sets a new password with the token from the email; the user then signs in with it (no automatic sign-in). */
export default function ResetPassword() {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const { token = '' } = useParams<{ token: string }>();
  const [linkInvalid, setLinkInvalid] = useState(false);
  const form = useForm(ZNewPasswordForm, { password: '' });
  const reset = useResetPassword({
    onSuccess() {
      toast.success(t('auth.resetDone'));
      navigate(href('login'), { replace: true });
    },
    onError(error) {
      const info = apiErrorInfo(error);
      if (info.kind === 'BAD_REQUEST' && info.issues.some((issue) => issue.path === 'token')) {
        setLinkInvalid(true);
      } else if (info.kind === 'BAD_REQUEST' && info.issues.some((issue) => issue.path === 'password')) {
        form.setIssues(info.issues.filter((issue) => issue.path === 'password'));
      } else {
        toast.error(info.kind === 'TOO_MANY_REQUESTS' ? t('errors.tooMany') : t('auth.loginError'));
      }
    },
  });

  return (
    <PublicScreen title={t('auth.resetTitle')}>
      <Card size="md">
        {linkInvalid ? (
          <div role="alert">
            <p>{t('errors.resetInvalid')}</p>
            <LinkButton href={href('forgotPassword')} block>
              {t('auth.newLink')}
            </LinkButton>
          </div>
        ) : (
          <Form onSubmit={form.handleSubmit(({ password }) => reset.mutate({ token, password }))}>
            <PasswordField {...form.field('password')} label={t('auth.newPassword')} purpose="new" hint={t('auth.passwordHint')} required />
            <Button type="submit" block busy={reset.isPending}>
              {t('auth.resetButton')}
            </Button>
          </Form>
        )}
        <p>
          <Link href={href('login')}>{t('auth.backToLogin')}</Link>
        </p>
      </Card>
    </PublicScreen>
  );
}
