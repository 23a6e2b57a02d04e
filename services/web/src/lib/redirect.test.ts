import { describe, expect, it } from 'vitest';
import { afterLoginPath } from './redirect.ts';

describe('afterLoginPath', () => {
  it('returns redirectFrom when it is a path of this app, query included', () => {
    expect(afterLoginPath('redirectFrom=%2Forders%2F3%3Fq%3Dtom')).toBe('/orders/3?q=tom');
    expect(afterLoginPath('?redirectFrom=/profile')).toBe('/profile');
  });

  it('falls back for a missing or foreign target (no open redirect)', () => {
    expect(afterLoginPath('')).toBe('/orders');
    expect(afterLoginPath('redirectFrom=https%3A%2F%2Fevil.example')).toBe('/orders');
    expect(afterLoginPath('redirectFrom=%2F%2Fevil.example')).toBe('/orders');
    expect(afterLoginPath('redirectFrom=%2F%5Cevil.example')).toBe('/orders');
    expect(afterLoginPath('redirectFrom=orders', '/suppliers')).toBe('/suppliers');
  });
});
