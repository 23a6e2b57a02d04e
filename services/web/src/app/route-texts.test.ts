import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { enMore } from '@reorder/i18n/en-more';
import { PATHS } from '@reorder/schemas/web-paths';
import { describe, expect, it } from 'vitest';

/**
 * The order screens and the sign-in page load only the daily work's texts (`orderScreen` and
 * `signInScreen` in routes.ts, lib/i18n.ts):
 * nothing they import, at once or later, may word a text of the rest (@reorder/i18n's `en.more.ts`),
 * or it would show as a bare key. Read from the source: every module each one reaches.
 */
const src = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const routes = readFileSync(path.join(src, 'app', 'routes.ts'), 'utf8');
const MORE = Object.keys(enMore);
const ROUTE_NAMES = new Set(Object.keys(PATHS));

/** The app's modules `file` imports, statically or not (`import type` aside), as absolute paths. */
function importsOf(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const specifiers = [
    ...code.matchAll(/^(?:import|export)(?!\s+type\s)[^;]*?\sfrom\s+'(\.[^']+)'/gms),
    ...code.matchAll(/^import\s+'(\.[^']+)'/gm),
    ...code.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g),
  ].map((match) => match[1] as string);
  return specifiers.filter((s) => /\.tsx?$/.test(s)).map((s) => path.resolve(path.dirname(file), s));
}

/** Every module the `roots` reach. */
function reach(...roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...importsOf(file));
  }
  return seen;
}

/** The keys of the rest's texts that `file` words (a key in quotes; route names, which look alike, aside). */
function moreTextsIn(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const keys = [...code.matchAll(/['`]([a-z][a-zA-Z]*)\.([\w.$]*)/g)].filter((m) => MORE.includes(m[1] as string));
  return keys.map((m) => `${m[1]}.${m[2]}`).filter((key) => !ROUTE_NAMES.has(key));
}

const dailyWorkScreens = [...routes.matchAll(/(?:orderScreen|signInScreen)\(\(\) => import\('(\.\.\/screens\/[^']+)'\)/g)].map((m) =>
  path.resolve(src, 'app', m[1] as string),
);

describe('the texts the order screens and the sign-in page load', () => {
  it('are those of routes.ts, the order screen and the sign-in page among them', () => {
    expect(dailyWorkScreens.map((f) => path.relative(src, f))).toContain(path.join('screens', 'orders', 'Order.tsx'));
    expect(dailyWorkScreens.map((f) => path.relative(src, f))).toContain(path.join('screens', 'auth', 'Login.tsx'));
    expect(dailyWorkScreens.length).toBeGreaterThanOrEqual(8);
  });

  for (const screen of dailyWorkScreens) {
    it(`hold every text ${path.relative(src, screen)} words`, () => {
      // With what every screen renders inside: the API client's frame and the role gate.
      const modules = reach(screen, path.join(src, 'app', 'data.tsx'), path.join(src, 'features', 'businesses', 'RoleGate.tsx'));
      const words = [...modules].flatMap((file) => moreTextsIn(file).map((key) => `${path.relative(src, file)}: ${key}`));
      expect(words).toEqual([]);
    });
  }

  it('would catch a screen that words the rest: the profile does, through its cards', () => {
    const modules = reach(path.join(src, 'screens', 'profile', 'Profile.tsx'));
    expect([...modules].map((f) => path.relative(src, f))).toContain(path.join('features', 'account', 'SessionsCard.tsx'));
    expect([...modules].flatMap(moreTextsIn)).toContain('profile.sessionEnded');
  });
});
