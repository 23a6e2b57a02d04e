import { Link } from 'wouter';
import { useTranslation } from '../lib/i18n.ts';
import { href } from '../lib/paths.ts';
import { isSessionValid, useSession } from '../lib/session.ts';
import { LinkButton } from '../ui/Button.tsx';
import { Icon } from '../ui/Icon.tsx';
import { FeatureList, Hero } from '../ui/layout.tsx';
import { PublicScreen } from '../ui/Screen.tsx';

export default function Home() {
  const { t } = useTranslation();
  const signedIn = isSessionValid(useSession());
  return (
    <PublicScreen title={t('home.title')}>
      <Hero tagline={t('home.intro')}>
        <LinkButton href={signedIn ? href('orders') : href('register')}>
          {signedIn ? t('home.openOrders') : t('home.getStarted')}
        </LinkButton>
        {signedIn ? null : (
          <p>
            {t('auth.haveAccount')} <Link href={href('login')}>{t('auth.loginButton')}</Link>
          </p>
        )}
      </Hero>
      <FeatureList>
        <li>
          <Icon name="store" /> {t('home.featureSuppliers')}
        </li>
        <li>
          <Icon name="orders" /> {t('home.featureOrders')}
        </li>
        <li>
          <Icon name="cart" /> {t('home.featureSend')}
        </li>
      </FeatureList>
    </PublicScreen>
  );
}
