import { LANGUAGES, LIMITS, type TUpdateMeInput, ZUpdateMeInput } from '@reorder/schemas';
import { useLocation } from 'wouter';
import { useUpdateMe } from '../../features/account/api.ts';
import { useForm } from '../../forms/use-form.ts';
import { setLanguage, useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { apiErrorInfo } from '../../lib/trpc.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmailField, type Option, PasswordField, SelectField, TextField } from '../../ui/fields.tsx';
import { Form, Hint } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useToast } from '../../ui/toast.tsx';

/**
 * Edits the profile. A successful update replaces the current user and sets
 * the language (docs/product.md §4). A new password or email needs the current password
 * (docs/decisions.md §4); a new password signs out every other device, and a new
 * email takes effect once the link mailed to it is opened.
 */
export default function ProfileEdit() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const user = useSession()?.user;
  const form = useForm(ZUpdateMeInput, {
    businessName: user?.businessName ?? '',
    fullName: user?.fullName ?? '',
    email: user?.email ?? '',
    language: user?.language ?? 'en',
    password: '',
    currentPassword: '',
  });
  const update = useUpdateMe();
  const languages: Option[] = LANGUAGES.map((value) => ({ value, label: t(`app.languages.${value}`) }));
  const sensitive = form.values.password !== '' || form.values.email.trim().toLowerCase() !== (user?.email ?? '').toLowerCase();

  async function save(values: TUpdateMeInput) {
    let updated: Awaited<ReturnType<typeof update.mutateAsync>>;
    try {
      updated = await update.mutateAsync(values);
    } catch (error) {
      const info = apiErrorInfo(error);
      if (info.kind === 'CONFLICT') form.setIssues([{ path: 'email', message: '' }], () => t('validation.emailTaken'));
      else if (info.issues.length) {
        form.setIssues(info.issues, (issue) => {
          if (issue.path !== 'currentPassword') return issue.message;
          if (info.kind === 'BAD_REQUEST') return t('validation.required');
          return /sign in again/i.test(issue.message) ? t('profile.signInAgain') : t('profile.currentPasswordWrong');
        });
      }
      toast.error(t('profile.updateError'));
      return;
    }
    await setLanguage(updated.language);
    // In the language just chosen, not the one this render started with.
    toast.success(i18n.t('profile.updated', { lng: updated.language }));
    if (values.email && values.email.toLowerCase() !== updated.email.toLowerCase()) {
      toast.info(i18n.t('profile.emailPending', { lng: updated.language, email: values.email }));
    }
    navigate(href('profile'));
  }

  return (
    <Screen route="profile.me" title={t('profile.editTitle')} back={href('profile')}>
      <Card>
        <Form onSubmit={form.handleSubmit(save)}>
          <Hint>{t('app.requiredHint')}</Hint>
          <TextField
            {...form.field('businessName')}
            label={t('auth.businessName')}
            autoComplete="organization"
            maxLength={LIMITS.nameMax}
            required
          />
          <TextField {...form.field('fullName')} label={t('auth.fullName')} autoComplete="name" maxLength={LIMITS.nameMax} required />
          <EmailField {...form.field('email')} label={t('auth.email')} maxLength={LIMITS.emailMax} required />
          <SelectField {...form.field('language')} label={t('app.language')} options={languages} required />
          <PasswordField
            {...form.field('password')}
            label={t('profile.newPassword')}
            purpose="new"
            hint={`${t('profile.newPasswordHint')} ${t('auth.passwordHint')}`}
            maxLength={LIMITS.passwordMax}
          />
          {sensitive ? (
            <PasswordField
              {...form.field('currentPassword')}
              label={t('profile.currentPassword')}
              purpose="current"
              hint={t('profile.currentPasswordHint')}
              maxLength={LIMITS.passwordMax}
            />
          ) : null}
          <Button type="submit" block busy={update.isPending}>
            {t('app.save')}
          </Button>
        </Form>
      </Card>
    </Screen>
  );
}
