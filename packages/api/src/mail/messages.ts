import { type TMessageKey, translate } from '@reorder/i18n';
import { escapeHtml } from '@reorder/schemas/html';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** A short email in the user's language: greeting, paragraphs, an optional button, signature. */
export function render(
  locale: string,
  subjectKey: TMessageKey,
  name: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  after: string[] = [],
  subjectVars?: Record<string, string>,
): RenderedMail {
  const t = (key: TMessageKey, vars?: Record<string, string>) => translate(locale, key, vars);
  const greeting = name ? t('mail.greeting', { name }) : t('mail.greetingNoName');
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
  return { subject: t(subjectKey, subjectVars), text, html };
}

/** The reminder before a supplier's cut-off, with a link to the order screen. */
export function reminderEmail(options: {
  locale: string;
  name: string;
  supplier: string;
  time: string;
  when: string;
  delivery: string;
  link: string;
}): RenderedMail {
  const t = (key: TMessageKey, vars?: Record<string, string>) => translate(options.locale, key, vars);
  return render(
    options.locale,
    'mail.reminder.subject',
    options.name,
    [t('mail.reminder.body', { supplier: options.supplier, when: options.when, delivery: options.delivery })],
    { label: t('mail.reminder.action'), url: options.link },
    [t('mail.reminder.why')],
    { supplier: options.supplier, time: options.time },
  );
}

/** The reset-password email with its one-hour, single-use link. */
/** The supplier answered a sent order (docs/decisions.md §6.4): the status, what is missing, the delivery date and the note. */
export function confirmationEmail(options: {
  locale: string;
  name: string;
  supplier: string;
  status: 'confirmed' | 'partial' | 'declined';
  changed: boolean;
  sent: string;
  unavailable: string[];
  /** The lines answered differently, each as one phrase ("Tomatoes: 2 instead of 2.5, €2.05 per Kg, up 10.8% ⚠"). */
  changes?: string[];
  delivery: string | null;
  note: string;
  link: string;
}): RenderedMail {
  const t = (key: TMessageKey, vars?: Record<string, string>) => translate(options.locale, key, vars);
  const status = t(`mail.confirmation.${options.status}`);
  return render(
    options.locale,
    options.changed ? 'mail.confirmation.changedSubject' : 'mail.confirmation.subject',
    options.name,
    [
      t('mail.confirmation.body', { supplier: options.supplier, sent: options.sent }),
      options.unavailable.length > 0
        ? t('mail.confirmation.unavailable', { items: options.unavailable.join(', ') })
        : t('mail.confirmation.allAvailable'),
      ...(options.changes?.length ? [t('mail.confirmation.changes', { items: options.changes.join('; ') })] : []),
      ...(options.delivery ? [t('mail.confirmation.delivery', { date: options.delivery })] : []),
      ...(options.note ? [t('mail.confirmation.note', { note: options.note })] : []),
    ],
    { label: t('mail.confirmation.action'), url: options.link },
    [],
    { supplier: options.supplier, status },
  );
}

/** The owner's notice of a supplier's answer to a claim (docs/decisions.md §9.4). */
export function claimAnsweredEmail(options: {
  locale: string;
  name: string;
  supplier: string;
  answer: 'credit' | 'redeliver' | 'dispute';
  amount: string;
  date: string;
  note: string;
  creditNote: string;
  link: string;
}): RenderedMail {
  const t = (key: TMessageKey, vars?: Record<string, string>) => translate(options.locale, key, vars);
  const answer = t(`mail.claim.${options.answer}`);
  return render(
    options.locale,
    'mail.claim.subject',
    options.name,
    [
      t('mail.claim.body', { supplier: options.supplier, amount: options.amount, date: options.date, answer }),
      ...(options.creditNote ? [t('mail.claim.creditNote', { creditNote: options.creditNote })] : []),
      ...(options.note ? [t('mail.claim.note', { note: options.note })] : []),
    ],
    { label: t('mail.claim.action'), url: options.link },
    [],
    { supplier: options.supplier, answer },
  );
}

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

/** The link that verifies the account's email address (24 hours, once). */
export function verifyEmailEmail(options: { locale: string; name: string; link: string }): RenderedMail {
  const t = (key: TMessageKey) => translate(options.locale, key);
  return render(
    options.locale,
    'mail.verifyEmail.subject',
    options.name,
    [t('mail.verifyEmail.intro')],
    { label: t('mail.verifyEmail.action'), url: options.link },
    [t('mail.verifyEmail.expiry'), t('mail.verifyEmail.ignore')],
  );
}

/**
 * What a user typed, made inert for mail clients that turn anything shaped
 * like an address into a link (docs/decisions.md §9.7): a zero-width joiner
 * after each `.`, `:`, `/` and `@` followed by more text. The text reads the
 * same; "evil.com" and "http://evil.example" are no longer one link-shaped
 * run for a linkifier, in the plain text or the html.
 */
export function defuseLinks(typed: string): string {
  return typed.replace(/([.:/@])(?=\S)/g, '$1\u200D');
}

/**
 * An invitation to join a business, in the inviter's language, with its
 * one-use link. What the inviter typed (their name, the business's) stays
 * out of the subject and is quoted and defused in the body: the mail goes to
 * someone who never chose to hear from them.
 */
export function invitationEmail(options: {
  locale: string;
  inviter: string;
  business: string;
  role: 'owner' | 'manager' | 'staff';
  link: string;
}): RenderedMail {
  const t = (key: TMessageKey, vars?: Record<string, string>) => translate(options.locale, key, vars);
  const vars = { inviter: defuseLinks(options.inviter), business: defuseLinks(options.business), role: t(`mail.roles.${options.role}`) };
  return render(
    options.locale,
    'mail.invitation.subject',
    '',
    [t('mail.invitation.body', vars)],
    { label: t('mail.invitation.action'), url: options.link },
    [t('mail.invitation.expiry'), t('mail.invitation.ignore', vars)],
  );
}

/** To owners and managers: a member prepared an order, ready to send. */
export function orderReadyEmail(options: {
  locale: string;
  name: string;
  member: string;
  supplier: string;
  business: string;
  link: string;
}): RenderedMail {
  const t = (key: TMessageKey, vars?: Record<string, string>) => translate(options.locale, key, vars);
  const vars = { name: options.member, supplier: options.supplier, business: options.business };
  return render(
    options.locale,
    'mail.orderReady.subject',
    options.name,
    [t('mail.orderReady.body', vars)],
    { label: t('mail.orderReady.action'), url: options.link },
    [],
    vars,
  );
}

/** Sent to a new address: the email changes only when this link is opened. */
export function changeEmailEmail(options: { locale: string; name: string; link: string }): RenderedMail {
  const t = (key: TMessageKey) => translate(options.locale, key);
  return render(
    options.locale,
    'mail.changeEmail.subject',
    options.name,
    [t('mail.changeEmail.intro')],
    { label: t('mail.changeEmail.action'), url: options.link },
    [t('mail.verifyEmail.expiry')],
  );
}

/** Sent to the old address when someone asks to change the account's email. */
export function emailChangeRequestedEmail(options: { locale: string; name: string; newEmail: string; forgotLink: string }): RenderedMail {
  const t = (key: TMessageKey, vars?: Record<string, string>) => translate(options.locale, key, vars);
  return render(
    options.locale,
    'mail.emailChangeRequested.subject',
    options.name,
    [t('mail.emailChangeRequested.body', { email: options.newEmail }), t('mail.emailChangeRequested.notYou')],
    { label: options.forgotLink, url: options.forgotLink },
  );
}

/** Sent when a provider's owner takes over an account whose email was never verified. */
export function accountLinkedEmail(options: { locale: string; name: string; provider: string; forgotLink: string }): RenderedMail {
  const vars = { provider: options.provider };
  const t = (key: TMessageKey) => translate(options.locale, key, vars);
  return render(
    options.locale,
    'mail.accountLinked.subject',
    options.name,
    [t('mail.accountLinked.body'), t('mail.accountLinked.next')],
    { label: options.forgotLink, url: options.forgotLink },
    [],
    vars,
  );
}

/**
 * Sent when an API token is made (docs/decisions.md §8.6): its name and when it
 * stops working, and what to do if it was not the owner. Never the secret.
 */
export function apiTokenCreatedEmail(options: {
  locale: string;
  name: string;
  tokenName: string;
  /** When it stops working, already worded in the owner's language and time zone. */
  expires: string;
  forgotLink: string;
}): RenderedMail {
  const t = (key: TMessageKey, vars?: Record<string, string>) => translate(options.locale, key, vars);
  return render(
    options.locale,
    'mail.apiTokenCreated.subject',
    options.name,
    [t('mail.apiTokenCreated.body', { name: options.tokenName, expires: options.expires }), t('mail.apiTokenCreated.notYou')],
    { label: options.forgotLink, url: options.forgotLink },
  );
}

/** To each owner when a webhook endpoint is switched off after 24 hours of failures (docs/decisions.md §8.5). */
export function webhookDisabledEmail(options: {
  locale: string;
  name: string;
  business: string;
  url: string;
  error: string;
  link: string;
}): RenderedMail {
  const t = (key: TMessageKey, vars?: Record<string, string>) => translate(options.locale, key, vars);
  return render(
    options.locale,
    'mail.webhookDisabled.subject',
    options.name,
    [t('mail.webhookDisabled.body', { url: options.url, business: options.business, error: options.error }), t('mail.webhookDisabled.fix')],
    { label: options.link, url: options.link },
  );
}

/** Sent to the address of an account that was just deleted. */
export function accountDeletedEmail(options: { locale: string; name: string }): RenderedMail {
  const t = (key: TMessageKey) => translate(options.locale, key);
  return render(options.locale, 'mail.accountDeleted.subject', options.name, [
    t('mail.accountDeleted.body'),
    t('mail.accountDeleted.notYou'),
  ]);
}

/** Feedback forwarded to the team (always in English). */
export function feedbackEmail(options: { fullName: string; email: string; note: string; username: string }): RenderedMail {
  const subject = translate('en', 'mail.feedback.subject', { name: options.fullName });
  const text = `${options.note}\n\n-- ${options.fullName} <${options.email}> (@${options.username})\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif"><p style="white-space:pre-wrap">${escapeHtml(options.note)}</p><p>— ${escapeHtml(options.fullName)} &lt;${escapeHtml(options.email)}&gt; (@${escapeHtml(options.username)})</p></body></html>`;
  return { subject, text, html };
}
