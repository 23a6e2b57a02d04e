import { useQuery } from '@tanstack/react-query';
import { formatShortDate } from '../../lib/format-date.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { trpc } from '../../lib/trpc.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { List, ListItem } from '../../ui/List.tsx';
import { Badge, Empty, Hint, ItemName, StatusLine } from '../../ui/layout.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useRemovePushDevice } from './api.ts';
import { deviceLabel } from './device-name.ts';

/**
 * The browsers that receive the account's notifications (docs/decisions.md
 * §9.7): each with when it was allowed, and a way to stop it. This browser's
 * own is turned off in the reminders card, which also forgets it here.
 */
export function PushDevicesCard() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const devices = useQuery(trpc.push.list.queryOptions({}));
  const remove = useRemovePushDevice({
    onSuccess: () => toast.success(t('profile.pushDeviceRemoved')),
    onError: () => toast.error(t('errors.generic')),
  });
  const list = devices.data ?? [];

  return (
    <Card title={t('profile.pushDevicesTitle')}>
      <Hint>{t('profile.pushDevicesIntro')}</Hint>
      {devices.isSuccess && list.length === 0 ? <Empty>{t('profile.noPushDevices')}</Empty> : null}
      {list.length > 0 ? (
        <List label={t('profile.pushDevicesTitle')} inset>
          {list.map((device) => {
            const name = deviceLabel(t, device.userAgent);
            return (
              <ListItem key={device.id}>
                <div>
                  <ItemName>
                    {name} {device.current ? <Badge>{t('profile.thisDevice')}</Badge> : null}
                  </ItemName>
                  <StatusLine>{t('profile.pushDeviceSince', { date: formatShortDate(device.createdAt, i18n.language) })}</StatusLine>
                </div>
                {device.current ? null : (
                  <Button
                    variant="ghost"
                    small
                    aria-label={t('profile.removePushDeviceLabel', { device: name })}
                    busy={remove.isPending && remove.variables?.id === device.id}
                    onClick={() => remove.mutate({ id: device.id })}
                  >
                    {t('profile.removePushDevice')}
                  </Button>
                )}
              </ListItem>
            );
          })}
        </List>
      ) : null}
    </Card>
  );
}
