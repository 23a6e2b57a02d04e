import { Component, type ComponentType, type ErrorInfo, type LazyExoticComponent, lazy, type ReactNode } from 'react';
import { PageTimeout } from '../ui/PageTimeout.tsx';

/** docs/product.md §9: a chunk-load error after 120 s (the loading and error views' times: ui/Loading.tsx). */
const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** A screen whose code loads on first use, or earlier through `preload` (main.tsx, for the route `firstRouteAt` in routes.ts picks). */
export type LazyScreen<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the screen's code (once: the screen and every later call share the load). */
  preload: () => Promise<unknown>;
};

/** A screen whose code loads on first use or on `preload`; a failed or 120 s load is a ChunkLoadError. */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyScreen<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () =>
    (loading ??= new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
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
    }));
  return Object.assign(lazy(start), { preload: start });
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
