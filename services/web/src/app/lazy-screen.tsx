import { Component, type ComponentType, type ErrorInfo, lazy, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { useOnline } from '../lib/online.ts';
import { PageTimeout } from '../screens/PageTimeout.tsx';
import { Button } from '../ui/Button.tsx';
import { CenterView, Spinner } from '../ui/layout.tsx';
import { useNavigationBusy } from './progress.tsx';

/** docs/product.md §9: loading view after 400 ms, error view after 10 s, chunk-load error after 120 s. */
export const LOADING_DELAY_MS = 400;
export const SCREEN_TIMEOUT_MS = 10_000;
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** A screen whose code loads on first use; a failed or 120 s load is a ChunkLoadError. */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new ChunkLoadError('Screen code did not load in time')), CHUNK_TIMEOUT_MS);
        load().then(
          (module) => {
            clearTimeout(timer);
            resolve(module);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(new ChunkLoadError(error instanceof Error ? error.message : 'Screen code failed to load'));
          },
        );
      }),
  );
}

/**
 * What shows while a screen (or its data) loads: nothing for 400 ms, so fast
 * screens never flash, then a loading view, then after 10 s an error view;
 * offline, the page-timeout screen at once.
 */
export function Loading() {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<'quiet' | 'loading' | 'slow'>('quiet');
  const online = useOnline();
  useNavigationBusy();
  useEffect(() => {
    const show = setTimeout(() => setPhase('loading'), LOADING_DELAY_MS);
    const slow = setTimeout(() => setPhase('slow'), SCREEN_TIMEOUT_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(slow);
    };
  }, []);
  if (phase === 'quiet') return null;
  // Offline, what is still loading was never kept on this device: say so (docs/architecture.md, "Offline").
  if (!online) return <PageTimeout />;
  if (phase === 'slow') {
    return (
      <CenterView role="alert">
        <p>{t('app.loadError')}</p>
        <Button onClick={() => window.location.reload()}>{t('app.retry')}</Button>
      </CenterView>
    );
  }
  return (
    <CenterView role="status" aria-live="polite">
      <Spinner />
      <p>{t('app.loading')}</p>
    </CenterView>
  );
}

/** Shows the page-timeout screen when a screen's code fails to load. */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Screen failed', error, info.componentStack);
  }
  override render() {
    return this.state.failed ? <PageTimeout /> : this.props.children;
  }
}
