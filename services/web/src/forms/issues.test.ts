import { resources, translateIn } from '@reorder/i18n';
import { ZCreateSupplierInput, ZRegisterInput } from '@reorder/schemas';
import { describe, expect, it } from 'vitest';
import { type FormIssue, translateIssue } from './issues.ts';

/** `t` in one language, as the app words its texts. */
const fixedT = (language: 'en' | 'es') => (key: string, vars?: { count?: number }) => translateIn(language, resources[language], key, vars);

function messages(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: unknown[] } } },
  value: unknown,
  lng: 'en' | 'es',
) {
  const result = schema.safeParse(value);
  const t = fixedT(lng);
  return Object.fromEntries(
    ((result.error?.issues ?? []) as FormIssue[]).map((issue) => [String(issue.path[0]), translateIssue(issue, t)]),
  );
}

describe('translateIssue words the shared schemas’ rules for people', () => {
  it('in English', () => {
    expect(messages(ZRegisterInput, { businessName: '', fullName: 'x'.repeat(101), email: 'nope', password: 'short' }, 'en')).toEqual({
      businessName: 'This field is required',
      fullName: 'Use at most 100 characters',
      email: 'Enter a valid email address',
      password: 'Use at least 8 characters',
    });
  });

  it('in Spanish, including the contact rules that depend on "send via"', () => {
    expect(messages(ZCreateSupplierInput, { name: 'A', messageService: 'whatsapp', contactInfo: 'call me' }, 'es')).toEqual({
      contactInfo: 'Escribe un número de teléfono (dígitos, espacios, +, -, paréntesis)',
    });
    expect(messages(ZCreateSupplierInput, { name: 'A', messageService: 'email', contactInfo: 'pepe' }, 'es')).toEqual({
      contactInfo: 'Escribe un correo electrónico válido',
    });
    expect(messages(ZCreateSupplierInput, { name: 'A', messageService: 'sms', contactInfo: '' }, 'es')).toEqual({
      contactInfo: 'Este campo es obligatorio',
    });
  });
});
