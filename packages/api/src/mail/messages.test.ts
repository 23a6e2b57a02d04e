import { describe, expect, it } from 'vitest';
import { invitationEmail, passwordChangedEmail, resetPasswordEmail } from './messages.ts';

const link = 'https://orders.example.com/reset-password/abcDEF123_-xyz';
const forgotLink = 'https://orders.example.com/forgot-password';

/** Undoes the HTML escaping of text (named and numeric entities). */
function unescapeHtml(html: string): string {
  return html
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCharCode(Number.parseInt(code, 16)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

describe('resetPasswordEmail', () => {
  it('is in English', () => {
    const mail = resetPasswordEmail({ locale: 'en', name: 'Ana', link });
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('Hi Ana,');
    expect(mail.text).toContain('one hour');
    expect(mail.html).toContain('lang="en"');
  });

  it('is in Spanish', () => {
    const mail = resetPasswordEmail({ locale: 'es', name: 'Ana', link });
    expect(mail.subject).toBe('Restablece tu contraseña');
    expect(mail.text).toContain('Hola, Ana:');
    expect(mail.text).not.toContain('Hi Ana');
    expect(mail.html).toContain('lang="es"');
    expect(mail.html).toContain('contraseña');
  });

  it.each(['en', 'es'])('holds the link in the text and in the html (%s)', (locale) => {
    const mail = resetPasswordEmail({ locale, name: 'Ana', link });
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
  });

  it('escapes the name in the html and keeps it as is in the text', () => {
    const name = '<b>Tom & "Jerry"</b>';
    const mail = resetPasswordEmail({ locale: 'en', name, link });
    expect(mail.text).toContain(name);
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).not.toContain('</b>');
    expect(mail.html).not.toContain('Tom & ');
    expect(mail.html).not.toContain('"Jerry"');
    expect(unescapeHtml(mail.html)).toContain(name);
  });

  it('escapes a link with query characters in the html attribute', () => {
    const odd = 'https://x.test/reset-password/a?b=1&c="2"';
    const mail = resetPasswordEmail({ locale: 'en', name: 'Ana', link: odd });
    expect(mail.html).not.toContain('c="2"');
    expect(unescapeHtml(mail.html)).toContain(odd);
  });

  it('falls back to English for an unknown locale', () => {
    const mail = resetPasswordEmail({ locale: 'fr', name: 'Ana', link });
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('Hi Ana,');
    expect(mail.html).toContain('lang="en"');
  });
});

describe('passwordChangedEmail', () => {
  it('is in English and Spanish', () => {
    const en = passwordChangedEmail({ locale: 'en', name: 'Ana', forgotLink });
    const es = passwordChangedEmail({ locale: 'es', name: 'Ana', forgotLink });
    expect(en.subject).toBe('Your password was changed');
    expect(es.subject).toBe('Tu contraseña ha cambiado');
    expect(en.text).toContain('Hi Ana,');
    expect(es.text).toContain('Hola, Ana:');
  });

  it.each(['en', 'es'])('holds the forgot-password link in the text and html (%s)', (locale) => {
    const mail = passwordChangedEmail({ locale, name: 'Ana', forgotLink });
    expect(mail.text).toContain(forgotLink);
    expect(mail.html).toContain(`href="${forgotLink}"`);
  });

  it('escapes the name in the html', () => {
    const name = '<b>Tom & "Jerry"</b>';
    const mail = passwordChangedEmail({ locale: 'es', name, forgotLink });
    expect(mail.text).toContain(name);
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).not.toContain('Tom & ');
    expect(unescapeHtml(mail.html)).toContain(name);
  });

  it('falls back to English for an unknown locale', () => {
    const mail = passwordChangedEmail({ locale: 'de', name: 'Ana', forgotLink });
    expect(mail.subject).toBe('Your password was changed');
    expect(mail.text).toContain('Hi Ana,');
  });
});

describe('invitationEmail (docs/decisions.md §9.7: what users typed is quoted text, never a link or the subject)', () => {
  const invite = (locale: string, business: string, inviter = 'Ana García') =>
    invitationEmail({ locale, inviter, business, role: 'staff', link: 'https://orders.example.com/invitations/tok' });
  const ZWJ = '\u200D';

  it.each([
    ['Café http://evil.example', `“Café http:${ZWJ}/${ZWJ}/${ZWJ}evil.${ZWJ}example”`],
    ['evil.com', `“evil.${ZWJ}com”`],
  ])('quotes %j in the body with its address shapes broken, in the text and the html', (business, quoted) => {
    const mail = invite('en', business);
    expect(mail.subject).toBe('You are invited to a business on Reorder');
    expect(mail.text).toContain(`Ana García invites you to join the business ${quoted} on Reorder as staff,`);
    expect(mail.text).toContain(`If you don’t know ${quoted}, you can ignore this email.`);
    expect(mail.text).not.toContain(business);
    expect(unescapeHtml(mail.html)).toContain(`join the business ${quoted} on Reorder`);
    expect(unescapeHtml(mail.html)).not.toContain(business);
    // The one link is the invitation's.
    expect(mail.html.match(/<a /g)).toHaveLength(1);
  });

  it('keeps the subject free of what the inviter typed, in Spanish too', () => {
    const mail = invite('es', 'evil.com', 'Pepe www.evil.com');
    expect(mail.subject).toBe('Te invitan a un negocio en Reorder');
    expect(mail.text).toContain(`Pepe www.${ZWJ}evil.${ZWJ}com te invita a unirte al negocio «evil.${ZWJ}com» en Reorder como`);
    expect(mail.subject).not.toMatch(/evil|Pepe/);
  });

  it('leaves a name with nothing link-shaped as it was', () => {
    expect(invite('en', 'Café Luna').text).toContain('join the business “Café Luna” on Reorder');
  });
});
