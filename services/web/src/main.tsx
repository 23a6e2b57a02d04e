import './ui/base.css';
import { lazy, StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { firstRouteAt, opensOnPage } from './app/routes.ts';
import { startI18n } from './lib/i18n.ts';
import { useUpdateReady } from './lib/update-ready.ts';
import { ToastProvider } from './ui/toast.tsx';

/** How long the first render waits for the first screen's code once the texts are in (ui/Loading.tsx's quiet time). */
const FIRST_SCREEN_WAIT_MS = 400;

/** "A new version is ready" comes with the first new version (features/offline/UpdatePrompt.tsx). */
const UpdatePrompt = lazy(() => import('./features/offline/UpdatePrompt.tsx'));
function UpdateOffer() {
  return useUpdateReady() ? (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  ) : null;
}

// The API client and its cache come with the screens that use them (app/data.tsx).
function Root() {
  return (
    <StrictMode>
      <ToastProvider>
        <App />
        <UpdateOffer />
      </ToastProvider>
    </StrictMode>
  );
}

// The first screen's code and texts start loading with the texts of the visitor's language, which
// arrive first, so no screen ever shows a bare key. The first render then waits for the screen a moment
// (the loading view shows nothing for its first 400 ms either): with it there, React's first commit is
// the screen, not an empty loading view that replaces the static first paint and is replaced in turn.
// Each in a task of its own, after the modules' evaluation: a request's start costs the browser about
// a millisecond, and one long task would hold up a tap on the static first paint.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
await nextTask();
const firstScreen = firstRouteAt(window.location.pathname).screen.preload();
await nextTask();
await startI18n(opensOnPage(window.location.pathname) ? 'pages' : 'orders');
await Promise.race([firstScreen.catch(() => undefined), new Promise((wait) => setTimeout(wait, FIRST_SCREEN_WAIT_MS))]);
// A transition: React renders the first screen in slices of a few milliseconds, yielding to the
// browser between them, where a plain render is one long task that holds up a tap on the static shell.
const root = createRoot(document.getElementById('root') as HTMLElement);
startTransition(() => root.render(<Root />));
// The offline copy of the app installs once the page has loaded and the browser is idle (lib/service-worker.ts, loaded then).
const installOffline = () => void import('./lib/service-worker.ts').then((module) => module.registerServiceWorker());
const whenIdle = () =>
  window.requestIdleCallback ? window.requestIdleCallback(installOffline, { timeout: 5000 }) : setTimeout(installOffline, 1000);
if (document.readyState === 'complete') whenIdle();
else window.addEventListener('load', whenIdle, { once: true });
