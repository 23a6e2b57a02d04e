import { type TMember, ZCreateBusinessInput, ZInviteInput } from '@reorder/schemas';
import { ROLES, type Role } from '@reorder/schemas/roles';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { TaxCard } from '../../features/bills/TaxCard.tsx';
import { XeroCard } from '../../features/bills/XeroCard.tsx';
import {
  useActiveBusiness,
  useInvitations,
  useInvite,
  useMembers,
  useRemoveMember,
  useRevokeInvitation,
  useSetRole,
  useUpdateBusiness,
} from '../../features/businesses/api.ts';
import { useForm } from '../../forms/use-form.ts';
import { formatShortDate } from '../../lib/format-date.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { apiErrorInfo } from '../../lib/trpc.ts';
import { Button } from '../../ui/Button.tsx';
import { Card, CardTitle } from '../../ui/Card.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { CompactSelect, EmailField, type Option, SelectField, TextField } from '../../ui/fields.tsx';
import { List, ListActions, ListItem, ListText } from '../../ui/List.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Details, Empty, Form, Hint } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useToast } from '../../ui/toast.tsx';

/**
 * The active business (docs/decisions.md §8.2): its name, its members and
 * their roles, the invitations waiting, and leaving it. Everyone sees who is
 * in it; only an owner renames it, invites, changes roles and removes
 * members. The last owner can neither leave nor be demoted: the server says
 * so, and the screen shows its words.
 */
export default function Business() {
  const { t } = useTranslation();
  const active = useActiveBusiness();
  const members = useMembers();
  const owner = active?.role === 'owner';
  if (!active || members.isPending) {
    return (
      <Screen route="profile.business" title={t('businesses.detailsTitle')} back={href('profile')}>
        <Loading />
      </Screen>
    );
  }
  return (
    <Screen route="profile.business" title={active.name} back={href('profile')}>
      <NameCard name={active.name} role={active.role} />
      <TaxCard business={active} />
      <XeroCard business={active} />
      <MembersCard members={members.data ?? []} business={active.name} owner={owner} />
      {owner ? <InviteCard /> : null}
    </Screen>
  );
}

function useRoleOptions(): Option[] {
  const { t } = useTranslation();
  return ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));
}

/** The business's name: the owner renames it; the others see it and their role. */
function NameCard({ name, role }: { name: string; role: Role }) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useForm(ZCreateBusinessInput, { name });
  const update = useUpdateBusiness({
    onSuccess: () => toast.success(t('businesses.renamed')),
    onError(error) {
      const info = apiErrorInfo(error);
      if (info.issues.length) form.setIssues(info.issues);
      else toast.error(info.message || t('businesses.changeError'));
    },
  });
  if (role !== 'owner') {
    return (
      <Card>
        <Details>
          <dt>{t('businesses.name')}</dt>
          <dd>{name}</dd>
          <dt>{t('businesses.inviteRole')}</dt>
          <dd>{t(`roles.${role}`)}</dd>
        </Details>
        <Hint>{t(`businesses.roleHelp.${role}`)}</Hint>
      </Card>
    );
  }
  return (
    <Card>
      <Form onSubmit={form.handleSubmit((values) => update.mutate({ name: values.name }))}>
        <TextField {...form.field('name')} label={t('businesses.name')} maxLength={100} required />
        <Button type="submit" variant="secondary" busy={update.isPending} disabled={form.values.name.trim() === name}>
          {t('businesses.rename')}
        </Button>
      </Form>
    </Card>
  );
}

/** Who is in the business; an owner changes roles and removes members; anyone may leave. */
function MembersCard({ members, business, owner }: { members: TMember[]; business: string; owner: boolean }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const me = useSession()?.user.id;
  const roles = useRoleOptions();
  const [removing, setRemoving] = useState<TMember | null>(null);
  const failed = (error: unknown) => toast.error(apiErrorInfo(error).message || t('businesses.changeError'));
  const setRole = useSetRole({
    onSuccess: (member) => toast.success(t('businesses.roleChanged', { name: member.fullName, role: t(`roles.${member.role}`) })),
    onError: failed,
  });
  const remove = useRemoveMember({
    onSuccess({ userId }) {
      const self = userId === me;
      toast.success(self ? t('businesses.left', { business }) : t('businesses.removed', { name: removing?.fullName ?? '' }));
      setRemoving(null);
      if (self) navigate(href('orders'), { replace: true });
    },
    onError(error) {
      setRemoving(null);
      failed(error);
    },
  });
  const leaving = removing?.userId === me;

  return (
    <Card title={t('businesses.membersTitle')}>
      <Hint>{t('businesses.membersIntro', { business })}</Hint>
      <List label={t('businesses.membersTitle')} inset>
        {members.map((member) => (
          <ListItem key={member.userId}>
            <ListText
              title={
                <>
                  {member.fullName || member.email} {member.userId === me ? t('businesses.you') : ''}
                </>
              }
              meta={`${member.email} · ${formatShortDate(member.joinedAt, i18n.language)}`}
            />
            <ListActions>
              {owner ? (
                <CompactSelect
                  label={t('businesses.roleOf', { name: member.fullName || member.email })}
                  value={member.role}
                  options={roles}
                  disabled={setRole.isPending}
                  onChange={(role) => setRole.mutate({ userId: member.userId, role: role as Role })}
                />
              ) : (
                <span className="list__meta">{t(`roles.${member.role}`)}</span>
              )}
              {owner && member.userId !== me ? (
                <Button
                  variant="ghost"
                  small
                  aria-label={t('businesses.removeLabel', { name: member.fullName || member.email })}
                  onClick={() => setRemoving(member)}
                >
                  {t('businesses.remove')}
                </Button>
              ) : null}
            </ListActions>
          </ListItem>
        ))}
      </List>
      <Button variant="danger" block onClick={() => setRemoving(members.find((m) => m.userId === me) ?? null)} disabled={me === undefined}>
        {t('businesses.leave', { business })}
      </Button>
      <ConfirmDialog
        open={removing !== null}
        title={leaving ? t('businesses.leaveTitle', { business }) : t('businesses.removeTitle', { name: removing?.fullName ?? '' })}
        confirmLabel={leaving ? t('businesses.leave', { business }) : t('businesses.remove')}
        cancelLabel={t('app.cancel')}
        onConfirm={() => removing && remove.mutate({ userId: removing.userId })}
        onCancel={() => setRemoving(null)}
      >
        <p>{leaving ? t('businesses.leaveText') : t('businesses.removeText', { name: removing?.fullName ?? '', business })}</p>
      </ConfirmDialog>
    </Card>
  );
}

/** Invite by email with a role; the invitations still waiting, each withdrawable. */
function InviteCard() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const roles = useRoleOptions();
  const invitations = useInvitations(true);
  const form = useForm(ZInviteInput, { email: '', role: 'staff' });
  const invite = useInvite({
    onSuccess(invitation) {
      toast.success(t('businesses.invited', { email: invitation.email }));
      form.reset();
    },
    onError(error) {
      const info = apiErrorInfo(error);
      if (info.issues.length) form.setIssues(info.issues);
      else toast.error(info.message || t('businesses.changeError'));
    },
  });
  const revoke = useRevokeInvitation({
    onSuccess: () => toast.success(t('businesses.revoked')),
    onError: (error) => toast.error(apiErrorInfo(error).message || t('businesses.changeError')),
  });
  const role = form.values.role as Role;
  return (
    <Card title={t('businesses.inviteTitle')}>
      <Hint>{t('businesses.inviteIntro')}</Hint>
      <Form onSubmit={form.handleSubmit((values) => invite.mutate(values))}>
        <EmailField {...form.field('email')} label={t('businesses.inviteEmail')} required />
        <SelectField {...form.field('role')} label={t('businesses.inviteRole')} options={roles} hint={t(`businesses.roleHelp.${role}`)} />
        <Button type="submit" busy={invite.isPending}>
          {t('businesses.invite')}
        </Button>
      </Form>
      {invitations.data?.length ? (
        <>
          <CardTitle>{t('businesses.invitationsTitle')}</CardTitle>
          <List label={t('businesses.invitationsTitle')} inset>
            {invitations.data.map((invitation) => (
              <ListItem key={invitation.id}>
                <ListText
                  title={invitation.email}
                  meta={t('businesses.invitationMeta', {
                    role: t(`roles.${invitation.role}`),
                    date: formatShortDate(invitation.expiresAt, i18n.language),
                  })}
                />
                <Button
                  variant="ghost"
                  small
                  aria-label={t('businesses.revokeLabel', { email: invitation.email })}
                  busy={revoke.isPending && revoke.variables?.id === invitation.id}
                  onClick={() => revoke.mutate({ id: invitation.id })}
                >
                  {t('businesses.revoke')}
                </Button>
              </ListItem>
            ))}
          </List>
        </>
      ) : invitations.data ? (
        <Empty>{t('businesses.noInvitations')}</Empty>
      ) : null}
    </Card>
  );
}
