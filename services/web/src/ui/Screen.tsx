import { type Role, roleAllows } from '@reorder/schemas/roles';
import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { useTranslation } from '../lib/i18n.ts';
import { href, type RouteName } from '../lib/paths.ts';
import { Icon, type IconName } from './Icon.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { ShortcutsSheet, useKeyboardNav } from './Shortcuts.tsx';
import './Screen.css';

const MENU = [
  { name: 'suppliers', icon: 'store' },
  { name: 'orders', icon: 'orders' },
  // Spend is a screen of its own for owners and managers (docs/decisions.md §8.4).
  { name: 'spend', icon: 'chart', needed: 'manager' },
  // Bills, matched against what came and exported for the accountant (docs/decisions.md §9.6).
  { name: 'bills', icon: 'receipt', needed: 'manager' },
  { name: 'profile', icon: 'user' },
] as const satisfies { name: RouteName; icon: IconName; needed?: Role }[];

/** The signed-in member's role in the active business: the menu leaves out what it may not open. */
export const ScreenRole = createContext<Role | undefined>(undefined);

/** The bottom menu of the main screens; the entry whose name starts the route's name is highlighted. */
export function BottomMenu({ route }: { route: RouteName }) {
  const { t } = useTranslation();
  const role = useContext(ScreenRole);
  const items = MENU.filter((item) => !('needed' in item) || (role !== undefined && roleAllows(role, item.needed)));
  return (
    <nav className="bottom-menu bottom-surface" aria-label={t('nav.main')}>
      {items.map((item) => {
        const active = route.startsWith(item.name);
        return (
          <Link
            key={item.name}
            href={href(item.name)}
            className={`bottom-menu__item ${active ? 'bottom-menu__item--active' : ''}`}
            aria-current={active ? 'page' : undefined}
          >
            <Icon name={item.icon} size={24} />
            {t(`nav.${item.name}`)}
          </Link>
        );
      })}
    </nav>
  );
}

/** What the app shows above the content of every signed-in screen (a notice such as "confirm your email"). */
export const ScreenBanner = createContext<ReactNode>(null);

/** What the app shows above every signed-in screen's title: the active business, a tap from switching it. */
export const ScreenBusiness = createContext<ReactNode>(null);

/** Sets the document title and moves focus to the screen's heading when it opens. */
function useScreenHeading(title: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Reorder`;
    // In the next frame, which lays the new screen out anyway: a focus now would lay it out at once,
    // inside the task that mounted it (on a first visit, one long task). A field the screen focused
    // meanwhile keeps its focus.
    const before = document.activeElement;
    const frame = requestAnimationFrame(() => {
      if (document.activeElement === before) heading.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [title]);
  return heading;
}

/** A signed-in screen: header with an optional back link, content, bottom menu. */
export function Screen({
  route,
  title,
  back,
  actions,
  split,
  wide,
  children,
}: {
  route: RouteName;
  title: string;
  back?: string;
  actions?: ReactNode;
  /** Room for two columns (SplitView) on a wide screen. */
  split?: boolean;
  /** The whole width (a desktop's two panes). */
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const heading = useScreenHeading(title);
  const banner = useContext(ScreenBanner);
  const business = useContext(ScreenBusiness);
  const [keysOpen, setKeysOpen] = useKeyboardNav();
  // On a desktop a screen of cards flows into columns (Screen.css); Spend lays itself out.
  const flows = !route.includes('spend');
  return (
    <div className="screen screen--app">
      <header className="topbar">
        {back ? (
          <Link href={back} className="topbar__back" aria-label={t('app.back')} title={t('nav.keys.backTip')} aria-keyshortcuts="Escape">
            <Icon name="back" size={26} />
          </Link>
        ) : (
          <span className="topbar__logo">
            <Icon name="cart" size={26} />
          </span>
        )}
        <div className="topbar__heading">
          {business}
          <h1 ref={heading} tabIndex={-1} className="topbar__title">
            {title}
          </h1>
        </div>
        {actions ? <div className="topbar__actions">{actions}</div> : null}
        <button
          type="button"
          className="topbar__keys"
          aria-label={t('nav.keys.title')}
          title={t('nav.keys.tip')}
          aria-keyshortcuts="?"
          onClick={() => setKeysOpen(true)}
        >
          ?
        </button>
      </header>
      <main
        className={`screen__content ${split ? 'screen__content--split' : ''} ${wide ? 'screen__content--panes' : ''} ${flows && !split && !wide ? 'screen__content--flow' : ''}`}
      >
        {banner}
        {children}
      </main>
      <BottomMenu route={route} />
      <ShortcutsSheet open={keysOpen} onClose={() => setKeysOpen(false)} />
    </div>
  );
}

/** A public screen (home, legal pages, sign-in screens): top links, content, footer with language. */
export function PublicScreen({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  const heading = useScreenHeading(title);
  return (
    <div className="screen screen--public">
      <header className="public-header">
        <Link href={href('home')} className="brand">
          <Icon name="cart" size={24} /> {t('app.name')}
        </Link>
      </header>
      <main className={`screen__content ${wide ? 'screen__content--wide' : ''}`}>
        <h1 ref={heading} tabIndex={-1} className="public-title">
          {title}
        </h1>
        {children}
      </main>
      <footer className="public-footer">
        <nav aria-label={t('nav.home')}>
          <Link href={href('privacy')}>{t('nav.privacy')}</Link>
          <Link href={href('terms')}>{t('nav.terms')}</Link>
        </nav>
        <LanguageSwitch />
      </footer>
    </div>
  );
}
