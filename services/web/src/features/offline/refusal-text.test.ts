import { resources, translateIn } from '@reorder/i18n';
import { describe, expect, it } from 'vitest';
import { refusalText } from './refusal-text.ts';

/** `t` in one language, as the app words its texts. */
const fixedT = (language: 'en' | 'es') => (key: string, vars?: Record<string, unknown>) =>
  translateIn(language, resources[language], key, vars as { count?: number });

const target = { supplierId: 3, orderId: 4 };

describe('a refused change, told in the owner’s language', () => {
  it('names the change and why, wholly in Spanish', () => {
    const text = refusalText(
      fixedT('es'),
      { change: { kind: 'quantity', ...target, productId: 9, name: 'Fresas', quantity: 2 }, kind: 'NOT_FOUND' },
      'Frutas Ruiz',
    );
    expect(text).toBe('No se ha guardado: Fresas: cantidad 2. Se borró mientras tanto, quizá en otro dispositivo.');
  });

  it('words every kind of change and falls back to a general reason for an unknown refusal', () => {
    const en = fixedT('en');
    expect(refusalText(en, { change: { kind: 'clear', ...target }, kind: 'BAD_REQUEST' }, 'Frutas Ruiz')).toBe(
      'Not saved: clearing the order to Frutas Ruiz. It is not valid any more.',
    );
    expect(refusalText(en, { change: { kind: 'par', ...target, productId: 9, name: 'Leche', par: 2 }, kind: 'SOMETHING' }, 'x')).toBe(
      'Not saved: Leche: par. The server could not take it.',
    );
    for (const language of ['en', 'es'] as const) {
      for (const kind of ['message', 'fill', 'clear', 'reorder', 'restore', 'send'] as const) {
        const text = refusalText(fixedT(language), { change: { kind, ...target } as never, kind: 'CONFLICT' }, 'Frutas Ruiz');
        expect(text, `${language} ${kind}`).toContain('Frutas Ruiz');
        expect(text, `${language} ${kind}`).not.toContain('offline.');
      }
    }
  });
});
