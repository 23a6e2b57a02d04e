/**
 * The first paint of `/` and `/login` (issue 32): a static copy of the top of
 * each page, in each language, that the server puts inside `#root` before any
 * JavaScript runs. It is not hydrated: React replaces it with the real screen,
 * which draws the same header and title in the same place. It holds no field
 * (what is typed there would be lost) and nothing that depends on a session.
 * Built into `dist/shells/<page>.<language>.html` (vite.config.ts).
 */
import { resources } from '../../packages/i18n/src/index.ts';

export const SHELL_LANGUAGES = ['en', 'es'] as const;
type ShellLanguage = (typeof SHELL_LANGUAGES)[number];

const htmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An icon as ui/Icon.tsx draws it (same paths), for the brand and the feature list. */
function icon(d: string, size = 20) {
  return `<svg class="icon" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="${d}"/></svg>`;
}

/** The paths of ui/Icon.tsx the shells use (a test compares them). */
export const SHELL_ICONS = {
  cart: 'M3 4h2l2.5 11h10L20 7H6.2M9 20a1 1 0 100-2 1 1 0 000 2zM17 20a1 1 0 100-2 1 1 0 000 2z',
  store: 'M3 9l1.5-5h15L21 9M3 9h18M3 9a3 3 0 006 0 3 3 0 006 0 3 3 0 006 0M5 12v8h14v-8M10 20v-5h4v5',
  orders: 'M9 4h6a1 1 0 011 1v1H8V5a1 1 0 011-1zM8 6H6a1 1 0 00-1 1v13a1 1 0 001 1h12a1 1 0 001-1V7a1 1 0 00-1-1h-2M9 12h6M9 16h4',
} as const;

/** PublicScreen (ui/Screen.tsx) without its footer (the language switch works only with the app). */
function publicScreen(language: ShellLanguage, title: string, content: string) {
  const t = resources[language];
  return (
    `<div class="screen screen--public" data-static-shell>` +
    `<header class="public-header"><a href="/" class="brand">${icon(SHELL_ICONS.cart, 24)} ${htmlText(t.app.name)}</a></header>` +
    `<main class="screen__content"><h1 class="public-title">${htmlText(title)}</h1>${content}</main></div>`
  );
}

/** The shells, by file name: `home.en.html`, `login.es.html`… */
export function staticShells(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const language of SHELL_LANGUAGES) {
    const t = resources[language];
    // Home: the title, the tagline and what the product does; the buttons (which depend on a session) come with the app.
    files[`home.${language}.html`] = publicScreen(
      language,
      t.home.title,
      `<div class="hero"><p class="hero__tagline">${htmlText(t.home.intro)}</p></div>` +
        `<ul class="features">` +
        [
          [SHELL_ICONS.store, t.home.featureSuppliers],
          [SHELL_ICONS.orders, t.home.featureOrders],
          [SHELL_ICONS.cart, t.home.featureSend],
        ]
          .map(([d, text]) => `<li>${icon(d as string)} ${htmlText(text as string)}</li>`)
          .join('') +
        `</ul>`,
    );
    // Sign-in: the title and the line under it; the form (fields must not be typed into before the app) comes with the app.
    files[`login.${language}.html`] = publicScreen(language, t.auth.loginTitle, `<p class="public-intro">${htmlText(t.app.tagline)}</p>`);
  }
  return files;
}
