/**
 * Every screen's path, by route name (docs/product.md §2): the web app's route
 * table matches these patterns, and every link, navigation and redirect, in
 * the app and in the server's emails and pushes, builds its URL with
 * `href(name, params)`, so a path is written once and a missing or misspelled
 * parameter is a type error. A dotted name puts the screen under a bottom-menu
 * entry (`orders.history` lights up "Orders").
 */
export const PATHS = {
  home: '/',
  privacy: '/privacy',
  terms: '/terms',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:token',
  verifyEmail: '/verify-email/:token',
  // docs/decisions.md §8.2: the link of an invitation to join a business.
  invitation: '/invitations/:token',
  orders: '/orders',
  'orders.productNew': '/orders/:supplierId/products/new',
  'orders.productsClear': '/orders/:supplierId/products/clear',
  // docs/decisions.md §8.3: paste a list into a supplier's catalogue.
  'orders.productsPaste': '/orders/:supplierId/products/paste',
  'orders.productUpdate': '/orders/:supplierId/products/:productId/update',
  'orders.productDelete': '/orders/:supplierId/products/:productId/delete',
  // docs/decisions.md §9.4: checking the delivery of a sent order ("Ha llegado el pedido"), and the deliveries checked.
  'orders.receipt': '/orders/:supplierId/history/:sentOrderId/receipt',
  'orders.receipts': '/receipts',
  'orders.sentOrder': '/orders/:supplierId/history/:sentOrderId',
  'orders.history': '/orders/:supplierId/history',
  'orders.order': '/orders/:supplierId',
  // docs/decisions.md §9.4: the claims to suppliers, under Orders.
  'orders.claim': '/claims/:id',
  'orders.claims': '/claims',
  suppliers: '/suppliers',
  'suppliers.new': '/suppliers/new',
  // docs/decisions.md §8.3: the catalogue from a CSV file.
  'suppliers.import': '/suppliers/import',
  // docs/decisions.md §8.4: what was spent, an entry of the main menu of its own.
  spend: '/spend',
  // docs/decisions.md §9.6: the suppliers' bills, matched and exported; a main-menu entry of their own.
  bills: '/bills',
  'bills.new': '/bills/new',
  'bills.bill': '/bills/:billId',
  'suppliers.delete': '/suppliers/:id/delete',
  // docs/decisions.md §9.5: the supplier's standing order, a weekly grid.
  'suppliers.standing': '/suppliers/:id/standing',
  'suppliers.edit': '/suppliers/:id',
  profile: '/profile',
  'profile.me': '/profile/me',
  'profile.business': '/profile/business',
  // Issue 42: API tokens (owners, managers) and webhooks (owners), off the profile.
  'profile.integrations': '/profile/integrations',
  // docs/decisions.md §8.5: the webhooks' first address, now their part of Integrations.
  'profile.webhooks': '/profile/webhooks',
  'profile.delete': '/profile/delete',
  feedback: '/feedback',
  logout: '/logout',
  notFound: '/404',
  // The supplier's confirmation page: a page of its own (confirm.html), not a route of the app.
  confirm: '/confirm/:token',
  // The supplier's claim page (docs/decisions.md §9.4): like the confirmation page, not a route of the app.
  claim: '/claim/:token',
} as const;

export type RouteName = keyof typeof PATHS;

/** The `:name` parameters of a path pattern. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The parameters a route's path needs, e.g. `{ supplierId }` for `orders.order`. */
export type RouteParams<N extends RouteName> = { [K in ParamNames<(typeof PATHS)[N]>]: string | number };

/** The URL of a screen: `href('orders.history', { supplierId: 3 })` is `/orders/3/history`. */
export function href<N extends RouteName>(
  name: N,
  ...[params]: ParamNames<(typeof PATHS)[N]> extends never ? [] : [RouteParams<N>]
): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return PATHS[name].replace(/:(\w+)/g, (_match, key: string) => encodeURIComponent(String(values[key])));
}
