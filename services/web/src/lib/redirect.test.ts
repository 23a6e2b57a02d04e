import { describe, expect, it } from 'vitest';
import { afterLoginPath, returnPath, withReturn } from './redirect.ts';

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

describe('returnPath', () => {
  it('goes back to the path a form was opened from, else to its fallback', () => {
    expect(returnPath(withReturn('/suppliers/3', '/orders/3').split('?')[1] ?? '', '/suppliers')).toBe('/orders/3');
    expect(returnPath('', '/suppliers')).toBe('/suppliers');
    expect(returnPath('from=https%3A%2F%2Fevil.example', '/suppliers')).toBe('/suppliers');
    expect(returnPath('from=%2F%2Fevil.example', '/suppliers')).toBe('/suppliers');
  });
});
