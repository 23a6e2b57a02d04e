import { LIMITS, ZDeleteAccountInput } from '@reorder/schemas';
import { useLocation } from 'wouter';
import { useBusinessesErasedWithMe, useDeleteAccount } from '../../features/account/api.ts';
import { useForgetSession } from '../../features/auth/api.ts';
import { useForm } from '../../forms/use-form.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { apiErrorInfo } from '../../lib/trpc.ts';
import { Button, LinkButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { PasswordField } from '../../ui/fields.tsx';
import { ButtonRow, Form } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useToast } from '../../ui/toast.tsx';

/**
 * Deletes the account and everything in it (docs/decisions.md §7), once the owner
 * has said who they are: the current password, or for an account without
 * one a sign-in less than 15 minutes old. Then this device forgets the
 * session and goes home.
 */
export default function AccountDelete() {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const forgetSession = useForgetSession();
  const form = useForm(ZDeleteAccountInput, { currentPassword: '' });
  const remove = useDeleteAccount();
  const erased = useBusinessesErasedWithMe();

  async function confirm({ currentPassword }: { currentPassword?: string }) {
    try {
      await remove.mutateAsync({ currentPassword: currentPassword || undefined });
    } catch (error) {
      const info = apiErrorInfo(error);
      if (info.issues.some((issue) => issue.path === 'currentPassword')) {
        form.setIssues(info.issues, (issue) => {
          if (info.kind === 'BAD_REQUEST') return t('validation.required');
          return /sign in again/i.test(issue.message) ? t('profile.deleteSignInAgain') : t('profile.currentPasswordWrong');
        });
      }
      toast.error(info.kind === 'TOO_MANY_REQUESTS' ? t('errors.tooMany') : t('profile.deleteError'));
      return;
    }
    forgetSession();
    toast.success(t('profile.deleted'));
    navigate(href('home'), { replace: true });
  }

  return (
    <Screen route="profile.delete" title={t('profile.deleteTitle')} back={href('profile')}>
      <Card size="lg">
        <Form onSubmit={form.handleSubmit(confirm)}>
          <p>{t('profile.deleteWarning')}</p>
          {erased.data?.length ? (
            <div data-testid="erased-businesses">
              <p>{t('profile.deleteBusinesses', { count: erased.data.length })}</p>
              <ul>
                {erased.data.map((business) => (
                  <li key={business.id}>
                    <strong>{business.name}</strong>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <PasswordField
            {...form.field('currentPassword')}
            label={t('profile.currentPassword')}
            purpose="current"
            hint={t('profile.deletePasswordHint')}
            maxLength={LIMITS.passwordMax}
          />
          <ButtonRow>
            <LinkButton href={href('profile')} variant="ghost">
              {t('app.cancel')}
            </LinkButton>
            <Button type="submit" variant="danger" busy={remove.isPending}>
              {t('profile.deleteConfirm')}
            </Button>
          </ButtonRow>
        </Form>
      </Card>
    </Screen>
  );
}
