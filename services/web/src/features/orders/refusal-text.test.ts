import { resources, translateIn } from '@reorder/i18n';
import { describe, expect, it } from 'vitest';
import { CHANGE_KINDS, type OrderChange } from './changes.ts';
import { REFUSAL_REASONS, refusalText } from './refusal-text.ts';

/** `t` in one language, as the app words its texts. */
const fixedT = (language: 'en' | 'es') => (key: string, vars?: Record<string, unknown>) =>
  translateIn(language, resources[language], key, vars as { count?: number });

const target = { supplierId: 3, orderId: 4 };

/** A change of each kind of the registry, as a refusal names it. */
const changeOf = (kind: OrderChange['kind']) => ({ kind, ...target, productId: 9, name: 'Leche', quantity: 2 }) as OrderChange;

describe('a refused change, told in the owner’s language', () => {
  it('names the change, why, and what the screen shows now, wholly in Spanish', () => {
    const text = refusalText(
      fixedT('es'),
      { change: { kind: 'quantity', ...target, productId: 9, name: 'Fresas', quantity: 2 }, kind: 'NOT_FOUND' },
      'Frutas Ruiz',
    );
    expect(text).toBe(
      'No se ha guardado: Fresas: cantidad 2. Se borró mientras tanto, quizá en otro dispositivo. El pedido muestra ahora lo guardado.',
    );
  });

  it('words an unknown refusal by the general reason', () => {
    expect(refusalText(fixedT('en'), { change: changeOf('par'), kind: 'SOMETHING' }, 'x')).toBe(
      'Not saved: Leche: par. The server could not take it. The order now shows what is saved: try again.',
    );
  });

  // Found from the registry and the list of reasons themselves: a new kind of change or of refusal without its texts fails here.
  it.each(CHANGE_KINDS)('words a refused %s change for every reason, in en and es', (kind) => {
    const worded = { en: new Set<string>(), es: new Set<string>() };
    for (const language of ['en', 'es'] as const) {
      for (const reason of REFUSAL_REASONS) {
        const text = refusalText(fixedT(language), { change: changeOf(kind), kind: reason }, 'Frutas Ruiz');
        expect(text, `${language} ${kind} ${reason}`).not.toMatch(/offline\.|\{\{/);
        expect(text, `${language} ${kind} ${reason}`).toMatch(/Frutas Ruiz|Leche/);
        worded[language].add(text);
      }
    }
    // Each reason has a text of its own, and Spanish is not English.
    expect(worded.en.size).toBe(REFUSAL_REASONS.length);
    expect(worded.es.size).toBe(REFUSAL_REASONS.length);
    for (const text of worded.es) expect(worded.en.has(text)).toBe(false);
  });
});
