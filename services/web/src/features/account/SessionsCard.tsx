import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { formatDateTime } from '../../lib/format-date.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { trpc } from '../../lib/trpc.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { List, ListItem } from '../../ui/List.tsx';
import { Badge, ButtonRow, Hint, ItemName, StatusLine } from '../../ui/layout.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useEndSession, useSignOutEverywhere } from './api.ts';
import { deviceLabel } from './device-name.ts';

/** The signed-in devices of the account (docs/decisions.md §4): end one, or all of them. */
export function SessionsCard() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const sessions = useQuery(trpc.auth.sessions.queryOptions({}));
  const end = useEndSession({
    onSuccess: () => toast.success(t('profile.sessionEnded')),
    onError: () => toast.error(t('errors.generic')),
  });
  const endAll = useSignOutEverywhere({
    onSuccess: () => navigate(href('login'), { replace: true }),
    onError: () => toast.error(t('errors.generic')),
  });
  const label = (userAgent: string) => deviceLabel(t, userAgent);

  return (
    <Card title={t('profile.sessionsTitle')}>
      <Hint>{t('profile.sessionsIntro')}</Hint>
      <List label={t('profile.sessionsTitle')} inset>
        {(sessions.data ?? []).map((session) => {
          const name = label(session.userAgent);
          return (
            <ListItem key={session.id}>
              <div>
                <ItemName>
                  {name} {session.current ? <Badge>{t('profile.thisDevice')}</Badge> : null}
                </ItemName>
                <StatusLine>
                  {t('profile.sessionDates', {
                    created: formatDateTime(session.createdAt, i18n.language),
                    lastSeen: formatDateTime(session.lastSeenAt, i18n.language),
                  })}
                </StatusLine>
              </div>
              {session.current ? null : (
                <Button
                  variant="ghost"
                  small
                  aria-label={t('profile.endSessionLabel', { device: name })}
                  busy={end.isPending && end.variables?.id === session.id}
                  onClick={() => end.mutate({ id: session.id })}
                >
                  {t('profile.endSession')}
                </Button>
              )}
            </ListItem>
          );
        })}
      </List>
      <ButtonRow>
        <Button variant="danger" busy={endAll.isPending} onClick={() => endAll.mutate({})}>
          {t('profile.signOutEverywhere')}
        </Button>
      </ButtonRow>
    </Card>
  );
}
