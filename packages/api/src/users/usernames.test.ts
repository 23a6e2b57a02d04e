import { describe, expect, it } from 'vitest';
import { usernameBaseFromEmail } from './usernames.ts';

describe('usernameBaseFromEmail', () => {
  it.each([
    ['José.Pérez+shop@x.es', 'jose.perezshop'],
    ['---@x.com', 'user'],
    ['ana@example.com', 'ana'],
    ['ANA.Garcia@Example.COM', 'ana.garcia'],
    ['.ana.@x.com', 'ana'],
    ['..ana_b-c..@x.com', 'ana_b-c'],
    ['a.b_c-d@x.com', 'a.b_c-d'],
    ['ñandú@x.com', 'nandu'],
    ['🍅@x.com', 'user'],
    ['@x.com', 'user'],
    ['', 'user'],
    ['no-at-sign', 'no-at-sign'],
  ])('%j -> %j', (email, expected) => {
    expect(usernameBaseFromEmail(email)).toBe(expected);
  });

  it('lowers upper case', () => {
    expect(usernameBaseFromEmail('JOHN@X.COM')).toBe('john');
  });

  it('cuts long local parts to 30 characters', () => {
    const result = usernameBaseFromEmail(`${'a'.repeat(64)}@x.com`);
    expect(result).toBe('a'.repeat(30));
  });

  it('only ever uses [a-z0-9._-]', () => {
    for (const email of ['Zoë+tag@x.com', 'a b"c\'d(e)@x.com', 'ÅSA.ØRN@x.no', 'x/y=z?{}|~!#$%^&*@x.com']) {
      expect(usernameBaseFromEmail(email)).toMatch(/^[a-z0-9._-]+$/);
    }
  });

  it('never starts or ends with a dot, even after cutting to 30 characters', () => {
    // 29 letters, then a dot at position 30: the cut must not leave it at the end.
    const email = `${'b'.repeat(29)}.suffix@x.com`;
    const result = usernameBaseFromEmail(email);
    expect(result.length).toBeLessThanOrEqual(30);
    expect(result).not.toMatch(/^[._-]|[._-]$/);
    expect(result).toBe('b'.repeat(29));
  });
});
