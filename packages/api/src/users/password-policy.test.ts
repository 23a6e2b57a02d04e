import { describe, expect, it } from 'vitest';
import { passwordProblem, passwordProblemMessage } from './password-policy.ts';

describe('passwordProblem', () => {
  it.each(['password', '12345678', 'PASSWORD', 'iloveyou', 'qwertyuiop', '        ', 'aaaaaaaa', '11111111111', '  password  '])(
    'refuses the common password %j',
    (password) => {
      expect(passwordProblem(password, {})).toBe('common');
    },
  );

  it.each([
    ['letter-for-digit swaps', 'P@ssw0rd!'],
    ['fullwidth letters and digits', 'ＰＡＳＳＷＯＲＤ１２３'],
    ['a zero-width space inside', 'pass\u200bword'],
    ['a soft hyphen and a word joiner', 'pass\u00adwo\u2060rd1'],
    ['swaps of 1, 3, 4, 5, 7 and $', '5unsh1n3'],
  ])('sees through %s: refuses %j (docs/decisions.md §8.6)', (_, password) => {
    expect(passwordProblem(password, {})).toBe('common');
  });

  it('sees through the same disguises for the email local part and the business name', () => {
    expect(passwordProblem('ＬＵＣＩＡ.ＭＡＲＴＩＮ', { email: 'lucia.martin@example.com' })).toBe('personal');
    expect(passwordProblem('P4n4deria S0l!', { businessName: 'Panaderia Sol' })).toBe('personal');
    expect(passwordProblem('lu\u200bcia.martin', { email: 'lucia.martin@example.com' })).toBe('personal');
  });

  it('refuses a password that contains the email local part or the business name, in any case', () => {
    const account = { email: 'lucia.martin@example.com', businessName: 'Panadería Sol' };
    expect(passwordProblem('lucia.martin2024', account)).toBe('personal');
    expect(passwordProblem('LUCIA.MARTIN!', account)).toBe('personal');
    expect(passwordProblem('mi panadería sol', account)).toBe('personal');
    expect(passwordProblem('PanaderíaSol99', account)).toBe('personal');
  });

  it('ignores short parts, and accepts everything else', () => {
    expect(passwordProblem('bar and grill on the corner', { email: 'bar@example.com', businessName: 'Sol' })).toBeUndefined();
    expect(passwordProblem('correct horse battery', { email: 'ana@example.com', businessName: 'Café Central' })).toBeUndefined();
    expect(passwordProblem('Tr0mpeta-azul', {})).toBeUndefined();
  });
});

describe('passwordProblemMessage', () => {
  it('says why in the user’s language', () => {
    expect(passwordProblemMessage('common', 'en')).toMatch(/common/i);
    expect(passwordProblemMessage('common', 'es')).toMatch(/común|habitual/i);
    expect(passwordProblemMessage('personal', 'en')).toMatch(/email|business/i);
    expect(passwordProblemMessage('personal', 'es')).toMatch(/correo|negocio/i);
  });
});
