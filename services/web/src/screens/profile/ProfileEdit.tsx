import { LANGUAGES, LIMITS, type TUpdateMeInput, ZUpdateMeInput } from '@reorder/schemas';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { setLanguage } from '../../app/i18n.ts';
import { sessionStore, useSession } from '../../app/session.ts';
import { useToast } from '../../app/toast.tsx';
import { apiErrorInfo, trpc } from '../../app/trpc.ts';
import { useForm } from '../../forms/use-form.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { type Option, SelectField, TextField } from '../../ui/fields.tsx';
import { Screen } from '../../ui/Screen.tsx';

/**
 * Edits the profile. A successful update replaces the current user and sets
 * the language (spec §4). A new password ends every session, this one too
 * (DECISIONS §4), so the screen signs in again with it before going back.
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
  });
  const update = trpc.users.updateMe.useMutation();
  const login = trpc.auth.login.useMutation();
  const languages: Option[] = LANGUAGES.map((value) => ({ value, label: t(`app.languages.${value}`) }));

  async function save(values: TUpdateMeInput) {
    let updated: Awaited<ReturnType<typeof update.mutateAsync>>;
    try {
      updated = await update.mutateAsync(values);
    } catch (error) {
      if (apiErrorInfo(error).kind === 'CONFLICT') form.setIssues([{ path: 'email', message: '' }], () => t('validation.emailTaken'));
      toast.error(t('profile.updateError'));
      return;
    }
    if (values.password) {
      // The old token is revoked now: sign in with the new password to stay signed in.
      try {
        const session = await login.mutateAsync({ email: updated.email, password: values.password });
        sessionStore.set(session.token, session.user);
      } catch {
        setLanguage(updated.language);
        sessionStore.clear();
        toast.success(i18n.t('profile.updated', { lng: updated.language }));
        toast.info(i18n.t('auth.resetDone', { lng: updated.language }));
        navigate(`/login?redirectFrom=${encodeURIComponent('/profile')}`, { replace: true });
        return;
      }
    } else {
      sessionStore.setUser(updated);
    }
    setLanguage(updated.language);
    // In the language just chosen, not the one this render started with.
    toast.success(i18n.t('profile.updated', { lng: updated.language }));
    navigate('/profile');
  }

  return (
    <Screen route="profile.me" title={t('profile.editTitle')} back="/profile">
      <Card>
        <form className="form" noValidate onSubmit={form.handleSubmit(save)}>
          <p className="form__hint">{t('app.requiredHint')}</p>
          <TextField
            {...form.field('businessName')}
            label={t('auth.businessName')}
            autoComplete="organization"
            maxLength={LIMITS.nameMax}
            required
          />
          <TextField {...form.field('fullName')} label={t('auth.fullName')} autoComplete="name" maxLength={LIMITS.nameMax} required />
          <TextField
            {...form.field('email')}
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={LIMITS.emailMax}
            required
          />
          <SelectField {...form.field('language')} label={t('app.language')} options={languages} required />
          <TextField
            {...form.field('password')}
            label={t('profile.newPassword')}
            type="password"
            autoComplete="new-password"
            hint={`${t('profile.newPasswordHint')} ${t('auth.passwordHint')}`}
            maxLength={LIMITS.passwordMax}
          />
          <Button type="submit" block busy={update.isPending || login.isPending}>
            {t('app.save')}
          </Button>
        </form>
      </Card>
    </Screen>
  );
}
