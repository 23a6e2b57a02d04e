import { LIMITS, type TWebhook, type TWebhookEvent, WEBHOOK_EVENTS, ZCreateWebhookInput } from '@reorder/schemas';
import { useState } from 'react';
import { useForm } from '../../forms/use-form.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { apiErrorInfo } from '../../lib/trpc.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { CheckboxField, TextField } from '../../ui/fields.tsx';
import { List, ListActions, ListItem, ListText } from '../../ui/List.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Empty, Form, Hint, StatusLine } from '../../ui/layout.tsx';
import { SecretOnce } from '../../ui/SecretOnce.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useCreateWebhook, useDeleteWebhook, useTestWebhook, useWebhookDeliveries, useWebhooks } from './api.ts';

/** Each event's text key: the dotted names cannot be keys themselves. */
const EVENT_KEYS = {
  'order.sent': 'webhooks.eventOrderSent',
  'order.confirmed': 'webhooks.eventOrderConfirmed',
  'product.price_changed': 'webhooks.eventPriceChanged',
  'receipt.done': 'webhooks.eventReceiptDone',
  'claim.answered': 'webhooks.eventClaimAnswered',
} as const satisfies Record<TWebhookEvent, string>;

/**
 * The business's webhooks, for owners (docs/decisions.md §8.5), on the
 * Integrations screen: the endpoints, adding one (its secret shown once,
 * with a copy button), "Send test event", each one's deliveries log, and
 * deleting one.
 */
export function WebhooksCards() {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const [secret, setSecret] = useState<string | null>(null);
  const [log, setLog] = useState<number | null>(null);
  const logged = webhooks.data?.find((webhook) => webhook.id === log);
  const secretTexts = { message: t('webhooks.added'), label: t('webhooks.secret'), copy: t('webhooks.copySecret') };
  return (
    <>
      <Card title={t('webhooks.title')} id="webhooks">
        <Hint>{t('webhooks.intro')}</Hint>
        <SecretOnce id="new-webhook-secret" secret={secret} texts={secretTexts} onDone={() => setSecret(null)} />
        {webhooks.isPending ? <Loading /> : null}
        {webhooks.data?.length === 0 ? <Empty>{t('webhooks.empty')}</Empty> : null}
        <List label={t('webhooks.title')} inset>
          {(webhooks.data ?? []).map((webhook) => (
            <WebhookItem
              key={webhook.id}
              webhook={webhook}
              logOpen={log === webhook.id}
              toggleLog={() => setLog(log === webhook.id ? null : webhook.id)}
            />
          ))}
        </List>
      </Card>
      {logged ? (
        <Card title={t('webhooks.deliveriesOf', { url: logged.url })}>
          <Deliveries id={logged.id} />
        </Card>
      ) : null}
      {(webhooks.data?.length ?? 0) >= LIMITS.webhooksPerBusiness ? (
        <Hint>{t('webhooks.limit', { count: LIMITS.webhooksPerBusiness })}</Hint>
      ) : (
        <AddCard onAdded={setSecret} />
      )}
    </>
  );
}

/** One endpoint: where, what, whether on; test it, read its log, delete it. */
function WebhookItem({ webhook, logOpen, toggleLog }: { webhook: TWebhook; logOpen: boolean; toggleLog: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [deleting, setDeleting] = useState(false);
  const date = (iso: string) => formatDateTime(iso, i18n.language);
  const test = useTestWebhook({
    onSuccess(delivery) {
      if (delivery.status === 'delivered') toast.success(t('webhooks.testDelivered', { status: String(delivery.responseStatus) }));
      else toast.error(t('webhooks.testFailed', { error: delivery.error ?? '' }));
    },
    onError: (error) => toast.error(apiErrorInfo(error).message || t('errors.generic')),
  });
  const remove = useDeleteWebhook({
    onSuccess: () => toast.success(t('webhooks.deleted')),
    onError: () => toast.error(t('errors.generic')),
  });
  const state = webhook.disabledAt
    ? t('webhooks.switchedOff', { date: date(webhook.disabledAt) })
    : webhook.failingSince
      ? t('webhooks.failingSince', { date: date(webhook.failingSince) })
      : t('webhooks.on');
  return (
    <ListItem>
      <ListText title={webhook.url} meta={[webhook.events.map((event) => t(EVENT_KEYS[event])).join(', '), state].join(' · ')} />
      <ListActions>
        <Button variant="secondary" small busy={test.isPending} onClick={() => test.mutate({ id: webhook.id })}>
          {t('webhooks.sendTest')}
        </Button>
        <Button variant="ghost" small aria-expanded={logOpen} onClick={toggleLog}>
          {logOpen ? t('webhooks.hideDeliveries') : t('webhooks.showDeliveries')}
        </Button>
        <Button variant="ghost" small aria-label={t('webhooks.deleteLabel', { url: webhook.url })} onClick={() => setDeleting(true)}>
          {t('webhooks.delete')}
        </Button>
      </ListActions>
      <ConfirmDialog
        open={deleting}
        title={t('webhooks.deleteTitle')}
        confirmLabel={t('webhooks.delete')}
        cancelLabel={t('app.cancel')}
        onConfirm={() => {
          setDeleting(false);
          remove.mutate({ id: webhook.id });
        }}
        onCancel={() => setDeleting(false)}
      >
        <p>{t('webhooks.deleteText', { url: webhook.url })}</p>
      </ConfirmDialog>
    </ListItem>
  );
}

/** The endpoint's last 100 deliveries, newest first. */
function Deliveries({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const deliveries = useWebhookDeliveries(id, true);
  if (deliveries.isPending) return <Loading />;
  if (!deliveries.data?.length) return <Empty>{t('webhooks.noDeliveries')}</Empty>;
  return (
    <List label={t('webhooks.deliveriesTitle')}>
      {deliveries.data.map((delivery) => (
        <ListItem key={delivery.id}>
          <div>
            <ListText
              title={`${delivery.type} · ${t(`webhooks.status.${delivery.status}`)}`}
              meta={formatDateTime(delivery.createdAt, i18n.language)}
            />
            <StatusLine>
              {[
                t('webhooks.attempts', { count: delivery.attempts }),
                delivery.responseStatus === null ? null : `HTTP ${delivery.responseStatus}`,
                delivery.error,
                delivery.nextAttemptAt ? t('webhooks.nextAttempt', { date: formatDateTime(delivery.nextAttemptAt, i18n.language) }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </StatusLine>
          </div>
        </ListItem>
      ))}
    </List>
  );
}

/** Adds an endpoint: its https URL and the events it hears (all three to start with). */
function AddCard({ onAdded }: { onAdded: (secret: string) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const verified = useSession()?.user.emailVerified !== false;
  const form = useForm(ZCreateWebhookInput.pick({ url: true }), { url: '' });
  const [events, setEvents] = useState<TWebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [eventsError, setEventsError] = useState(false);
  const create = useCreateWebhook({
    onSuccess(created) {
      onAdded(created.secret);
      form.reset();
    },
    onError(error) {
      const info = apiErrorInfo(error);
      if (info.issues.length) form.setIssues(info.issues);
      else toast.error(info.message || t('errors.generic'));
    },
  });
  if (!verified) {
    return (
      <Card title={t('webhooks.addTitle')}>
        <Hint>{t('webhooks.needVerifiedEmail')}</Hint>
      </Card>
    );
  }
  return (
    <Card title={t('webhooks.addTitle')}>
      <Form
        onSubmit={form.handleSubmit(({ url }) => {
          setEventsError(events.length === 0);
          if (events.length > 0) create.mutate({ url, events });
        })}
      >
        <TextField {...form.field('url')} label={t('webhooks.url')} hint={t('webhooks.urlHint')} type="url" maxLength={2048} required />
        <fieldset>
          <legend>{t('webhooks.events')}</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <CheckboxField
              key={event}
              id={`webhook-event-${event}`}
              label={t(EVENT_KEYS[event])}
              checked={events.includes(event)}
              onChange={(checked) => setEvents(checked ? [...events, event] : events.filter((e) => e !== event))}
            />
          ))}
          {eventsError ? <Hint role="alert">{t('webhooks.chooseEvent')}</Hint> : null}
        </fieldset>
        <Button type="submit" busy={create.isPending}>
          {t('webhooks.add')}
        </Button>
      </Form>
    </Card>
  );
}
