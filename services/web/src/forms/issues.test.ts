import { ZCreateSupplierInput, ZRegisterInput } from '@reorder/schemas';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18nOptions } from '../app/i18n-options.ts';
import { type FormIssue, translateIssue } from './issues.ts';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init(i18nOptions('en'));
});

function messages(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: unknown[] } } },
  value: unknown,
  lng: 'en' | 'es',
) {
  const result = schema.safeParse(value);
  const t = i18n.getFixedT(lng);
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
