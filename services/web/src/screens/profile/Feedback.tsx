import { LIMITS, ZFeedbackInput } from '@reorder/schemas';
import { useLocation } from 'wouter';
import { useSendFeedback } from '../../features/feedback/api.ts';
import { useForm } from '../../forms/use-form.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmailField, TextArea, TextField } from '../../ui/fields.tsx';
import { Form, Hint } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useToast } from '../../ui/toast.tsx';

/** The feedback form, prefilled with the current user's name and email. */
export default function Feedback() {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const user = useSession()?.user;
  const form = useForm(ZFeedbackInput, { fullName: user?.fullName ?? '', email: user?.email ?? '', note: '' });
  const send = useSendFeedback({
    onSuccess() {
      toast.success(t('feedback.sent'));
      navigate(href('profile'));
    },
    onError: () => toast.error(t('feedback.error')),
  });

  return (
    <Screen route="feedback" title={t('feedback.title')} back={href('profile')}>
      <Card>
        <p>{t('feedback.intro')}</p>
        <Form onSubmit={form.handleSubmit((values) => send.mutate(values))}>
          <Hint>{t('app.requiredHint')}</Hint>
          <TextField {...form.field('fullName')} label={t('auth.fullName')} autoComplete="name" maxLength={LIMITS.nameMax} required />
          <EmailField {...form.field('email')} label={t('auth.email')} maxLength={LIMITS.emailMax} required />
          <TextArea {...form.field('note')} label={t('feedback.note')} max={LIMITS.feedbackNoteMax} rows={6} required />
          <Button type="submit" block busy={send.isPending}>
            {t('feedback.send')}
          </Button>
        </Form>
      </Card>
    </Screen>
  );
}
