import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZCreateBusinessInput, ZUpdateBusinessInput } from './business.ts';
import { ZAnswerConfirmationInput } from './confirmation.ts';
import { zEmail, zId, zNewPassword, zOptionalText, zQuantity, zText } from './fields.ts';
import { isValidQuantity, MESSAGE_SERVICES, readTypedNumber } from './limits.ts';
import { ZUpdateOrderInput } from './order.ts';
import { ZCreateProductInput, ZProductListInput } from './product.ts';
import { ZCreateSupplierInput, ZUpdateSupplierInput } from './supplier.ts';
import { ZUpdateMeInput } from './user.ts';

/** The messages of a failed parse, keyed by dotted path. */
function issuesOf(schema: z.ZodType, value: unknown): { path: string; message: string }[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

describe('zId', () => {
  const schema = zId('Supplier id');

  it.each([
    [1, 1],
    [2_147_483_647, 2_147_483_647],
  ])('accepts %j as %j', (input, expected) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(true);
    expect(result.data).toBe(expected);
  });

  // Text is never a number here: the REST surface reads "42" in a path or a body as 42 before the schema sees it.
  it.each([0, -1, 1.5, 'abc', '', null, true, false, undefined, '-1', '1.5', '0', '42', ' 7 ', 2_147_483_648, Number.NaN, [], {}])(
    'rejects %j',
    (input) => {
      expect(schema.safeParse(input).success).toBe(false);
    },
  );

  it('names the label in its message', () => {
    expect(issuesOf(schema, 0)[0]?.message).toBe('Supplier id must be a positive integer');
    expect(issuesOf(schema, 'abc')[0]?.message).toBe('Supplier id must be a positive integer');
  });

  it('reports one problem, not two, for a number too large to be an id', () => {
    expect(issuesOf(schema, '99999999999999999999').map((i) => i.message)).toEqual(['Supplier id must be a positive integer']);
    expect(issuesOf(schema, 2_147_483_648).map((i) => i.message)).toEqual(['Supplier id is too large']);
  });
});

describe('zQuantity', () => {
  it.each([
    [0, 0],
    [99999, 99999],
    [0.125, 0.125],
    [0.001, 0.001],
    [12.1 + 0.2, 12.1 + 0.2],
    [0.1 + 0.2, 0.1 + 0.2],
  ])('accepts %j', (input, expected) => {
    const result = zQuantity.safeParse(input);
    expect(result.success).toBe(true);
    expect(result.data).toBe(expected);
  });

  it.each([
    -0.001,
    -1,
    99999.001,
    100000,
    1.2345,
    0.0001,
    'abc',
    null,
    true,
    '',
    '-1',
    '1e3',
    '2.5',
    '12',
    undefined,
    Number.NaN,
    Number.POSITIVE_INFINITY,
  ])('rejects %j', (input) => {
    expect(zQuantity.safeParse(input).success).toBe(false);
  });

  it('agrees with isValidQuantity, the zod-free rule the order screen uses', () => {
    const numbers = [0, 99999, 0.125, 0.001, 12.1 + 0.2, 0.1 + 0.2, -0.001, -1, 99999.001, 100000, 1.2345, 0.0001];
    for (const n of [...numbers, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(isValidQuantity(n), String(n)).toBe(zQuantity.safeParse(n).success);
    }
    expect(numbers.filter(isValidQuantity)).toEqual([0, 99999, 0.125, 0.001, 12.1 + 0.2, 0.1 + 0.2]);
  });

  it('explains each problem', () => {
    expect(issuesOf(zQuantity, -1)[0]?.message).toBe('Quantity must be 0 or more');
    expect(issuesOf(zQuantity, 100000)[0]?.message).toBe('Quantity must be at most 99999');
    expect(issuesOf(zQuantity, 1.2345)[0]?.message).toBe('Quantity must have at most 3 decimals');
  });
});

describe('zText', () => {
  const name = zText('Supplier name', 100);

  it('accepts 1 to max characters and trims', () => {
    expect(name.parse('a')).toBe('a');
    expect(name.parse('x'.repeat(100))).toBe('x'.repeat(100));
    expect(name.parse('  Acme  ')).toBe('Acme');
    expect(name.parse(`  ${'x'.repeat(100)}  `)).toBe('x'.repeat(100));
  });

  it('rejects empty, blank, too long and non-text', () => {
    expect(issuesOf(name, '')[0]?.message).toBe('Supplier name is required');
    expect(issuesOf(name, '   ')[0]?.message).toBe('Supplier name is required');
    expect(issuesOf(name, 'x'.repeat(101))[0]?.message).toBe('Supplier name must be at most 100 characters');
    expect(name.safeParse(42).success).toBe(false);
    expect(name.safeParse(null).success).toBe(false);
    expect(name.safeParse(undefined).success).toBe(false);
  });

  it('supports a larger minimum', () => {
    const note = zText('Note', 2000, 2);
    expect(note.safeParse('a').success).toBe(false);
    expect(issuesOf(note, 'a')[0]?.message).toBe('Note must be at least 2 characters');
    expect(note.parse('ab')).toBe('ab');
  });

  it('zOptionalText turns missing and null into "" and still limits the length', () => {
    const note = zOptionalText('Notes', 300);
    expect(note.parse(undefined)).toBe('');
    expect(note.parse(null)).toBe('');
    expect(note.parse('  hi ')).toBe('hi');
    expect(note.parse('x'.repeat(300))).toBe('x'.repeat(300));
    expect(note.safeParse('x'.repeat(301)).success).toBe(false);
  });
});

describe('zEmail', () => {
  it('accepts a valid address and trims it', () => {
    expect(zEmail.parse('ana@example.com')).toBe('ana@example.com');
    expect(zEmail.parse('  ana@example.com  ')).toBe('ana@example.com');
  });

  it('accepts 254 characters and rejects 255', () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    expect(at254).toHaveLength(254);
    expect(zEmail.safeParse(at254).success).toBe(true);
    const at255 = `${'a'.repeat(64)}@${'b'.repeat(186)}.com`;
    expect(at255).toHaveLength(255);
    const issues = issuesOf(zEmail, at255);
    expect(issues.map((i) => i.message)).toContain('Email must be at most 254 characters');
  });

  it.each(['', '   ', 'nope', 'ana@', '@example.com', 'ana example@x.com', null, 42])('rejects %j', (input) => {
    expect(zEmail.safeParse(input).success).toBe(false);
  });

  it('says an empty email is required', () => {
    expect(issuesOf(zEmail, '')[0]?.message).toBe('Email is required');
  });
});

describe('zNewPassword', () => {
  it('accepts 8 to 128 characters without composition rules', () => {
    expect(zNewPassword.parse('aaaaaaaa')).toBe('aaaaaaaa');
    expect(zNewPassword.parse('p'.repeat(128))).toBe('p'.repeat(128));
  });

  it('rejects 7 and 129 characters', () => {
    expect(issuesOf(zNewPassword, 'a'.repeat(7))[0]?.message).toBe('Password must be at least 8 characters');
    expect(issuesOf(zNewPassword, 'a'.repeat(129))[0]?.message).toBe('Password must be at most 128 characters');
  });

  it('is not trimmed: spaces count and are kept', () => {
    expect(zNewPassword.parse('  pass word  ')).toBe('  pass word  ');
    expect(zNewPassword.parse('       a')).toBe('       a');
    expect(zNewPassword.safeParse('  abc  ').success).toBe(false); // 7 characters
  });

  it('rejects non-text', () => {
    expect(zNewPassword.safeParse(undefined).success).toBe(false);
    expect(zNewPassword.safeParse(12345678).success).toBe(false);
  });
});

describe('ZCreateSupplierInput', () => {
  const base = { name: 'Acme' };
  const phoneServices = ['whatsapp', 'telegram', 'sms', 'phone'] as const;

  it('fills missing optional fields with ""', () => {
    const result = ZCreateSupplierInput.parse({ ...base, messageService: 'other' });
    expect(result).toEqual({ name: 'Acme', contactName: '', messageService: 'other', contactInfo: '', note: '' });
  });

  it('turns null optional fields into ""', () => {
    const result = ZCreateSupplierInput.parse({ ...base, messageService: 'other', contactName: null, note: null, contactInfo: null });
    expect(result.contactName).toBe('');
    expect(result.note).toBe('');
    expect(result.contactInfo).toBe('');
  });

  it('trims the fields', () => {
    const result = ZCreateSupplierInput.parse({
      name: '  Acme ',
      contactName: ' Ana ',
      messageService: 'email',
      contactInfo: ' orders@acme.com ',
      note: ' call first ',
    });
    expect(result).toEqual({
      name: 'Acme',
      contactName: 'Ana',
      messageService: 'email',
      contactInfo: 'orders@acme.com',
      note: 'call first',
    });
  });

  describe.each(phoneServices)('%s takes a phone number', (service) => {
    it.each(['+34 600 123 456', '12345', '(91) 555-1234', '1'.repeat(20), '+1 (555) 010.2030'])('accepts %j', (contactInfo) => {
      expect(ZCreateSupplierInput.safeParse({ ...base, messageService: service, contactInfo }).success).toBe(true);
    });

    it.each(['1234', '1'.repeat(21), 'abc12345', 'orders@acme.com', 'call 600123456'])('rejects %j', (contactInfo) => {
      const issues = issuesOf(ZCreateSupplierInput, { ...base, messageService: service, contactInfo });
      expect(issues).toHaveLength(1);
      expect(issues[0]?.path).toBe('contactInfo');
      expect(issues[0]?.message).toMatch(/phone number/);
    });

    it('requires it', () => {
      for (const contactInfo of [undefined, '', '   ', null]) {
        const issues = issuesOf(ZCreateSupplierInput, { ...base, messageService: service, contactInfo });
        expect(issues).toEqual([{ path: 'contactInfo', message: 'Contact info is required' }]);
      }
    });
  });

  it('email takes an email address', () => {
    expect(ZCreateSupplierInput.safeParse({ ...base, messageService: 'email', contactInfo: 'orders@acme.com' }).success).toBe(true);
    for (const contactInfo of ['+34 600 123 456', 'orders', 'orders@acme', 'a b@acme.com']) {
      const issues = issuesOf(ZCreateSupplierInput, { ...base, messageService: 'email', contactInfo });
      expect(issues).toHaveLength(1);
      expect(issues[0]?.path).toBe('contactInfo');
      expect(issues[0]?.message).toMatch(/email address/);
    }
    expect(issuesOf(ZCreateSupplierInput, { ...base, messageService: 'email', contactInfo: '' })).toEqual([
      { path: 'contactInfo', message: 'Contact info is required' },
    ]);
  });

  it('other takes free text or nothing', () => {
    for (const contactInfo of ['', 'Ask Ana at the market, stall 4', '+34 600', 'x'.repeat(254)]) {
      expect(ZCreateSupplierInput.safeParse({ ...base, messageService: 'other', contactInfo }).success).toBe(true);
    }
    expect(ZCreateSupplierInput.safeParse({ ...base, messageService: 'other', contactInfo: 'x'.repeat(255) }).success).toBe(false);
  });

  it('accepts only the six message services', () => {
    for (const service of MESSAGE_SERVICES) {
      const contactInfo = service === 'email' ? 'a@b.co' : '600123456';
      expect(ZCreateSupplierInput.safeParse({ ...base, messageService: service, contactInfo }).success).toBe(true);
    }
    for (const service of ['signal', 'WhatsApp', '', undefined]) {
      const issues = issuesOf(ZCreateSupplierInput, { ...base, messageService: service, contactInfo: '600123456' });
      expect(issues.map((i) => i.path)).toContain('messageService');
    }
  });

  it('limits the name and note', () => {
    expect(issuesOf(ZCreateSupplierInput, { name: '', messageService: 'other' })).toEqual([
      { path: 'name', message: 'Supplier name is required' },
    ]);
    expect(ZCreateSupplierInput.safeParse({ name: 'x'.repeat(101), messageService: 'other' }).success).toBe(false);
    expect(ZCreateSupplierInput.safeParse({ ...base, messageService: 'other', note: 'x'.repeat(300) }).success).toBe(true);
    expect(ZCreateSupplierInput.safeParse({ ...base, messageService: 'other', note: 'x'.repeat(301) }).success).toBe(false);
    expect(ZCreateSupplierInput.safeParse({ ...base, messageService: 'other', contactName: 'x'.repeat(101) }).success).toBe(false);
  });

  it('ZUpdateSupplierInput applies the same contact rules and needs an id', () => {
    expect(ZUpdateSupplierInput.safeParse({ id: 3, ...base, messageService: 'sms', contactInfo: '600123456' }).data?.id).toBe(3);
    expect(issuesOf(ZUpdateSupplierInput, { id: 3, ...base, messageService: 'sms', contactInfo: 'abc' }).map((i) => i.path)).toEqual([
      'contactInfo',
    ]);
    expect(issuesOf(ZUpdateSupplierInput, { ...base, messageService: 'other' }).map((i) => i.path)).toContain('id');
  });
});

describe('ZUpdateMeInput', () => {
  it('treats a password of "" or null as absent', () => {
    expect(ZUpdateMeInput.parse({ password: '' }).password).toBeUndefined();
    expect(ZUpdateMeInput.parse({ password: null }).password).toBeUndefined();
    expect(ZUpdateMeInput.parse({}).password).toBeUndefined();
  });

  it('checks a password that is given', () => {
    expect(ZUpdateMeInput.parse({ password: 'new password' }).password).toBe('new password');
    expect(issuesOf(ZUpdateMeInput, { password: 'short' })).toEqual([
      { path: 'password', message: 'Password must be at least 8 characters' },
    ]);
    expect(ZUpdateMeInput.safeParse({ password: 'p'.repeat(129) }).success).toBe(false);
  });

  it('leaves every field optional and checks the ones sent', () => {
    expect(ZUpdateMeInput.parse({})).toEqual({});
    expect(ZUpdateMeInput.parse({ fullName: ' Ana ', language: 'es', email: ' ana@x.es ' })).toEqual({
      fullName: 'Ana',
      language: 'es',
      email: 'ana@x.es',
    });
    expect(ZUpdateMeInput.safeParse({ language: 'fr' }).success).toBe(false);
    expect(ZUpdateMeInput.safeParse({ businessName: '' }).success).toBe(false);
    expect(ZUpdateMeInput.safeParse({ email: 'nope' }).success).toBe(false);
  });
});

describe('ZProductListInput', () => {
  it('defaults limit to 1000 and offset to 0', () => {
    expect(ZProductListInput.parse({})).toMatchObject({ limit: 1000, offset: 0 });
    const parsed = ZProductListInput.parse({});
    expect(parsed.orderId).toBeUndefined();
    expect(parsed.q).toBeUndefined();
  });

  it('accepts numbers within bounds, and defaults limit and offset', () => {
    expect(ZProductListInput.parse({ limit: 50, offset: 10, orderId: 7 })).toEqual({ limit: 50, offset: 10, orderId: 7 });
    expect(ZProductListInput.parse({})).toEqual({ limit: 1000, offset: 0 });
    expect(ZProductListInput.parse({ limit: 1, offset: 0 })).toMatchObject({ limit: 1, offset: 0 });
    expect(ZProductListInput.parse({ limit: 1000, offset: 1_000_000 })).toMatchObject({ limit: 1000, offset: 1_000_000 });
  });

  it.each([
    { limit: 0 },
    { limit: 1001 },
    { limit: 1.5 },
    { limit: -1 },
    { limit: 'ten' },
    { offset: -1 },
    { offset: 1_000_001 },
    { offset: 0.5 },
    { offset: 'x' },
    { orderId: 0 },
    { q: 'x'.repeat(101) },
  ])('rejects %j', (input) => {
    const issues = issuesOf(ZProductListInput, input);
    expect(issues.length).toBeGreaterThan(0);
    expect(issues[0]?.path).toBe(Object.keys(input)[0]);
  });

  it('trims q', () => {
    expect(ZProductListInput.parse({ q: '  jamón ' }).q).toBe('jamón');
  });
});

describe('readTypedNumber', () => {
  it.each([
    ['2', 2],
    [' 2,5 ', 2.5],
    ['2.5', 2.5],
    ['0.125', 0.125],
    ['100000', 100000],
  ])('reads %j as %j', (text, expected) => {
    expect(readTypedNumber(text)).toBe(expected);
  });

  it.each(['', ' ', 'abc', '-1', '+2', '1e3', '2.5.1', '2,5,1', '2,,5', ',5', '5,'])('reads no number in %j', (text) => {
    expect(readTypedNumber(text)).toBeUndefined();
  });
});

describe('texts shown to others refuse bidirectional control characters (docs/decisions.md §9.7)', () => {
  const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
  const supplier = { name: 'Frutas', contactName: 'Pepe', messageService: 'other', contactInfo: '', note: '' };
  const cases: [string, z.ZodType, (text: string) => unknown, string][] = [
    ['supplier name', ZCreateSupplierInput, (text) => ({ ...supplier, name: `Frutas ${text}gpj.exe` }), 'name'],
    ['supplier contact', ZCreateSupplierInput, (text) => ({ ...supplier, contactName: `Pe${text}pe` }), 'contactName'],
    ['supplier note', ZCreateSupplierInput, (text) => ({ ...supplier, note: `Call ${text}first` }), 'note'],
    ['product name', ZCreateProductInput, (text) => ({ name: `Lim${text}ones`, unit: 'kg', orderId: 1 }), 'name'],
    ['product note', ZCreateProductInput, (text) => ({ name: 'Limones', unit: 'kg', orderId: 1, note: `ripe ${text}ones` }), 'note'],
    ['business name', ZCreateBusinessInput, (text) => ({ name: `Café ${text}Luna` }), 'name'],
    ['business rename', ZUpdateBusinessInput, (text) => ({ name: `Café ${text}Luna` }), 'name'],
    ['order message', ZUpdateOrderInput, (text) => ({ id: 1, introduce: `Hola ${text}Pepe` }), 'introduce'],
    ['confirmation note', ZAnswerConfirmationInput, (text) => ({ token: 't', unavailable: [], note: `Mañana ${text}no` }), 'note'],
    [
      'confirmation substitute',
      ZAnswerConfirmationInput,
      (text) => ({ token: 't', unavailable: [], lines: [{ productId: 1, quantity: 1, substitute: `Lima ${text}s` }] }),
      'lines.0.substitute',
    ],
    ['full name', ZUpdateMeInput, (text) => ({ fullName: `Ana ${text}García` }), 'fullName'],
  ];

  it.each(cases)('refuses them in a %s, with an error naming the field', (_, schema, body, path) => {
    expect(schema.safeParse(body('')).success).toBe(true);
    for (const char of BIDI) {
      const issues = issuesOf(schema, body(char));
      expect(issues).toEqual([
        { path, message: expect.stringMatching(/must not contain characters that change the text's direction \(U\+202A/) },
      ]);
    }
  });

  it('keeps the marks right-to-left writing needs (U+200E, U+200F) and Arabic or Hebrew text', () => {
    expect(zText('Name', 100).safeParse('مخبز\u200F Luna').success).toBe(true);
    expect(zText('Name', 100).safeParse('\u200Eשלום').success).toBe(true);
    expect(zOptionalText('Note', 300, { multiline: true }).safeParse('a\u200Fb').success).toBe(true);
  });

  it('lets a password hold them: nobody else reads it', () => {
    expect(zNewPassword.safeParse('correct\u202Ehorse battery').success).toBe(true);
  });
});
