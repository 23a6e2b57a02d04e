import { ZCreateApiTokenInput } from '@reorder/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from '../../forms/use-form.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { apiErrorInfo, trpc } from '../../lib/trpc.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { type Option, PasswordField, SelectField, TextField } from '../../ui/fields.tsx';
import { List, ListItem } from '../../ui/List.tsx';
import { Empty, Form, Hint, ItemName, StatusLine } from '../../ui/layout.tsx';
import { SecretOnce } from '../../ui/SecretOnce.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useCreateApiToken, useRevokeApiToken } from './api.ts';

/** Every token expires: 90 days unless another is picked, a year at most (docs/decisions.md §8.6). */
const EXPIRY_DAYS = ['30', '90', '365'] as const;

/**
 * Personal API tokens for the owner's scripts (docs/decisions.md §7, §8.6):
 * list them, make one (its secret shown once, with a copy button), revoke
 * one. Making one needs a confirmed email, and the password when this device
 * signed in more than 15 minutes ago.
 */
export function ApiTokensCard() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const verified = useSession()?.user.emailVerified !== false;
  const tokens = useQuery(trpc.auth.tokens.queryOptions({}));
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm(ZCreateApiTokenInput.pick({ name: true }), { name: '', expiresInDays: '90', currentPassword: '' });
  const create = useCreateApiToken({
    onSuccess(created) {
      setSecret(created.token);
      form.reset();
    },
    onError: (error) => toast.error(apiErrorInfo(error).message || t('errors.generic')),
  });
  const revoke = useRevokeApiToken({
    onSuccess: () => toast.success(t('profile.tokenRevoked')),
    onError: () => toast.error(t('errors.generic')),
  });
  const expiries: Option[] = EXPIRY_DAYS.map((days) => ({ value: days, label: t('profile.tokenExpiryDays', { count: Number(days) }) }));
  const date = (iso: string) => formatDateTime(iso, i18n.language);
  const secretTexts = { message: t('profile.tokenCreated'), label: t('profile.tokenValue'), copy: t('profile.copyToken') };

  return (
    <Card title={t('profile.tokensTitle')}>
      <Hint>{t('profile.tokensIntro')}</Hint>
      <SecretOnce id="new-api-token" secret={secret} texts={secretTexts} onDone={() => setSecret(null)} />
      {tokens.data && tokens.data.length === 0 ? <Empty>{t('profile.noTokens')}</Empty> : null}
      <List label={t('profile.tokensTitle')} inset>
        {(tokens.data ?? []).map((token) => (
          <ListItem key={token.id}>
            <div>
              <ItemName>{token.name}</ItemName>
              <StatusLine>
                {[
                  t('profile.tokenMade', { date: date(token.createdAt) }),
                  token.expiresAt ? t('profile.tokenExpires', { date: date(token.expiresAt) }) : t('profile.tokenNoExpiry'),
                  token.lastUsedAt ? t('profile.tokenUsed', { date: date(token.lastUsedAt) }) : t('profile.tokenNeverUsed'),
                ].join(' · ')}
              </StatusLine>
            </div>
            <Button
              variant="ghost"
              small
              aria-label={t('profile.revokeTokenLabel', { name: token.name })}
              busy={revoke.isPending && revoke.variables?.id === token.id}
              onClick={() => revoke.mutate({ id: token.id })}
            >
              {t('profile.revokeToken')}
            </Button>
          </ListItem>
        ))}
      </List>
      {verified ? (
        <Form
          onSubmit={form.handleSubmit(({ name }) => {
            const { expiresInDays, currentPassword } = form.values;
            create.mutate({ name, expiresInDays: Number(expiresInDays), ...(currentPassword ? { currentPassword } : {}) });
          })}
        >
          <TextField {...form.field('name')} label={t('profile.tokenName')} maxLength={100} required />
          <SelectField {...form.field('expiresInDays')} label={t('profile.tokenExpiry')} options={expiries} />
          <PasswordField
            {...form.field('currentPassword')}
            label={t('profile.currentPassword')}
            purpose="current"
            hint={t('profile.tokenPasswordHint')}
          />
          <Button type="submit" busy={create.isPending}>
            {t('profile.createToken')}
          </Button>
        </Form>
      ) : (
        <Hint>{t('profile.tokensNeedVerifiedEmail')}</Hint>
      )}
    </Card>
  );
}
