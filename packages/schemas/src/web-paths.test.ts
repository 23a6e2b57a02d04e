import { describe, expect, expectTypeOf, it } from 'vitest';
import { href, PATHS, type RouteParams } from './web-paths.ts';

describe('href', () => {
  it('fills the parameters of a route', () => {
    expect(href('home')).toBe('/');
    expect(href('orders.order', { supplierId: 7 })).toBe('/orders/7');
    expect(href('orders.productUpdate', { supplierId: 7, productId: 12 })).toBe('/orders/7/products/12/update');
    expect(href('resetPassword', { token: 'a/b c' })).toBe('/reset-password/a%2Fb%20c');
    // The server's links: a confirmation link's prefix is its path with an empty token.
    expect(href('confirm', { token: '' })).toBe('/confirm/');
    expect(href('orders.sentOrder', { supplierId: 7, sentOrderId: 30 })).toBe('/orders/7/history/30');
    // Issue 42: tokens and webhooks on a screen of their own; the webhooks' first address stays.
    expect(href('profile.integrations')).toBe('/profile/integrations');
    expect(href('profile.webhooks')).toBe('/profile/webhooks');
  });

  it('types each route’s parameters from its pattern', () => {
    expectTypeOf<RouteParams<'orders.sentOrder'>>().toEqualTypeOf<{ supplierId: string | number; sentOrderId: string | number }>();
    expectTypeOf<keyof RouteParams<'profile'>>().toEqualTypeOf<never>();
    // @ts-expect-error: orders.order needs its supplierId.
    href('orders.order');
    // @ts-expect-error: a route without parameters takes none.
    href('profile', { id: 1 });
  });

  it('has one pattern per name, each starting with a slash', () => {
    const patterns = Object.values(PATHS);
    expect(new Set(patterns).size).toBe(patterns.length);
    for (const pattern of patterns) expect(pattern.startsWith('/')).toBe(true);
  });
});
