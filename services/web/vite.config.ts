import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { MANIFEST_LANGUAGES, manifestFile, manifestOf } from './manifest.config.ts';
import { staticShells } from './static-shell.ts';

// In development (`npm run dev`) Vite serves the app with hot reload and forwards /api to the
// server, wherever `npm run dev` started it (REORDER_API_URL).
const api = process.env.REORDER_API_URL ?? 'http://127.0.0.1:3000';

/**
 * In development, `/confirm/<token>` and `/claim/<token>` are the supplier's pages (confirm.html,
 * claim.html), as the server serves them.
 */
const confirmPage: Plugin = {
  name: 'reorder-confirm-page',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url?.startsWith('/confirm/')) req.url = '/confirm.html';
      else if (req.url?.startsWith('/claim/')) req.url = '/claim.html';
      next();
    });
  },
};

/** The web app manifest in each language (manifest.config.ts): files of the build, and served in development. */
const manifests: Plugin = {
  name: 'reorder-manifests',
  configureServer(server) {
    server.middlewares.use((req, res, next) => {
      const language = MANIFEST_LANGUAGES.find((l) => req.url === `/${manifestFile(l)}`);
      if (!language) return next();
      res.setHeader('Content-Type', 'application/manifest+json');
      res.end(JSON.stringify(manifestOf(language)));
    });
  },
  generateBundle() {
    for (const language of MANIFEST_LANGUAGES) {
      this.emitFile({ type: 'asset', fileName: manifestFile(language), source: `${JSON.stringify(manifestOf(language), null, 2)}\n` });
    }
  },
};

/** The static first paint of `/` and `/login` (static-shell.ts), files of the build the server puts in the page. */
const shells: Plugin = {
  name: 'reorder-static-shells',
  apply: 'build',
  generateBundle() {
    for (const [fileName, source] of Object.entries(staticShells())) {
      this.emitFile({ type: 'asset', fileName: `shells/${fileName}`, source });
    }
  },
};

/**
 * What every screen loads before its own code, as one file (`codeSplitting` below): React's
 * runtime, the router, the screen frame, buttons, toasts, the session.
 */
const SHELL =
  /\/(src\/(app\/lazy-screen|lib\/(session|redirect|visits|update-ready|online|navigation-busy|value-store|paths)|ui\/(base|Button|Screen|Feedback|layout|Icon|icon-paths|Loading|toast|progress))\.|node_modules\/(wouter|regexparam|use-sync-external-store|react)\/|node_modules\/react-dom\/(index|cjs\/react-dom\.production)\.js)/;
/** The files the entry imports itself: the bundler's runtime and the shell (SHELL). */
const ENTRY_CHUNK = /^assets\/(rolldown-runtime|shell)-[\w-]+\.js$/;

/**
 * The service worker (src/sw.ts), with the build's files to keep for offline
 * use: the app shell, every screen's code, the texts of both languages, the
 * icons and manifests. The supplier's confirmation page is left out (it is
 * not the owner's app). The app registers it itself after the first paint
 * (lib/service-worker.ts), so `injectRegister` is off.
 */
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: false,
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    globIgnores: ['confirm.html', 'assets/confirm-*', 'claim.html', 'assets/claim-*', 'shells/**', 'sw.js', '**/*.map'],
    // The app's largest chunk (the API client and its cache) is well under this.
    maximumFileSizeToCacheInBytes: 1024 * 1024,
  },
});

/**
 * Where the order screen starts: its code, the API client every screen renders inside, and the
 * offline outbox. Their modules that other screens share go into one chunk (`order-shared` below).
 */
const ORDER_ROOTS = ['/src/screens/orders/Order.tsx', '/src/app/data.tsx', '/src/features/orders/outbox-runtime.ts'];
/** The supplier's confirmation page, which loads none of the app: what it shares with it is a chunk of its own. */
const CONFIRM_ROOT = '/src/confirm/main.ts';
/**
 * The sign-in page, which loads no API code until it talks to the server: what it imports (the form, its
 * fields and the schemas) and the API client alone (features/auth/sign-in.ts) are chunks of their own,
 * not parts of `order-shared`, which holds react-query and the offline outbox.
 */
const SIGN_IN_ROOT = '/src/screens/auth/Login.tsx';
const API_CLIENT_ROOT = '/src/lib/api-client.ts';
/** The modules each imports, directly or not (filled from the module graph as the build ends; lazy imports aside). */
const orderModules = new Set<string>();
const confirmShared = new Set<string>();
const signInModules = new Set<string>();
const apiClientModules = new Set<string>();
const moduleGraph: Plugin = {
  name: 'reorder-module-graph',
  apply: 'build',
  buildEnd() {
    const ids = [...this.getModuleIds()];
    const fill = (into: Set<string>, roots: string[]) => {
      into.clear();
      const stack = ids.filter((id) => roots.some((root) => id.replaceAll('\\', '/').endsWith(root)));
      for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
        if (into.has(id)) continue;
        into.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    };
    fill(orderModules, ORDER_ROOTS);
    fill(confirmShared, [CONFIRM_ROOT]);
    fill(signInModules, [SIGN_IN_ROOT]);
    fill(apiClientModules, [API_CLIENT_ROOT]);
    // The claim page (docs/decisions.md §9.4) takes its helpers (dom.ts) from the shared chunk too. Not the
    // stylesheet: the app loads that chunk, and the shared chunk's CSS with it (Vite gives each page the
    // stylesheet the two pages share as a file of its own).
    for (const id of confirmShared) {
      const file = id.replaceAll('\\', '/');
      if (file.includes('/src/confirm/') && !file.endsWith('/src/confirm/dom.ts')) confirmShared.delete(id);
    }
  },
};

/**
 * The hashed files (`assets/`, cached for a year) packed once at build, next to each file: brotli 11
 * (`.br`, what every browser the app supports takes) and gzip at zlib's level 9 (`.gz`, for a client
 * without brotli). The server sends them as they are (express-static-gzip in
 * services/server/src/web.ts) instead of packing each answer at a faster level. Zopfli's gzip was 3 %
 * smaller for 17 s more CPU a build (docs/performance.md, "The test run").
 */
const packed = compression({ include: /^assets\/.*\.(js|css)$/, algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' });

export default defineConfig({
  plugins: [moduleGraph, react(), confirmPage, manifests, shells, serviceWorker, packed],
  server: { port: 5173, proxy: { '/api': { target: api, ws: false } } },
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('src/lib/react-store-shim.ts', import.meta.url)),
      },
    ],
  },
  build: {
    // Every browser the app supports preloads modules itself (Safari since 17): no polyfill on every page.
    modulePreload: {
      polyfill: false,
      // Every dynamic import runs after the entry, whose own modules (the runtime, the shell) are then
      // loaded: no preload link for them (the server leaves the entry's links out of the pages with a
      // static first paint, so the loader would add them again, at half a millisecond a link).
      resolveDependencies: (_file, deps) => deps.filter((dep) => !ENTRY_CHUNK.test(dep)),
    },
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // Three pages: the owner's app, and the supplier's confirmation and claim pages, which load none of the app.
    rollupOptions: {
      // Packing at the highest levels (`packed` above) takes seconds of the build: no timing report for it.
      checks: { bundlerTimings: false },
      // @trpc/client declares no `sideEffects`, so its WebSocket link (we use none) would be kept
      // in every page that talks to the API: its modules have none, and may be left out.
      treeshake: { moduleSideEffects: [{ test: /[\\/]@trpc[\\/]client[\\/]dist[\\/]/, sideEffects: false }] },
      output: {
        // The app's shell in one file rather than a dozen small ones (SHELL above).
        codeSplitting: {
          groups: [
            // Shared with the supplier's confirmation page (the limits, the order's text), which must load none of the shell.
            { name: 'confirm-shared', test: (id: string) => confirmShared.has(id), priority: 4 },
            {
              name: 'shell',
              priority: 3,
              test: (id: string) => SHELL.test(id.replaceAll('\\', '/')),
            },
            // What the sign-in form shares with the order screens (the form, its fields), then the API client it
            // loads with its first call (SIGN_IN_ROOT above): neither pulls in `order-shared`. What only the
            // sign-in screens share (the providers' buttons) is left out, as are the schemas and Zod, which the
            // bundler splits by use (a group would gather every schema two screens share).
            {
              name: 'sign-in',
              priority: 2,
              minShareCount: 2,
              test: (id: string) =>
                signInModules.has(id) && orderModules.has(id) && !/[\\/](node_modules|packages[\\/]schemas)[\\/]/.test(id),
            },
            { name: 'api-client', priority: 1, test: (id: string) => apiClientModules.has(id) },
            // The order screen's modules that other screens share too (the API client, lists, cards, the
            // outbox...) in one file rather than some thirty small ones: one request, and gzip packs them
            // together 7 KB smaller (docs/performance.md). The screen's own modules stay in its chunk.
            { name: 'order-shared', priority: 0, minShareCount: 2, test: (id: string) => orderModules.has(id) },
          ],
        },
      },
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        confirm: fileURLToPath(new URL('confirm.html', import.meta.url)),
        claim: fileURLToPath(new URL('claim.html', import.meta.url)),
      },
    },
  },
});
