import { describe, expect, it } from 'vitest';
import { MESSAGE_SERVICES, type TMessageService } from './limits.ts';
import { isInternationalNumber, orderEmailSubject, phoneDigits, planSend, type TSendOptions } from './send-links.ts';

/** The awkward text of issue 5: accents, emoji, `&`, `#`, `+`, `%`, `=`, `?` and line breaks. */
const TEXT = 'Hola Pepe:\n2.5 x Kg: Jamón ibérico 🐖\n1 x ud: Sal & pimienta #5 +10% =ok?';

/** TEXT percent-encoded by hand (each line break `%0A`, each space `%20`, never `+`). */
const ENCODED =
  'Hola%20Pepe%3A%0A2.5%20x%20Kg%3A%20Jam%C3%B3n%20ib%C3%A9rico%20%F0%9F%90%96%0A1%20x%20ud%3A%20Sal%20%26%20pimienta%20%235%20%2B10%25%20%3Dok%3F';

/** TEXT as a mailto body: the same, with each line break CRLF (`%0D%0A`). */
const ENCODED_CRLF =
  'Hola%20Pepe%3A%0D%0A2.5%20x%20Kg%3A%20Jam%C3%B3n%20ib%C3%A9rico%20%F0%9F%90%96%0D%0A1%20x%20ud%3A%20Sal%20%26%20pimienta%20%235%20%2B10%25%20%3Dok%3F';

const SUBJECT = 'Pedido de Bar Pepe & Hijos';
const ENCODED_SUBJECT = 'Pedido%20de%20Bar%20Pepe%20%26%20Hijos';

/** The three ways owners write the same Spanish mobile number. */
const NUMBERS = ['+34 600 12 34 56', '(+34) 600-123-456', '0034 600123456'];

function plan(service: TMessageService, contactInfo: string, overrides: Partial<TSendOptions> = {}) {
  return planSend({ service, contactInfo, text: TEXT, subject: SUBJECT, ios: false, ...overrides });
}

/** The URL of an `open` or `copy-then-open` plan (fails the test for `share`). */
function urlOf(service: TMessageService, contactInfo: string, overrides: Partial<TSendOptions> = {}): string {
  const result = plan(service, contactInfo, overrides);
  if (result.kind === 'share') throw new Error(`expected a URL for ${service}`);
  return result.url;
}

/** The raw (still encoded) value of a parameter: what follows `name=` after `?` or `&`, up to the next `&`. */
function rawParam(url: string, name: string): string {
  const match = new RegExp(`[?&]${name}=([^&]*)`).exec(url);
  if (!match) throw new Error(`no ${name} in ${url}`);
  return match[1]!;
}

describe('phoneDigits', () => {
  it.each([
    ['+34 600 12 34 56', '34600123456'],
    ['(+34) 600-123-456', '34600123456'],
    ['0034 600123456', '34600123456'],
    ['00 34 600 123 456', '34600123456'],
    ['+34.600.12.34.56', '34600123456'],
    ['+1 (555) 010-0199', '15550100199'],
    ['600 12 34 56', '600123456'],
    ['  +44 20 7946 0958  ', '442079460958'],
    ['', ''],
    ['+', ''],
    ['n/a', ''],
  ])('%j gives %j', (contactInfo, expected) => {
    expect(phoneDigits(contactInfo)).toBe(expected);
  });

  it('removes only a leading "00", not zeros inside the number', () => {
    expect(phoneDigits('0034 600 100 200')).toBe('34600100200');
    expect(phoneDigits('+39 06 1234 5678')).toBe('390612345678');
    expect(phoneDigits('600 00 12 34')).toBe('600001234');
  });
});

describe('isInternationalNumber', () => {
  it.each(['+34 600 12 34 56', '(+34) 600-123-456', '0034 600123456', '00 34 600 123 456', ' +1 555 0100'])('%j is', (n) => {
    expect(isInternationalNumber(n)).toBe(true);
  });
  it.each(['600 12 34 56', '34 600 12 34 56', '0 600 12 34', '', '600+34'])('%j is not', (n) => {
    expect(isInternationalNumber(n)).toBe(false);
  });
});

describe('planSend: whatsapp', () => {
  it.each(NUMBERS)('opens the chat of %j with the text', (contactInfo) => {
    expect(plan('whatsapp', contactInfo)).toEqual({ kind: 'open', url: `https://wa.me/34600123456?text=${ENCODED}` });
  });

  it('writes the exact URL out', () => {
    expect(urlOf('whatsapp', '+34 600 12 34 56')).toBe(
      'https://wa.me/34600123456?text=Hola%20Pepe%3A%0A2.5%20x%20Kg%3A%20Jam%C3%B3n%20ib%C3%A9rico%20%F0%9F%90%96%0A1%20x%20ud%3A%20Sal%20%26%20pimienta%20%235%20%2B10%25%20%3Dok%3F',
    );
  });

  it.each(['', '   ', '1234', '+1 23-4', 'ask Pepe'])('lets the user pick the chat without a usable number (%j)', (contactInfo) => {
    expect(plan('whatsapp', contactInfo)).toEqual({ kind: 'open', url: `https://wa.me/?text=${ENCODED}` });
  });

  // wa.me/600123456 opens "this number is not on WhatsApp": without the country code, let the owner pick the chat.
  it.each(['600 12 34 56', '600123456', '(600) 12-34-56', '12345', '34 600 12 34 56'])(
    'lets the user pick the chat for a number without its country code (%j)',
    (contactInfo) => {
      expect(plan('whatsapp', contactInfo)).toEqual({ kind: 'open', url: `https://wa.me/?text=${ENCODED}` });
    },
  );

  it('accepts an international number of exactly 5 digits', () => {
    expect(urlOf('whatsapp', '+12345')).toBe(`https://wa.me/12345?text=${ENCODED}`);
    expect(urlOf('whatsapp', '0012345')).toBe(`https://wa.me/12345?text=${ENCODED}`);
  });

  it('ignores ios, subject', () => {
    expect(urlOf('whatsapp', '+34 600 12 34 56', { ios: true, subject: 'x' })).toBe(`https://wa.me/34600123456?text=${ENCODED}`);
  });
});

describe('planSend: telegram', () => {
  it('opens the share page with an empty url parameter and the text', () => {
    expect(plan('telegram', '+34 600 12 34 56')).toEqual({
      kind: 'open',
      url: 'https://t.me/share/url?url=&text=Hola%20Pepe%3A%0A2.5%20x%20Kg%3A%20Jam%C3%B3n%20ib%C3%A9rico%20%F0%9F%90%96%0A1%20x%20ud%3A%20Sal%20%26%20pimienta%20%235%20%2B10%25%20%3Dok%3F',
    });
  });

  it('does not depend on the contact info or ios', () => {
    for (const contactInfo of [...NUMBERS, '', 'x']) {
      expect(urlOf('telegram', contactInfo, { ios: true })).toBe(`https://t.me/share/url?url=&text=${ENCODED}`);
    }
  });
});

describe('planSend: sms', () => {
  it.each(NUMBERS)('uses "?body=" (RFC 5724) for %j', (contactInfo) => {
    expect(plan('sms', contactInfo)).toEqual({ kind: 'open', url: `sms:+34600123456?body=${ENCODED}` });
  });

  it.each(NUMBERS)('uses "&body=" on iOS for %j', (contactInfo) => {
    expect(plan('sms', contactInfo, { ios: true })).toEqual({ kind: 'open', url: `sms:+34600123456&body=${ENCODED}` });
  });

  it('writes the exact URLs out', () => {
    expect(urlOf('sms', '(+34) 600-123-456')).toBe(
      'sms:+34600123456?body=Hola%20Pepe%3A%0A2.5%20x%20Kg%3A%20Jam%C3%B3n%20ib%C3%A9rico%20%F0%9F%90%96%0A1%20x%20ud%3A%20Sal%20%26%20pimienta%20%235%20%2B10%25%20%3Dok%3F',
    );
    expect(urlOf('sms', '(+34) 600-123-456', { ios: true })).toBe(
      'sms:+34600123456&body=Hola%20Pepe%3A%0A2.5%20x%20Kg%3A%20Jam%C3%B3n%20ib%C3%A9rico%20%F0%9F%90%96%0A1%20x%20ud%3A%20Sal%20%26%20pimienta%20%235%20%2B10%25%20%3Dok%3F',
    );
  });

  it('keeps a national number without a "+"', () => {
    expect(urlOf('sms', '600 12 34 56')).toBe(`sms:600123456?body=${ENCODED}`);
    expect(urlOf('sms', '600-123-456', { ios: true })).toBe(`sms:600123456&body=${ENCODED}`);
  });

  it.each(['', '  ', '1234', '+12'])('leaves the number out when there is no usable one (%j)', (contactInfo) => {
    expect(urlOf('sms', contactInfo)).toBe(`sms:?body=${ENCODED}`);
    expect(urlOf('sms', contactInfo, { ios: true })).toBe(`sms:&body=${ENCODED}`);
  });
});

describe('planSend: email', () => {
  it('builds an RFC 6068 mailto with subject and a CRLF body', () => {
    expect(plan('email', 'pedidos@example.com')).toEqual({
      kind: 'open',
      url: 'mailto:pedidos@example.com?subject=Pedido%20de%20Bar%20Pepe%20%26%20Hijos&body=Hola%20Pepe%3A%0D%0A2.5%20x%20Kg%3A%20Jam%C3%B3n%20ib%C3%A9rico%20%F0%9F%90%96%0D%0A1%20x%20ud%3A%20Sal%20%26%20pimienta%20%235%20%2B10%25%20%3Dok%3F',
    });
  });

  it('percent-encodes a "+" in the address and keeps the "@"', () => {
    expect(urlOf('email', 'pedidos+bar@example.com')).toBe(
      `mailto:pedidos%2Bbar@example.com?subject=${ENCODED_SUBJECT}&body=${ENCODED_CRLF}`,
    );
  });

  it('trims the address and encodes what a mailto address cannot hold raw', () => {
    expect(urlOf('email', '  pedidos@example.com \n')).toBe(`mailto:pedidos@example.com?subject=${ENCODED_SUBJECT}&body=${ENCODED_CRLF}`);
    expect(urlOf('email', 'josé&co?x=1#a@example.com')).toBe(
      `mailto:jos%C3%A9%26co%3Fx%3D1%23a@example.com?subject=${ENCODED_SUBJECT}&body=${ENCODED_CRLF}`,
    );
  });

  it('gives the same body for "\\n", "\\r\\n" and lone "\\r" line breaks', () => {
    const lf = urlOf('email', 'pedidos@example.com', { text: 'a\nb\n\nc' });
    const crlf = urlOf('email', 'pedidos@example.com', { text: 'a\r\nb\r\n\r\nc' });
    const cr = urlOf('email', 'pedidos@example.com', { text: 'a\rb\r\rc' });
    const mixed = urlOf('email', 'pedidos@example.com', { text: 'a\r\nb\n\rc' });
    expect(lf).toBe(`mailto:pedidos@example.com?subject=${ENCODED_SUBJECT}&body=a%0D%0Ab%0D%0A%0D%0Ac`);
    expect(crlf).toBe(lf);
    expect(cr).toBe(lf);
    expect(mixed).toBe(lf);
  });

  it('gives the same body for the awkward text with "\\r\\n" and with "\\n"', () => {
    expect(urlOf('email', 'pedidos@example.com', { text: TEXT.replace(/\n/g, '\r\n') })).toBe(
      urlOf('email', 'pedidos@example.com', { text: TEXT }),
    );
    expect(rawParam(urlOf('email', 'pedidos@example.com', { text: TEXT.replace(/\n/g, '\r\n') }), 'body')).toBe(ENCODED_CRLF);
  });

  it('encodes subjects in both languages', () => {
    expect(rawParam(urlOf('email', 'a@b.es', { subject: orderEmailSubject('Café Ñandú', 'es') }), 'subject')).toBe(
      'Pedido%20de%20Caf%C3%A9%20%C3%91and%C3%BA',
    );
    expect(rawParam(urlOf('email', 'a@b.es', { subject: orderEmailSubject("Joe's 50% #1", 'en') }), 'subject')).toBe(
      "Order%20from%20Joe's%2050%25%20%231",
    );
    expect(urlOf('email', 'a@b.es', { subject: '', text: '' })).toBe('mailto:a@b.es?subject=&body=');
  });

  it('ignores ios', () => {
    expect(urlOf('email', 'pedidos@example.com', { ios: true })).toBe(urlOf('email', 'pedidos@example.com'));
  });
});

describe('planSend: phone', () => {
  it.each(NUMBERS)('copies the text, then dials tel:+34600123456 for %j', (contactInfo) => {
    expect(plan('phone', contactInfo)).toEqual({ kind: 'copy-then-open', url: 'tel:+34600123456' });
  });

  it('dials a national number without a "+"', () => {
    expect(plan('phone', '600 12 34 56')).toEqual({ kind: 'copy-then-open', url: 'tel:600123456' });
  });

  it('opens the dialer empty without a usable number', () => {
    expect(plan('phone', '')).toEqual({ kind: 'copy-then-open', url: 'tel:' });
    expect(plan('phone', '12')).toEqual({ kind: 'copy-then-open', url: 'tel:' });
  });
});

describe('planSend: other', () => {
  it.each(['', 'Ask at the counter', '+34 600 12 34 56', 'pedidos@example.com'])('shares the text (%j)', (contactInfo) => {
    expect(plan('other', contactInfo)).toEqual({ kind: 'share' });
    expect(plan('other', contactInfo, { ios: true })).toEqual({ kind: 'share' });
  });
});

describe('planSend: encoding', () => {
  const cases: [TMessageService, string, string, boolean][] = [
    ['whatsapp', '+34 600 12 34 56', 'text', false],
    ['whatsapp', '', 'text', false],
    ['telegram', '+34 600 12 34 56', 'text', false],
    ['sms', '+34 600 12 34 56', 'body', false],
    ['sms', '+34 600 12 34 56', 'body', true],
    ['sms', '', 'body', true],
    ['email', 'pedidos+bar@example.com', 'body', false],
  ];

  it.each(cases)('%s (%j): decoding the %s parameter gives back the text', (service, contactInfo, param, ios) => {
    const raw = rawParam(urlOf(service, contactInfo, { ios }), param);
    expect(decodeURIComponent(raw)).toBe(service === 'email' ? TEXT.replace(/\n/g, '\r\n') : TEXT);
  });

  it.each(cases)('%s (%j): the %s parameter holds only unreserved characters and escapes', (service, contactInfo, param, ios) => {
    const raw = rawParam(urlOf(service, contactInfo, { ios }), param);
    expect(raw).toMatch(/^(?:[A-Za-z0-9\-_.!~*'()]|%[0-9A-F]{2})*$/);
    expect(raw).not.toMatch(/[ +&#=?\n\r]/);
  });

  it('reads back the same through URLSearchParams (no "+" is taken for a space)', () => {
    expect(new URL(urlOf('whatsapp', '+34 600 12 34 56')).searchParams.get('text')).toBe(TEXT);
    expect(new URL(urlOf('telegram', '')).searchParams.get('text')).toBe(TEXT);
    expect(new URL(urlOf('telegram', '')).searchParams.get('url')).toBe('');
    expect(new URL(urlOf('sms', '+34 600 12 34 56')).searchParams.get('body')).toBe(TEXT);
    const mail = new URL(urlOf('email', 'pedidos+bar@example.com'));
    expect(mail.searchParams.get('subject')).toBe(SUBJECT);
    expect(mail.searchParams.get('body')).toBe(TEXT.replace(/\n/g, '\r\n'));
    expect(decodeURIComponent(mail.pathname)).toBe('pedidos+bar@example.com');
  });

  it('encodes each awkward character exactly', () => {
    const encode = (text: string) => rawParam(urlOf('telegram', '', { text }), 'text');
    expect(encode('á é í ó ú ñ ü ¡ ¿')).toBe('%C3%A1%20%C3%A9%20%C3%AD%20%C3%B3%20%C3%BA%20%C3%B1%20%C3%BC%20%C2%A1%20%C2%BF');
    expect(encode('🐖👋')).toBe('%F0%9F%90%96%F0%9F%91%8B');
    expect(encode('&#+%=?')).toBe('%26%23%2B%25%3D%3F');
    expect(encode('a\nb')).toBe('a%0Ab');
    expect(encode(' ')).toBe('%20');
    expect(encode('/:;,@$')).toBe('%2F%3A%3B%2C%40%24');
    expect(encode('')).toBe('');
  });

  it('replaces a lone surrogate (an emoji cut in half) with U+FFFD instead of throwing', () => {
    const cut = 'Jamón 🐖'.slice(0, -1);
    for (const service of ['whatsapp', 'telegram', 'sms', 'email'] as const) {
      const raw = rawParam(
        urlOf(service, 'pedidos@example.com', { text: cut }),
        service === 'sms' || service === 'email' ? 'body' : 'text',
      );
      expect(raw).toBe('Jam%C3%B3n%20%EF%BF%BD');
    }
    expect(rawParam(urlOf('email', 'a@b.es', { subject: '\uDC16x' }), 'subject')).toBe('%EF%BF%BDx');
  });

  it('has a plan for every message service', () => {
    for (const service of MESSAGE_SERVICES) {
      expect(['open', 'copy-then-open', 'share']).toContain(plan(service, '+34 600 12 34 56').kind);
    }
  });
});

describe('orderEmailSubject', () => {
  it.each([
    ['Bar Pepe', 'en', 'Order from Bar Pepe'],
    ['Bar Pepe', 'es', 'Pedido de Bar Pepe'],
    ['  Café Ñandú  ', 'en', 'Order from Café Ñandú'],
    ['  Café Ñandú  ', 'es', 'Pedido de Café Ñandú'],
    ['', 'en', 'Order'],
    ['', 'es', 'Pedido'],
    [' \t\n ', 'en', 'Order'],
    [' \t\n ', 'es', 'Pedido'],
  ] as const)('%j in %s gives %j', (businessName, language, expected) => {
    expect(orderEmailSubject(businessName, language)).toBe(expected);
  });
});
