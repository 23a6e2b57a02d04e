import type { TLanguage } from '@reorder/schemas';
import { useUpdateMe } from '../../features/account/api.ts';
import { DataCard } from '../../features/account/DataCard.tsx';
import { PushDevicesCard } from '../../features/account/PushDevicesCard.tsx';
import { RemindersCard } from '../../features/account/RemindersCard.tsx';
import { SessionsCard } from '../../features/account/SessionsCard.tsx';
import { useCan } from '../../features/businesses/api.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { LinkButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { LanguageSwitch } from '../../ui/LanguageSwitch.tsx';
import { Details, MenuLinks } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useToast } from '../../ui/toast.tsx';

/**
 * The everyday settings: who you are, the language (the switch also saves the
 * choice to the account), reminders, the business, devices, your data and
 * signing out. What scripts use (API tokens, webhooks) is one row away, on
 * Integrations (issue 42).
 */
export default function Profile() {
  const { t } = useTranslation();
  const toast = useToast();
  const user = useSession()?.user;
  // Integrations holds API tokens, which act with the member's role: staff make none (docs/decisions.md §8.2).
  const integrates = useCan('manager');
  const updateMe = useUpdateMe({ onError: () => toast.error(t('profile.updateError')) });
  const saveLanguage = (language: TLanguage) => {
    if (language !== user?.language) updateMe.mutate({ language });
  };

  return (
    <Screen route="profile" title={t('profile.title')}>
      {user ? (
        <Card>
          <Details>
            <dt>{t('profile.username')}</dt>
            <dd>{user.username}</dd>
            <dt>{t('auth.businessName')}</dt>
            <dd>{user.businessName}</dd>
            <dt>{t('auth.fullName')}</dt>
            <dd>{user.fullName}</dd>
            <dt>{t('auth.email')}</dt>
            <dd>{user.email}</dd>
          </Details>
        </Card>
      ) : null}
      <Card>
        <LanguageSwitch onChange={saveLanguage} />
      </Card>
      <RemindersCard />
      <PushDevicesCard />
      <MenuLinks>
        {(
          [
            ['profile.business', 'businesses.membersLink'],
            ...(integrates ? ([['profile.integrations', 'integrations.link']] as const) : []),
            ['profile.me', 'profile.edit'],
            ['feedback', 'profile.feedback'],
            ['logout', 'profile.signOut'],
          ] as const
        ).map(([route, label]) => (
          <LinkButton key={route} href={href(route)} variant={route === 'logout' ? 'danger' : 'secondary'} block>
            {t(label)}
          </LinkButton>
        ))}
      </MenuLinks>
      <SessionsCard />
      <DataCard />
    </Screen>
  );
}
