import { ZForgotPasswordInput } from '@reorder/schemas';
import { useState } from 'react';
import { Link } from 'wouter';
import { useForgotPassword } from '../../features/auth/api.ts';
import { useForm } from '../../forms/use-form.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { apiErrorInfo } from '../../lib/trpc.ts';
import { Button, LinkButton } from '../../ui/Button.tsx';
import { Card, CardTitle } from '../../ui/Card.tsx';
import { EmailField } from '../../ui/fields.tsx';
import { Form } from '../../ui/layout.tsx';
import { PublicScreen } from '../../ui/Screen.tsx';
import { useToast } from '../../ui/toast.tsx';

/** Asks for a reset link; the answer is the same whether or not the email has an account (docs/decisions.md §4). */
export default function ForgotPassword() {
  const { t } = useTranslation();
  const toast = useToast();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm(ZForgotPasswordInput, { email: '' });
  const forgot = useForgotPassword({
    onSuccess(input) {
      setSentTo(input.email);
      toast.success(t('auth.emailed'));
    },
    onError(error) {
      toast.error(apiErrorInfo(error).kind === 'TOO_MANY_REQUESTS' ? t('errors.tooMany') : t('auth.loginError'));
    },
  });

  return (
    <PublicScreen title={t('auth.forgotTitle')}>
      <Card size="md">
        {sentTo !== null ? (
          <div role="status">
            <CardTitle>{t('auth.emailed')}</CardTitle>
            <p>{t('auth.emailedHint', { email: sentTo })}</p>
            <LinkButton href={href('login')} block>
              {t('auth.backToLogin')}
            </LinkButton>
          </div>
        ) : (
          <>
            <p>{t('auth.forgotIntro')}</p>
            <Form onSubmit={form.handleSubmit((values) => forgot.mutate(values))}>
              <EmailField {...form.field('email')} label={t('auth.email')} required />
              <Button type="submit" block busy={forgot.isPending}>
                {t('auth.sendLink')}
              </Button>
            </Form>
            <p>
              <Link href={href('login')}>{t('auth.backToLogin')}</Link>
            </p>
          </>
        )}
      </Card>
    </PublicScreen>
  );
}
