import { useEffect } from 'react';
import { ApiTokensCard } from '../../features/account/ApiTokensCard.tsx';
import { useCan } from '../../features/businesses/api.ts';
import { WebhooksCards } from '../../features/webhooks/WebhooksCards.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { Screen } from '../../ui/Screen.tsx';

/**
 * What scripts and other tools use (issue 42): API tokens, for owners and
 * managers (they act with the member's role, so staff make none:
 * docs/decisions.md §8.2), and webhooks, for owners (§8.5). Kept off the
 * profile, which holds the everyday settings.
 */
export default function Integrations() {
  const { t } = useTranslation();
  const owner = useCan('owner');
  // The old webhooks address and the failing-webhook email land here at `#webhooks`.
  useEffect(() => {
    if (window.location.hash === '#webhooks') document.getElementById('webhooks')?.scrollIntoView();
  }, []);
  return (
    <Screen route="profile.integrations" title={t('integrations.title')} back={href('profile')}>
      <ApiTokensCard />
      {owner ? <WebhooksCards /> : null}
    </Screen>
  );
}
