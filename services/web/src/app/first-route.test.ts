import { describe, expect, it } from 'vitest';
import { firstRouteAt, ROUTES } from './routes.ts';

/** The screen main.tsx starts loading before the first render: the one App.tsx's Switch and Guard show. */
describe('firstRouteAt', () => {
  const at = (pathname: string, signedIn: boolean) => firstRouteAt(pathname, signedIn).name;

  it('picks the first route whose path matches, most specific first, as the Switch does', () => {
    expect(at('/', false)).toBe('home');
    expect(at('/orders/abc/products/new', true)).toBe('orders.productNew');
    expect(at('/orders/abc/history/9/receipt', true)).toBe('orders.receipt');
    expect(at('/orders/abc/history/9', true)).toBe('orders.sentOrder');
    expect(at('/orders/abc', true)).toBe('orders.order');
    expect(at('/suppliers/new', true)).toBe('suppliers.new');
    expect(at('/suppliers/abc', true)).toBe('suppliers.edit');
    expect(at('/reset-password/t0k3n', false)).toBe('resetPassword');
  });

  it('sends a visitor where the Guard would: sign-in without a session, home with one', () => {
    expect(at('/orders', false)).toBe('login');
    expect(at('/orders/abc', false)).toBe('login');
    expect(at('/login', true)).toBe('home');
    expect(at('/register', true)).toBe('home');
    expect(at('/login', false)).toBe('login');
    expect(at('/privacy', true)).toBe('privacy');
  });

  it('answers the not-found screen for a path no route has', () => {
    expect(at('/no/such/page', false)).toBe('notFound');
    expect(at('/orders/a/b/c/d/e', true)).toBe('notFound');
  });

  it('gives every route a screen that can start loading before it renders', () => {
    for (const route of ROUTES) expect(typeof route.screen.preload).toBe('function');
  });
});
