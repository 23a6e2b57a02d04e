import type { TLanguage } from './languages.ts';
import { LIMITS, type TMessageService } from './limits.ts';

/**
 * What the app does to send an order (issue 5): open a link with the order
 * text filled in, copy the text and then open a link (phone: the text is read
 * out or pasted while dialling), or hand the text to the Web Share API (copying
 * it where the browser cannot share).
 */
export type TSendPlan = { kind: 'open'; url: string } | { kind: 'copy-then-open'; url: string } | { kind: 'share' };

/** What {@link planSend} needs: the supplier's channel and contact, the order text and the email subject. */
export interface TSendOptions {
  service: TMessageService;
  /** A phone number for whatsapp, telegram, sms and phone; an email address for email; free text for other. */
  contactInfo: string;
  /** The order text, exactly as {@link formatOrderText} makes it. */
  text: string;
  /** The email subject (see {@link orderEmailSubject}); only email uses it. */
  subject: string;
  /** Whether the browser runs on iOS, whose Messages app wants `sms:<number>&body=`; only sms uses it. */
  ios: boolean;
}

/** A lone UTF-16 surrogate (half of an emoji cut in two), which encodeURIComponent refuses. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A query value as every client reads it back: encodeURIComponent, so a space
 * is `%20` (never `+`) and `&`, `#`, `+`, `%`, `=`, `?`, accents, emoji and
 * line breaks are all percent-encoded. A lone surrogate becomes U+FFFD instead
 * of throwing.
 */
function encodeValue(value: string): string {
  return encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'));
}

/** Every line break (`\r\n`, `\n` or a lone `\r`) as CRLF, as RFC 6068 wants in a mailto body. */
function crlf(text: string): string {
  return text.replace(/\r\n|\r|\n/g, '\r\n');
}

/**
 * The digits of a phone number in international form, as wa.me wants them:
 * spaces, dashes, dots, parentheses, a leading "+" and anything else that is
 * not a digit are dropped, and a leading "00" international prefix is removed
 * ("+34 600 12 34 56", "(+34) 600-123-456" and "0034 600123456" all give
 * "34600123456").
 */
export function phoneDigits(contactInfo: string): string {
  return contactInfo.replace(/\D/g, '').replace(/^00/, '');
}

/**
 * Whether a phone number is written in international form: a "+" before its
 * first digit, or the "00" international prefix ("+34 600…", "(+34) 600…",
 * "0034 600…"). WhatsApp only finds a chat by a number with its country code.
 */
export function isInternationalNumber(contactInfo: string): boolean {
  return /^\D*\+/.test(contactInfo) || contactInfo.replace(/\D/g, '').startsWith('00');
}

/**
 * A phone number to dial or text (`tel:`, `sms:`): digits only, with a "+" in
 * front when the number is international. "" when there are fewer than
 * LIMITS.phoneDigitsMin digits.
 */
function dialNumber(contactInfo: string): string {
  const digits = phoneDigits(contactInfo);
  if (digits.length < LIMITS.phoneDigitsMin) return '';
  return isInternationalNumber(contactInfo) ? `+${digits}` : digits;
}

/** An email address for a mailto link: trimmed and percent-encoded, keeping the "@" ("pedidos+bar@x.com" gives "pedidos%2Bbar@x.com"). */
function encodeAddress(contactInfo: string): string {
  return encodeValue(contactInfo.trim()).replace(/%40/g, '@');
}

/**
 * How to send `text` through a supplier's messaging service (docs/decisions.md §3, issue 5):
 * - whatsapp: `https://wa.me/<digits>?text=<text>` for an international number
 *   (see {@link isInternationalNumber}) of at least LIMITS.phoneDigitsMin digits, else
 *   `https://wa.me/?text=<text>` (the user picks the chat): WhatsApp rejects a
 *   number without its country code;
 * - telegram: `https://t.me/share/url?url=&text=<text>`;
 * - sms (RFC 5724): `sms:<number>?body=<text>`, `sms:<number>&body=<text>` on iOS;
 *   the number keeps its international "+" (see {@link phoneDigits}), and is left
 *   out when unusable (`sms:?body=`, `sms:&body=`);
 * - email (RFC 6068): `mailto:<address>?subject=<subject>&body=<text>`, every line
 *   break in the body as `%0D%0A`;
 * - phone: copy the text, then open `tel:<number>` (`tel:` without a usable number);
 * - other: share the text (Web Share API, else copy).
 * Values are encoded with encodeURIComponent, so the text decodes back exactly
 * (with CRLF line breaks for email).
 */
export function planSend(options: TSendOptions): TSendPlan {
  const { service, contactInfo, text, subject, ios } = options;
  switch (service) {
    case 'whatsapp': {
      const digits = phoneDigits(contactInfo);
      const chat = digits.length >= LIMITS.phoneDigitsMin && isInternationalNumber(contactInfo) ? digits : '';
      return { kind: 'open', url: `https://wa.me/${chat}?text=${encodeValue(text)}` };
    }
    case 'telegram':
      return { kind: 'open', url: `https://t.me/share/url?url=&text=${encodeValue(text)}` };
    case 'sms':
      return { kind: 'open', url: `sms:${dialNumber(contactInfo)}${ios ? '&' : '?'}body=${encodeValue(text)}` };
    case 'email':
      return {
        kind: 'open',
        url: `mailto:${encodeAddress(contactInfo)}?subject=${encodeValue(subject)}&body=${encodeValue(crlf(text))}`,
      };
    case 'phone':
      return { kind: 'copy-then-open', url: `tel:${dialNumber(contactInfo)}` };
    case 'other':
      return { kind: 'share' };
  }
}

/** The subject of an order sent by email: "Order from <business name>" / "Pedido de <business name>", or "Order" / "Pedido" without a name. */
export function orderEmailSubject(businessName: string, language: TLanguage): string {
  const name = businessName.trim();
  if (language === 'es') return name ? `Pedido de ${name}` : 'Pedido';
  return name ? `Order from ${name}` : 'Order';
}
