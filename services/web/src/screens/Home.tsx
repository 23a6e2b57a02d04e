import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { isSessionValid, useSession } from '../app/session.ts';
import { LinkButton } from '../ui/Button.tsx';
import { Icon } from '../ui/Icon.tsx';
import { PublicScreen } from '../ui/Screen.tsx';

export default function Home() {
  const { t } = useTranslation();
  const signedIn = isSessionValid(useSession());
  return (
    <PublicScreen title={t('home.title')}>
      <div className="hero">
        <p className="hero__tagline">{t('home.intro')}</p>
        <LinkButton href={signedIn ? '/orders' : '/register'}>{signedIn ? t('home.openOrders') : t('home.getStarted')}</LinkButton>
        {signedIn ? null : (
          <p>
            {t('auth.haveAccount')} <Link href="/login">{t('auth.loginButton')}</Link>
          </p>
        )}
      </div>
      <ul className="features">
        <li>
          <Icon name="store" /> {t('home.featureSuppliers')}
        </li>
        <li>
          <Icon name="orders" /> {t('home.featureOrders')}
        </li>
        <li>
          <Icon name="cart" /> {t('home.featureSend')}
        </li>
      </ul>
    </PublicScreen>
  );
}
