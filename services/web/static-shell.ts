/**
 * The first paint of `/` and `/login` (issue 32): a static copy of the top of
 * each page, in each language, that the server puts inside `#root` before any
 * JavaScript runs. It is not hydrated: React replaces it with the real screen,
 * which draws the same header and title in the same place. It holds no field
 * (what is typed there would be lost) and nothing that depends on a session.
 * Built into `dist/shells/<page>.<language>.html` (vite.config.ts).
 */
import { resources } from '../../packages/i18n/src/index.ts';
import { escapeHtml } from '../../packages/schemas/src/html.ts';
import { LANGUAGES, type TLanguage } from '../../packages/schemas/src/languages.ts';
import { ICON_PATHS } from './src/ui/icon-paths.ts';

/** An icon as ui/Icon.tsx draws it, for the brand and the feature list. */
function icon(name: keyof typeof ICON_PATHS, size = 20) {
  return `<svg class="icon" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="${ICON_PATHS[name]}"/></svg>`;
}

/** PublicScreen (ui/Screen.tsx) without its footer (the language switch works only with the app). */
function publicScreen(language: TLanguage, title: string, content: string) {
  const t = resources[language];
  return (
    `<div class="screen screen--public" data-static-shell>` +
    `<header class="public-header"><a href="/" class="brand">${icon('cart', 24)} ${escapeHtml(t.app.name)}</a></header>` +
    `<main class="screen__content"><h1 class="public-title">${escapeHtml(title)}</h1>${content}</main></div>`
  );
}

/** The shells, by file name: `home.en.html`, `login.es.html`… */
export function staticShells(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const language of LANGUAGES) {
    const t = resources[language];
    // Home: the title, the tagline and what the product does; the buttons (which depend on a session) come with the app.
    files[`home.${language}.html`] = publicScreen(
      language,
      t.home.title,
      `<div class="hero"><p class="hero__tagline">${escapeHtml(t.home.intro)}</p></div>` +
        `<ul class="features">` +
        (
          [
            ['store', t.home.featureSuppliers],
            ['orders', t.home.featureOrders],
            ['cart', t.home.featureSend],
          ] as const
        )
          .map(([name, text]) => `<li>${icon(name)} ${escapeHtml(text)}</li>`)
          .join('') +
        `</ul>`,
    );
    // Sign-in: the title and the line under it; the form (fields must not be typed into before the app) comes with the app.
    files[`login.${language}.html`] = publicScreen(language, t.auth.loginTitle, `<p class="public-intro">${escapeHtml(t.app.tagline)}</p>`);
  }
  return files;
}
