import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { rawRequest } from '@reorder/testing';
import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, PHONE, useApp } from './app.ts';

/**
 * Issue 32: `/` and `/login` paint their first content before the app's
 * JavaScript runs: a static shell in the HTML, in the visitor's language,
 * replaced (not hydrated) by the app, which draws the same header and title.
 */
const app = useApp();

const TITLES = {
  en: { '/': 'Reorder from your suppliers in seconds', '/login': 'Sign in' },
  es: { '/': 'Haz tus pedidos a proveedores en segundos', '/login': 'Iniciar sesión' },
} as const;

describe('the first paint of / and /login', () => {
  for (const language of ['en', 'es'] as const) {
    it(`shows the page's header and title without JavaScript (${language})`, async () => {
      const context = await app.browser.newContext({
        javaScriptEnabled: false,
        locale: language === 'es' ? 'es-ES' : 'en-US',
        baseURL: app.t.url,
      });
      const page = await context.newPage();
      for (const [path, title] of Object.entries(TITLES[language])) {
        await page.goto(path);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
        expect(await page.getByRole('link', { name: 'Reorder' }).isVisible()).toBe(true);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        // Nothing to type into: what is typed before the app replaces the shell would be lost.
        expect(await page.locator('input, textarea, select').count()).toBe(0);
      }
      // Any other path is the plain page: the app draws it.
      await page.goto('/register');
      expect(await page.locator('#root').innerHTML()).toBe('');
      await context.close();
    });
  }

  it('is replaced by the app, which draws the same title and brand in the same place', async () => {
    const { page, context, errors } = await openPage(app, { language: 'es' });
    const shell = await context.request.get('/', { headers: { 'accept-language': 'es-ES,es;q=0.9' } });
    const shellHtml = await shell.text();
    expect(shellHtml).toContain('data-static-shell');
    // Its stylesheet is in the page (the first paint waits for no other request), allowed by its hash alone.
    const style = /<style>([^<]*)<\/style>/.exec(shellHtml)?.[1] ?? '';
    expect(style.length).toBeGreaterThan(1000);
    // Its link stays, disabled (never fetched): the app's module loader finds it there and adds it no second time.
    expect(shellHtml.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      expect.stringMatching(/^<link rel="stylesheet" disabled crossorigin href="\/assets\/shell-[\w-]+\.css">$/),
    ]);
    // The app's code yields to the paint: no preload hints; its entry at a module script's own priority
    // ("First paint" in docs/decisions.md).
    expect(shellHtml).not.toContain('modulepreload');
    expect(shellHtml).toMatch(/<script type="module" crossorigin src="\/assets\/main-[\w-]+\.js"><\/script>/);
    const hash = createHash('sha256').update(style).digest('base64');
    expect(shell.headers()['content-security-policy']).toContain(`style-src 'self' 'sha256-${hash}'`);
    expect(shell.headers()['content-security-policy']).not.toContain('unsafe-inline');
    const shellIcon = /<a href="\/" class="brand"><svg[^>]*><path d="([^"]+)"/.exec(shellHtml)?.[1];
    const shellTitle = /<h1 class="public-title">([^<]+)<\/h1>/.exec(shellHtml)?.[1];
    // Where the shell draws the title, before any JavaScript runs.
    const still = await app.browser.newContext({ javaScriptEnabled: false, locale: 'es-ES', baseURL: app.t.url, viewport: PHONE });
    const stillPage = await still.newPage();
    await stillPage.goto('/');
    const shellBox = await stillPage.getByRole('heading', { level: 1 }).boundingBox();
    await still.close();
    // What the page holds from the first parse on, and every stylesheet it fetches: the shell gives way to
    // the screen itself, never to an empty page, and the inline stylesheet is never fetched again.
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { rootStates: string[] }).rootStates = seen;
      const watch = () => {
        const root = document.getElementById('root');
        if (!root) return;
        const note = () => {
          const state = root.querySelector('[data-static-shell]') ? 'shell' : root.querySelector('h1') ? 'screen' : 'empty';
          if (seen.at(-1) !== state) seen.push(state);
        };
        note();
        new MutationObserver(note).observe(root, { childList: true, subtree: true });
      };
      document.addEventListener('DOMContentLoaded', watch);
    });
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.css')) stylesheets.push(new URL(request.url()).pathname);
    });
    const rootStates = () => page.evaluate(() => (window as unknown as { rootStates: string[] }).rootStates);
    await page.goto('/');
    await expect.poll(() => page.locator('[data-static-shell]').count(), { timeout: 10_000 }).toBe(0);
    expect(await rootStates()).toEqual(['shell', 'screen']);
    expect(await page.getByRole('heading', { level: 1 }).boundingBox()).toEqual(shellBox);
    await expect.poll(() => page.getByRole('link', { name: /Empezar|EMPEZAR/i }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(shellTitle);
    expect(await page.locator('.brand path').getAttribute('d')).toBe(shellIcon);

    // Sign-in: the title and the line under it stay where the shell drew them while the form arrives below.
    const stillLogin = await app.browser.newContext({ javaScriptEnabled: false, locale: 'es-ES', baseURL: app.t.url, viewport: PHONE });
    const stillLoginPage = await stillLogin.newPage();
    await stillLoginPage.goto('/login');
    const intro = stillLoginPage.locator('.public-intro');
    const [introText, introBox] = [await intro.textContent(), await intro.boundingBox()];
    await stillLogin.close();
    await page.goto('/login');
    await expect.poll(() => page.getByLabel('Correo electrónico').count(), { timeout: 10_000 }).toBe(1);
    expect(await rootStates()).toEqual(['shell', 'screen']);
    expect(stylesheets.filter((file) => file.startsWith('/assets/shell-'))).toEqual([]);
    expect(stylesheets.length).toBeGreaterThan(0);
    expect(await page.locator('.public-intro').textContent()).toBe(introText);
    expect(await page.locator('.public-intro').boundingBox()).toEqual(introBox);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("follows the language the app last showed on this browser, not only the browser's", async () => {
    const { page, context } = await openPage(app, { language: 'en' });
    await context.setExtraHTTPHeaders({ 'accept-language': 'es-ES,es;q=0.9' });
    // The app shows English (chosen on this browser) and keeps that in the cookie the server reads.
    await page.goto('/login');
    await expect.poll(() => page.locator('[data-static-shell]').count(), { timeout: 10_000 }).toBe(0);
    expect((await context.cookies()).find((c) => c.name === 'language')?.value).toBe('en');
    const html = await (await context.request.get('/login')).text();
    expect(/<h1 class="public-title">([^<]+)<\/h1>/.exec(html)?.[1]).toBe('Sign in');
    await context.clearCookies();
    const spanish = await (await context.request.get('/login')).text();
    expect(/<h1 class="public-title">([^<]+)<\/h1>/.exec(spanish)?.[1]).toBe('Iniciar sesión');
    await context.close();
  });

  it('loads only the first-visit texts on the home page, and the parts each screen words with it', async () => {
    const { page, context, errors } = await openPage(app, { language: 'es' });
    const texts: string[] = [];
    page.on('request', (request) => {
      const file = /\/assets\/(es|en)(\.pages|\.app|\.more)?-[\w-]+\.js$/.exec(request.url());
      if (file) texts.push(`${file[1]}${file[2] ?? ''}`);
    });
    await page.goto('/');
    await expect.poll(() => page.getByRole('link', { name: 'EMPEZAR' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect([...new Set(texts)]).toEqual(['es.pages']);
    // A screen that talks to the API gets the texts it words before it renders: the sign-up all three parts.
    await page.getByRole('link', { name: 'EMPEZAR' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Crea tu cuenta' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect([...new Set(texts)].sort()).toEqual(['es.app', 'es.more', 'es.pages']);
    expect(await page.getByText(/^[a-z]+\.[a-zA-Z.]+$/).count()).toBe(0);
    // Switching language there brings the other language's texts as far (`en.app` holds `en.pages`).
    await page.getByLabel('Idioma').selectOption('en');
    await expect.poll(() => page.getByRole('heading', { name: 'Create your account' }).isVisible()).toBe(true);
    expect([...new Set(texts)].sort()).toEqual(['en.app', 'en.more', 'en.pages', 'es.app', 'es.more', 'es.pages']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads no API code and no form rules on the sign-in page before the form is used, and signs in with it', async () => {
    const user = await app.t.api.register();
    const { page, context, errors } = await openPage(app);
    const chunks: string[] = [];
    page.on('request', (request) => {
      const file = /\/assets\/([\w.-]+)-[\w-]{8}\.js$/.exec(request.url());
      if (file) chunks.push(file[1] as string);
    });
    // Which scripts hold Zod (its schemas carry `_zod`), read from what the server sent.
    const scripts: Promise<string | undefined>[] = [];
    const readScript = (response: Response) => {
      if (/\/assets\/[\w.-]+\.js$/.test(response.url())) {
        scripts.push(response.text().then((body) => (body.includes('_zod') ? response.url() : undefined)));
      }
    };
    page.on('response', readScript);
    const zodScripts = async () => (await Promise.all(scripts)).filter(Boolean);
    await page.goto('/login');
    await page.getByLabel('Email').waitFor();
    await page.waitForLoadState('networkidle');
    // The form, its fields and texts: not the API client (the providers' list is a plain GET), nor react-query's
    // cache, the offline outbox or the data layer (app/data.tsx), which come with the screens after it.
    expect(chunks.filter((chunk) => ['api-client', 'order-shared', 'data'].includes(chunk))).toEqual([]);
    // Nor the form's rules (Zod): they come with the first focus in the form, and check as before.
    expect(await zodScripts()).toEqual([]);
    await page.getByLabel('Email').fill('not an email');
    await expect.poll(async () => (await zodScripts()).length).toBeGreaterThan(0);
    expect(chunks).toContain('api-client');
    await page.getByLabel('Password').focus();
    await expect.poll(() => page.getByText('Enter a valid email address').isVisible()).toBe(true);
    page.off('response', readScript);
    await Promise.all(scripts);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/orders');
    await expect.poll(() => chunks.includes('order-shared')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens an order with the daily work's texts alone, and the profile with the rest", async () => {
    const user = await app.t.api.register({ language: 'es' });
    const supplier = await app.t.api.createSupplier(user.token, { name: 'Frutas Pepe' });
    const { page, context, errors } = await openPage(app, { language: 'es', user });
    const texts: string[] = [];
    page.on('request', (request) => {
      const file = /\/assets\/(es|en)(\.pages|\.app|\.more)?-[\w-]+\.js$/.exec(request.url());
      if (file) texts.push(`${file[1]}${file[2] ?? ''}`);
    });
    await page.goto(`/orders/${supplier.id}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Frutas Pepe' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await page.waitForLoadState('networkidle');
    expect([...new Set(texts)].sort()).toEqual(['es.app', 'es.pages']);
    await page.goto('/profile');
    await expect.poll(() => page.getByRole('link', { name: 'Cerrar sesión' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect([...new Set(texts)].sort()).toEqual(['es.app', 'es.more', 'es.pages']);
    expect(await page.getByText(/^[a-z]+\.[a-zA-Z.]+$/).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends the app's code as the build packed it: brotli, else gzip, read from the files beside each one", async () => {
    const { page, context, errors } = await openPage(app, { language: 'en' });
    const scripts: { file: string; encoding: string | null; length: string | null }[] = [];
    page.on('response', (response) => {
      const file = /\/assets\/([\w.-]+\.js)$/.exec(response.url())?.[1];
      if (file)
        scripts.push({
          file,
          encoding: response.headers()['content-encoding'] ?? null,
          length: response.headers()['content-length'] ?? null,
        });
    });
    await page.goto('/');
    await expect.poll(() => page.getByRole('link', { name: 'GET STARTED' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await page.waitForLoadState('networkidle');
    const assets = new URL('../dist/assets/', import.meta.url);
    // Every script the build packed (all but a few too small to gain) comes as its .br file, byte for byte.
    const packed = scripts.filter((s) => existsSync(new URL(`${s.file}.br`, assets)));
    expect(packed.map((s) => s.file)).toContainEqual(expect.stringMatching(/^main-/));
    for (const script of packed) {
      expect(script.encoding, script.file).toBe('br');
      expect(script.length, script.file).toBe(String(statSync(new URL(`${script.file}.br`, assets)).size));
    }
    // A browser that takes only gzip gets the .gz beside each that has one (zlib's level 9), which unpacks to
    // the file itself. The build writes no copy that would not be smaller than the file.
    const gzipped = scripts.filter((s) => existsSync(new URL(`${s.file}.gz`, assets)));
    expect(gzipped.map((s) => s.file)).toContainEqual(expect.stringMatching(/^main-/));
    for (const { file } of gzipped) {
      const gzip = await rawRequest(`${app.t.url}/assets/${file}`, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding'], file).toBe('gzip');
      expect(gzip.body.length, file).toBe(statSync(new URL(`${file}.gz`, assets)).size);
      expect(gunzipSync(gzip.body).equals(readFileSync(new URL(file, assets))), file).toBe(true);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
