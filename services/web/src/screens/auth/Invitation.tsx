import { type TLanguage, ZInvitedRegisterForm } from '@reorder/schemas';
import { Link, useLocation, useParams } from 'wouter';
import { useResendVerification } from '../../features/account/api.ts';
import { useRegister } from '../../features/auth/api.ts';
import { useAcceptInvitation, useInvitation } from '../../features/businesses/api.ts';
import { useForm } from '../../forms/use-form.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { browserTimeZone } from '../../lib/schedule-format.ts';
import { isSessionValid, useSession } from '../../lib/session.ts';
import { startSession } from '../../lib/start-session.ts';
import { apiErrorInfo } from '../../lib/trpc.ts';
import { Button, LinkButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { PasswordField, TextField } from '../../ui/fields.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { ButtonRow, Form, Hint } from '../../ui/layout.tsx';
import { PublicScreen } from '../../ui/Screen.tsx';
import { useToast } from '../../ui/toast.tsx';

/**
 * An invitation's link (docs/decisions.md §8.2, §9.3): what it offers, and the
 * way to accept it. Signed out, it creates the account of the invited address
 * with only a name and a password (`JoinForm`), or leads to sign in and back
 * here; signed in with another address, it
 * says so; with the invited address still unconfirmed, it offers the link
 * again. Accepting makes the device act in the business joined.
 */
export default function Invitation() {
  const { t } = useTranslation();
  const toast = useToast();
  const [location, navigate] = useLocation();
  const { token = '' } = useParams<{ token: string }>();
  const invitation = useInvitation(token);
  const session = useSession();
  const signedIn = isSessionValid(session);
  const accept = useAcceptInvitation({
    onSuccess(business) {
      toast.success(t('businesses.accepted', { business: business.name }));
      navigate(href('orders'), { replace: true });
    },
    onError: (error) => toast.error(apiErrorInfo(error).message || t('businesses.acceptError')),
  });
  const resend = useResendVerification({
    onSuccess: () => toast.success(t('businesses.resent', { email: session?.user.email ?? '' })),
    onError: () => toast.error(t('errors.generic')),
  });

  if (invitation.isPending) {
    return (
      <PublicScreen title={t('app.loading')}>
        <Loading />
      </PublicScreen>
    );
  }
  if (!invitation.data) {
    const gone = invitation.error && apiErrorInfo(invitation.error).kind === 'NOT_FOUND';
    return (
      <PublicScreen title={t('businesses.invitationInvalid')}>
        <Card size="md">
          <p role="alert">{gone ? t('businesses.invitationGone') : t('errors.generic')}</p>
          <ButtonRow>
            <LinkButton href={href('home')}>{t('notFound.home')}</LinkButton>
          </ButtonRow>
        </Card>
      </PublicScreen>
    );
  }

  const { businessName: business, email, role } = invitation.data;
  const back = encodeURIComponent(location);
  const sameEmail = signedIn && session.user.email.toLowerCase() === email.toLowerCase();
  return (
    <PublicScreen title={t('businesses.invitationTitle', { business })}>
      <Card size="md">
        <p>{t('businesses.invitationText', { business, email, role: t(`roles.${role}`) })}</p>
        <Hint>{t(`businesses.roleHelp.${role}`)}</Hint>
        {!signedIn ? (
          <>
            <JoinForm token={token} email={email} business={business} />
            <p>
              {t('businesses.haveAccount', { email })} <Link href={`${href('login')}?redirectFrom=${back}`}>{t('businesses.signIn')}</Link>
            </p>
          </>
        ) : !sameEmail ? (
          <>
            <p role="alert">{t('businesses.wrongAccount', { current: session.user.email, email })}</p>
            <LinkButton href={href('logout')} variant="secondary">
              {t('businesses.signOut')}
            </LinkButton>
          </>
        ) : session.user.emailVerified === false ? (
          <>
            <p role="alert">{t('businesses.verifyFirst', { email })}</p>
            <Button variant="secondary" busy={resend.isPending} onClick={() => resend.mutate({})}>
              {t('businesses.resend')}
            </Button>
          </>
        ) : (
          <Button block busy={accept.isPending} onClick={() => accept.mutate({ token })}>
            {t('businesses.accept', { business })}
          </Button>
        )}
      </Card>
    </PublicScreen>
  );
}

/**
 * The account of the invited address, made from the link (docs/decisions.md
 * §9.3): the link proves the address, so only a name and a password; the
 * account joins the business, and the app opens on its orders.
 */
function JoinForm({ token, email, business }: { token: string; email: string; business: string }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const form = useForm(ZInvitedRegisterForm, { fullName: '', password: '' });
  const register = useRegister({
    onSuccess(session) {
      startSession(session);
      toast.success(t('businesses.accepted', { business }));
      navigate(href('orders'), { replace: true });
    },
    onError(error) {
      const info = apiErrorInfo(error);
      // A common or personal password: the server says why, in the language the form was sent in.
      if (info.kind === 'BAD_REQUEST') form.setIssues(info.issues.filter((issue) => issue.path === 'password'));
      const gone = info.issues.some((issue) => issue.path === 'invitation');
      if (info.kind === 'CONFLICT') toast.error(t('validation.emailTaken'));
      else if (info.kind === 'TOO_MANY_REQUESTS') toast.error(t('errors.tooMany'));
      else toast.error(gone ? t('businesses.invitationGone') : t('auth.registerError'));
    },
  });
  return (
    <Form
      onSubmit={form.handleSubmit((values) =>
        register.mutate({ ...values, email, invitation: token, language: i18n.language as TLanguage, timeZone: browserTimeZone() }),
      )}
    >
      <p>{t('businesses.joinIntro', { email })}</p>
      {/* The address is the invitation's: kept for the password manager, not asked. */}
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <TextField {...form.field('fullName')} label={t('auth.fullName')} autoComplete="name" required />
      <PasswordField {...form.field('password')} label={t('auth.password')} purpose="new" hint={t('auth.passwordHint')} required />
      <Button type="submit" block busy={register.isPending}>
        {t('businesses.join')}
      </Button>
    </Form>
  );
}
