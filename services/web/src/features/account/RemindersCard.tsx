import { LIMITS } from '@reorder/schemas/limits';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { apiErrorInfo, trpc } from '../../lib/trpc.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { CheckboxField, type Option, SelectField } from '../../ui/fields.tsx';
import { Hint } from '../../ui/layout.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useDeletePushSubscription, useSavePushSubscription, useUpdateMe } from './api.ts';
import { type PushState, PushUnavailable, pushState, subscribe, unsubscribe } from './push.ts';

const MINUTES = [15, 30, 60, 120, 180, 240, 360, 720, LIMITS.reminderMinutesMax];

/** Every IANA zone the browser knows, with the account's own first among them when the browser lacks it. */
function timeZones(current: string): string[] {
  const known = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return known.includes(current) ? known : [current, ...known];
}

/**
 * The owner's time zone and reminders (docs/decisions.md §6.3): each change is
 * saved at once; "Allow notifications on this device" subscribes this
 * browser to Web Push.
 */
export function RemindersCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const user = useSession()?.user;
  const timeZone = user?.timeZone ?? 'UTC';
  const zones = useMemo(() => timeZones(timeZone).map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })), [timeZone]);
  const config = useQuery(trpc.config.get.queryOptions({}, { staleTime: Number.POSITIVE_INFINITY, retry: false }));
  const updateMe = useUpdateMe({
    onSuccess: () => toast.success(t('profile.remindersSaved')),
    onError: () => toast.error(t('profile.updateError')),
  });
  const pushOn = useSavePushSubscription();
  const pushOff = useDeletePushSubscription();
  const [device, setDevice] = useState<PushState | 'busy'>('busy');
  useEffect(() => {
    pushState().then(setDevice, () => setDevice('unsupported'));
  }, []);

  const minutes: Option[] = MINUTES.map((count) => ({
    value: String(count),
    label: t('profile.reminderMinutesOption', {
      label: count < 60 ? t('profile.minutes', { count }) : t('profile.hours', { count: count / 60 }),
    }),
  }));

  async function allow() {
    const key = config.data?.vapidPublicKey;
    if (!key) return;
    setDevice('busy');
    try {
      try {
        await pushOn.mutateAsync(await subscribe(key));
      } catch (error) {
        // The browser's endpoint belongs to another account that signed in here (docs/decisions.md §8.6): a new one is this account's.
        if (apiErrorInfo(error).kind !== 'CONFLICT') throw error;
        await unsubscribe();
        await pushOn.mutateAsync(await subscribe(key));
      }
      setDevice('on');
      toast.success(t('profile.notificationsOn'));
    } catch (error) {
      if (error instanceof PushUnavailable) setDevice(error.reason);
      else {
        setDevice('off');
        toast.error(t('profile.notificationsError'));
      }
    }
  }

  async function stop() {
    setDevice('busy');
    const endpoint = await unsubscribe().catch(() => undefined);
    if (endpoint) await pushOff.mutateAsync({ endpoint }).catch(() => undefined);
    setDevice('off');
    toast.info(t('profile.notificationsOff'));
  }

  if (!user) return null;
  return (
    <Card title={t('profile.remindersTitle')}>
      <Hint>{t('profile.remindersIntro')}</Hint>
      <SelectField
        id="field-timeZone"
        name="timeZone"
        label={t('profile.timeZone')}
        value={timeZone}
        options={zones}
        onChange={(event) => updateMe.mutate({ timeZone: event.target.value })}
      />
      <CheckboxField
        id="field-reminders"
        label={t('profile.remindersOn')}
        checked={user.reminders ?? true}
        onChange={(checked) => updateMe.mutate({ reminders: checked })}
      />
      {user.reminders !== false ? (
        <SelectField
          id="field-reminderMinutes"
          name="reminderMinutes"
          label={t('profile.reminderMinutes')}
          value={String(user.reminderMinutes ?? LIMITS.reminderMinutesDefault)}
          options={minutes}
          onChange={(event) => updateMe.mutate({ reminderMinutes: Number(event.target.value) })}
        />
      ) : null}
      <p className="field__hint" role="status">
        {device === 'on'
          ? t('profile.notificationsOn')
          : device === 'blocked'
            ? t('profile.notificationsBlocked')
            : device === 'unsupported'
              ? t('profile.notificationsUnsupported')
              : null}
      </p>
      {device === 'on' ? (
        <Button variant="secondary" onClick={stop}>
          {t('profile.stopNotifications')}
        </Button>
      ) : user.emailVerified === false ? (
        // Only a confirmed address subscribes a browser (docs/decisions.md §8.6).
        <Hint>{t('profile.notificationsNeedVerifiedEmail')}</Hint>
      ) : device === 'off' || device === 'busy' ? (
        <Button variant="secondary" busy={device === 'busy'} disabled={!config.data?.vapidPublicKey} onClick={allow}>
          {t('profile.allowNotifications')}
        </Button>
      ) : null}
    </Card>
  );
}
