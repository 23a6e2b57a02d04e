import { describe, expect, it } from 'vitest';
import { shellLanguage } from './web.ts';

describe('the language of the static first paint (as the app will choose it)', () => {
  it("takes the language the app last showed (its cookie), else the browser's first, else English", () => {
    expect(shellLanguage(undefined, 'es-ES,es;q=0.9,en;q=0.8')).toBe('es');
    expect(shellLanguage('theme=dark; language=en', 'es-ES,es;q=0.9')).toBe('en');
    expect(shellLanguage('language=es', 'en-US')).toBe('es');
    // The app reads navigator.language only: a first language it lacks means English, whatever follows.
    expect(shellLanguage(undefined, 'fr-FR,es;q=0.9')).toBe('en');
    expect(shellLanguage('language=fr', 'es')).toBe('es');
    expect(shellLanguage(undefined, undefined)).toBe('en');
    expect(shellLanguage(undefined, ' ES ')).toBe('es');
  });
});
