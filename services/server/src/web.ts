import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FALLBACK_LANGUAGE, LANGUAGES } from '@reorder/schemas/languages';
import express, { type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';

/** Where `services/web` puts its build; the same relative place from `src/` and from `dist/`. */
export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

const PLACEHOLDER = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Reorder</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2933;line-height:1.5}a{color:#1565c0}h1{color:#2e7d32}</style></head>
<body><main><h1>Reorder</h1><p>The server is running. The web app has not been built yet.</p>
<p>The REST API is described at <a href="/api/docs">/api/docs</a>.</p></main></body>
</html>
`;

/**
 * Paths that are not the app's screens: a file name (anything with an
 * extension) or what probes and crawlers ask for. Answering them with the
 * app's page (200) would fool them: they get a real 404 unless the file exists.
 */
const NOT_A_SCREEN = /\.[a-z0-9]+$|^\/(metrics|healthz?|livez|readyz|ready|status)\/?$/i;

function notFound(res: express.Response) {
  res.status(404).type('text/plain').set('Cache-Control', 'no-cache').send('Not found\n');
}

/** The pages with a static first paint (services/web/static-shell.ts), by path. */
const SHELL_PAGES: Record<string, string> = { '/': 'home', '/login': 'login' };
const isLanguage = (value: string | undefined): value is string => (LANGUAGES as readonly (string | undefined)[]).includes(value);

/**
 * The language the app will show (services/web/src/lib/i18n.ts): the one it
 * last showed on this browser (the `language` cookie it keeps beside its
 * localStorage), else the browser's first language, else English.
 */
export function shellLanguage(cookie: string | undefined, acceptLanguage: string | undefined): string {
  const kept = /(?:^|;\s*)language=([a-z]+)/.exec(cookie ?? '')?.[1];
  if (isLanguage(kept)) return kept;
  const first = (acceptLanguage ?? '').split(',')[0]?.split(';')[0]?.split('-')[0]?.trim().toLowerCase();
  return isLanguage(first) ? first : FALLBACK_LANGUAGE;
}

/**
 * The page's stylesheet written into it: a first paint that waits for no
 * other request. Returns the page and the stylesheet's hash, which the
 * page's Content-Security-Policy names (`style-src 'sha256-…'`).
 */
function inlineStylesheet(html: string, webDir: string): { html: string; styleHash: string } | undefined {
  const link = /<link rel="stylesheet" crossorigin href="\/assets\/([\w.-]+\.css)">/.exec(html);
  const file = link && path.join(webDir, 'assets', link[1] as string);
  if (!link || !file || !existsSync(file)) return undefined;
  const css = readFileSync(file, 'utf8');
  if (css.includes('</style')) return undefined;
  // The link stays, disabled (never fetched, never applied): the app's module loader looks for a screen's
  // stylesheets among the page's links, and would fetch and apply this one a second time.
  const marker = link[0].replace('<link rel="stylesheet"', '<link rel="stylesheet" disabled');
  return {
    html: html.replace(link[0], () => `<style>${css}</style>${marker}`),
    styleHash: createHash('sha256').update(css).digest('base64'),
  };
}

/**
 * `index.html` with each static shell put inside `#root`, in each language,
 * and its stylesheet inline: built once, when the router is made. Undefined
 * for a build without shells.
 */
function pagesWithShells(webDir: string, index: string) {
  const inlined = inlineStylesheet(readFileSync(index, 'utf8'), webDir);
  if (!inlined?.html.includes('<div id="root"></div>')) return undefined;
  // The shell paints without the app's JavaScript: its modules load without preload hints. The entry
  // keeps a module script's own priority: at low priority, Lighthouse's simulated phone put the first
  // paint before the end of the browser's own task that commits the page, and counted that task as
  // blocking time (docs/performance.md, "Web app").
  const html = inlined.html.replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
  const { styleHash } = inlined;
  const pages = new Map<string, string>();
  for (const name of Object.values(SHELL_PAGES)) {
    for (const language of LANGUAGES) {
      const file = path.join(webDir, 'shells', `${name}.${language}.html`);
      if (!existsSync(file)) return undefined;
      const shell = readFileSync(file, 'utf8');
      pages.set(
        `${name}.${language}`,
        html
          .replace('<html lang="en">', `<html lang="${language}">`)
          .replace('<div id="root"></div>', () => `<div id="root">${shell}</div>`),
      );
    }
  }
  return { pages, styleHash };
}

/** The answer's Content-Security-Policy (set for every request in app/request-start.ts) with the inline stylesheet's hash. */
function allowStyle(res: express.Response, hash: string) {
  const csp = res.getHeader('Content-Security-Policy');
  if (typeof csp === 'string')
    res.setHeader(
      'Content-Security-Policy',
      csp.replace(/style-src ([^;]*)/, (_, sources: string) => `style-src ${sources} 'sha256-${hash}'`),
    );
}

/**
 * Serves the built web app: its files with long caching for hashed assets,
 * `confirm.html` for a supplier's `/confirm/<token>` link, `claim.html` for
 * their `/claim/<token>` link (docs/decisions.md §9.4), and `index.html`
 * for every other path (the app routes on the client) but
 * those that look like files or probes, which get a real 404. With no build
 * present, a placeholder page.
 */
export function createWebRouter(webDir: string = DEFAULT_WEB_DIR): Router {
  const webRouter = express.Router();
  const index = path.join(webDir, 'index.html');
  const confirmPage = path.join(webDir, 'confirm.html');
  const claimPage = path.join(webDir, 'claim.html');
  if (!existsSync(index)) {
    webRouter.use((req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      if (NOT_A_SCREEN.test(req.path)) return notFound(res);
      res.type('html').set('Cache-Control', 'no-cache').send(PLACEHOLDER);
    });
    return webRouter;
  }
  // The hashed files, packed at build (services/web/vite.config.ts): brotli where the browser takes it, else gzip,
  // else as they are. The compression middleware leaves an answer that already has its Content-Encoding alone.
  webRouter.use(
    '/assets',
    expressStaticGzip(path.join(webDir, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { immutable: true, maxAge: '1y', fallthrough: false },
    }),
  );
  webRouter.use(
    express.static(webDir, {
      index: false,
      maxAge: '1h',
      // The service worker is looked at on every visit, so a new version reaches the browser at once.
      setHeaders: (res, file) => {
        if (path.basename(file) === 'sw.js') res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );
  // The supplier's confirmation page (docs/decisions.md §6.4): its own small page, never indexed, and
  // no Referer carrying its token to anything it loads.
  const supplierPage = (file: string) => (_req: express.Request, res: express.Response) => {
    res.set({ 'Cache-Control': 'no-cache', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' }).sendFile(file);
  };
  webRouter.get(/^\/confirm\/[^/]+\/?$/, supplierPage(confirmPage));
  // The supplier's claim page (docs/decisions.md §9.4), the same way.
  webRouter.get(/^\/claim\/[^/]+\/?$/, supplierPage(claimPage));
  // `/` and `/login` paint before the app's JavaScript runs: their page carries a static shell in the visitor's language.
  const shelled = pagesWithShells(webDir, index);
  webRouter.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (NOT_A_SCREEN.test(req.path)) return notFound(res);
    const page = SHELL_PAGES[req.path];
    const html = page && shelled?.pages.get(`${page}.${shellLanguage(req.headers.cookie, req.headers['accept-language'])}`);
    if (html && shelled) {
      allowStyle(res, shelled.styleHash);
      return res.set({ 'Cache-Control': 'no-cache', Vary: 'Cookie, Accept-Language' }).type('html').send(html);
    }
    res.set('Cache-Control', 'no-cache').sendFile(index);
  });
  return webRouter;
}
