import { useLocation, useParams } from 'wouter';
import { useResendVerification } from '../../features/account/api.ts';
import { useAcceptInvitation, useInvitation } from '../../features/businesses/api.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { isSessionValid, useSession } from '../../lib/session.ts';
import { useToast } from '../../lib/toast.tsx';
import { apiErrorInfo } from '../../lib/trpc.ts';
import { Button, LinkButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { ButtonRow, Hint } from '../../ui/layout.tsx';
import { PublicScreen } from '../../ui/Screen.tsx';

/**
 * An invitation's link (docs/decisions.md §8.2): what it offers, and the way
 * to accept it. Signed out, it leads to sign in or to create an account with
 * the invited address, and back here; signed in with another address, it
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
            <p>{t('businesses.signInToAccept', { email })}</p>
            <ButtonRow>
              <LinkButton href={`${href('login')}?redirectFrom=${back}`}>{t('businesses.signIn')}</LinkButton>
              <LinkButton href={`${href('register')}?redirectFrom=${back}&email=${encodeURIComponent(email)}`} variant="secondary">
                {t('businesses.register')}
              </LinkButton>
            </ButtonRow>
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
