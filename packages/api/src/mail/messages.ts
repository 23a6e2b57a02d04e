import { type TMessageKey, translate } from '@reorder/i18n';

interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A short email in the user's language: greeting, paragraphs, an optional button, signature. */
function render(
  locale: string,
  subjectKey: TMessageKey,
  name: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  after: string[] = [],
): RenderedMail {
  const t = (key: TMessageKey, vars?: Record<string, string>) => translate(locale, key, vars);
  const greeting = t('mail.greeting', { name });
  const signature = t('mail.signature');
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [action.url, ''] : []),
    ...after.flatMap((p) => [p, '']),
    signature,
    '',
  ].join('\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = `<!doctype html><html lang="${locale === 'es' ? 'es' : 'en'}"><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">${p(greeting)}${paragraphs.map(p).join('')}${
    action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#2e7d32;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#52606d;word-break:break-all">${escapeHtml(action.url)}</p>`
      : ''
  }${after.map(p).join('')}${p(signature)}</body></html>`;
  return { subject: t(subjectKey), text, html };
}

/** The reset-password email with its one-hour, single-use link. */
export function resetPasswordEmail(options: { locale: string; name: string; link: string }): RenderedMail {
  const t = (key: TMessageKey) => translate(options.locale, key);
  return render(
    options.locale,
    'mail.resetPassword.subject',
    options.name,
    [t('mail.resetPassword.intro')],
    { label: t('mail.resetPassword.action'), url: options.link },
    [t('mail.resetPassword.expiry'), t('mail.resetPassword.ignore')],
  );
}

/** The notice sent after a password change or reset, pointing to "forgot password" in case it was not them. */
export function passwordChangedEmail(options: { locale: string; name: string; forgotLink: string }): RenderedMail {
  const t = (key: TMessageKey) => translate(options.locale, key);
  return render(
    options.locale,
    'mail.passwordChanged.subject',
    options.name,
    [t('mail.passwordChanged.body'), t('mail.passwordChanged.notYou')],
    {
      label: options.forgotLink,
      url: options.forgotLink,
    },
  );
}

/** Feedback forwarded to the team (always in English). */
export function feedbackEmail(options: { fullName: string; email: string; note: string; username: string }): RenderedMail {
  const subject = translate('en', 'mail.feedback.subject', { name: options.fullName });
  const text = `${options.note}\n\n-- ${options.fullName} <${options.email}> (@${options.username})\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif"><p style="white-space:pre-wrap">${escapeHtml(options.note)}</p><p>— ${escapeHtml(options.fullName)} &lt;${escapeHtml(options.email)}&gt; (@${escapeHtml(options.username)})</p></body></html>`;
  return { subject, text, html };
}
