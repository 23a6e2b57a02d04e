import { type ReactNode, Suspense, useEffect, useLayoutEffect } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { type Access, sentAway } from '../lib/access.ts';
import { href, PATHS, type RouteName } from '../lib/paths.ts';
import { loginRedirect } from '../lib/redirect.ts';
import { isSessionValid, sessionStore, useSession } from '../lib/session.ts';
import { recordVisit } from '../lib/visits.ts';
import { Loading } from '../ui/Loading.tsx';
import { ProgressBar } from '../ui/progress.tsx';
import { ScreenErrorBoundary } from './lazy-screen.tsx';
import { ROUTES } from './routes.ts';

/**
 * Applies a route's access rule before its screen shows. Protected routes
 * check the token's expiry on every navigation; an expired or missing session
 * is cleared and the visitor goes to login with `redirectFrom`.
 */
function Guard({ name, access, children }: { name: RouteName; access: Access; children: ReactNode }) {
  const session = useSession();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const valid = isSessionValid(session);
  const away = sentAway(access, valid);
  const denied = away !== undefined;

  useLayoutEffect(() => {
    if (away === 'login') {
      if (session) sessionStore.clear();
      navigate(loginRedirect(location, search), { replace: true });
    } else if (away === 'home') {
      navigate(href('home'), { replace: true });
    }
  }, [away, session, location, search, navigate]);

  // /logout reads the last screen to go back to, so it is not one itself.
  useEffect(() => {
    if (!denied && name !== 'logout') recordVisit(`${location}${search ? `?${search}` : ''}`, access);
  }, [denied, name, location, search, access]);

  return denied ? null : children;
}

function Routes() {
  const [location] = useLocation();

  return (
    <Switch>
      {ROUTES.map((route) => (
        <Route key={route.name} path={PATHS[route.name]}>
          <Guard name={route.name} access={route.access}>
            <ScreenErrorBoundary key={location}>
              <Suspense fallback={<Loading />}>
                <route.screen />
              </Suspense>
            </ScreenErrorBoundary>
          </Guard>
        </Route>
      ))}
      <Route>
        <Redirect to={href('notFound')} replace />
      </Route>
    </Switch>
  );
}

export function App() {
  return (
    <>
      <ProgressBar />
      <Routes />
    </>
  );
}
