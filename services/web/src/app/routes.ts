import type { Role } from '@reorder/schemas/roles';
import { type ComponentType, createElement } from 'react';
import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import { type Access, sentAway } from '../lib/access.ts';
import { loadScreenTexts } from '../lib/i18n.ts';
import { PATHS, type RouteName } from '../lib/paths.ts';
import { isSessionValid } from '../lib/session.ts';
import { type LazyScreen, lazyScreen } from './lazy-screen.tsx';

export interface RouteDef {
  /** Its name in PATHS (lib/paths.ts), which gives the path. */
  name: RouteName;
  access: Access;
  screen: LazyScreen;
}

// Each screen is its own chunk, loaded on first visit, together with the API
// client (app/data.tsx) it renders inside and the part of its language's texts
// it words (lib/i18n.ts): all are fetched at once. The order screens word only
// the daily work's texts (`orderScreen`); the others may word any (`screen`).
// A screen that needs a role (`needed`) is wrapped in the role's gate (features/businesses/RoleGate.tsx).
const screenWith = (texts: 'orders' | 'all') => (load: () => Promise<{ default: ComponentType }>, needed?: Role) =>
  lazyScreen(async () => {
    const [{ default: Screen }, { DataProviders }, gate] = await Promise.all([
      load(),
      import('./data.tsx'),
      needed ? import('../features/businesses/RoleGate.tsx') : undefined,
      loadScreenTexts(texts),
    ]);
    const content = gate && needed ? createElement(gate.RoleGate, { needed, children: createElement(Screen) }) : createElement(Screen);
    return { default: () => createElement(DataProviders, null, content) };
  });
const screen = screenWith('all');
/** The screens of the daily work: route-texts.test.ts checks that nothing they import words a text outside `orders`. */
const orderScreen = screenWith('orders');
// The sign-in page talks to the server through the API client alone, loaded with its first call
// (features/auth/sign-in.ts): it renders without the data layer, so a first visit loads the form and its
// texts, the daily work's (its errors and the fields' rules) and not the rest (route-texts.test.ts).
const signInScreen = (load: () => Promise<{ default: ComponentType }>) =>
  lazyScreen(async () => (await Promise.all([load(), loadScreenTexts('orders')]))[0]);
// Home, privacy, terms and not-found talk to no API: a first visit to them skips the tRPC client's code
// and all but the first-visit texts.
const pages = new Set<LazyScreen>();
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const screen = lazyScreen(load);
  pages.add(screen);
  return screen;
};

/** Every route of docs/product.md §2, most specific first where two could match. */
export const ROUTES: RouteDef[] = [
  { name: 'home', access: 'public', screen: page(() => import('../screens/Home.tsx')) },
  { name: 'privacy', access: 'public', screen: page(() => import('../screens/Privacy.tsx')) },
  { name: 'terms', access: 'public', screen: page(() => import('../screens/Terms.tsx')) },
  { name: 'login', access: 'guest', screen: signInScreen(() => import('../screens/auth/Login.tsx')) },
  { name: 'register', access: 'guest', screen: screen(() => import('../screens/auth/Register.tsx')) },
  { name: 'forgotPassword', access: 'guest', screen: screen(() => import('../screens/auth/ForgotPassword.tsx')) },
  {
    name: 'resetPassword',
    access: 'guest',
    screen: screen(() => import('../screens/auth/ResetPassword.tsx')),
  },
  // An invitation's link (docs/decisions.md §8.2): shown to anyone; accepting needs the invited address signed in.
  { name: 'invitation', access: 'public', screen: screen(() => import('../screens/auth/Invitation.tsx')) },
  {
    name: 'verifyEmail',
    access: 'public',
    screen: screen(() => import('../screens/auth/VerifyEmail.tsx')),
  },
  { name: 'orders', access: 'auth', screen: orderScreen(() => import('../screens/orders/OrdersList.tsx')) },
  {
    name: 'orders.productNew',
    access: 'auth',
    screen: orderScreen(() => import('../screens/orders/ProductNew.tsx'), 'manager'),
  },
  {
    name: 'orders.productsPaste',
    access: 'auth',
    screen: screen(() => import('../screens/orders/ProductsPaste.tsx'), 'manager'),
  },
  {
    name: 'orders.productsClear',
    access: 'auth',
    screen: orderScreen(() => import('../screens/orders/ProductsClear.tsx')),
  },
  {
    name: 'orders.productUpdate',
    access: 'auth',
    screen: orderScreen(() => import('../screens/orders/ProductUpdate.tsx'), 'manager'),
  },
  {
    name: 'orders.productDelete',
    access: 'auth',
    screen: orderScreen(() => import('../screens/orders/ProductDelete.tsx'), 'manager'),
  },
  // docs/decisions.md §9.4: the check-in of a delivery, offline like the order; the deliveries checked.
  { name: 'orders.receipt', access: 'auth', screen: orderScreen(() => import('../screens/orders/Receipt.tsx')) },
  { name: 'orders.receipts', access: 'auth', screen: orderScreen(() => import('../screens/orders/Receipts.tsx')) },
  {
    name: 'orders.sentOrder',
    access: 'auth',
    screen: orderScreen(() => import('../screens/orders/SentOrder.tsx')),
  },
  {
    name: 'orders.history',
    access: 'auth',
    screen: orderScreen(() => import('../screens/orders/History.tsx')),
  },
  { name: 'orders.order', access: 'auth', screen: orderScreen(() => import('../screens/orders/Order.tsx')) },
  // docs/decisions.md §9.4: claims are money, the owners' and managers'.
  { name: 'orders.claim', access: 'auth', screen: orderScreen(() => import('../screens/claims/Claim.tsx'), 'manager') },
  { name: 'orders.claims', access: 'auth', screen: orderScreen(() => import('../screens/claims/Claims.tsx'), 'manager') },
  { name: 'suppliers', access: 'auth', screen: screen(() => import('../screens/suppliers/SuppliersList.tsx')) },
  { name: 'suppliers.new', access: 'auth', screen: orderScreen(() => import('../screens/suppliers/SupplierNew.tsx'), 'manager') },
  {
    name: 'suppliers.import',
    access: 'auth',
    screen: screen(() => import('../screens/suppliers/CatalogueImport.tsx'), 'manager'),
  },
  { name: 'spend', access: 'auth', screen: screen(() => import('../screens/spend/Spend.tsx'), 'manager') },
  // docs/decisions.md §9.6: the list and its export are the owners' and managers'; any member enters a bill
  // (staff receive the paper invoice with the delivery), approving is the owners' and managers'.
  { name: 'bills', access: 'auth', screen: screen(() => import('../screens/bills/BillsList.tsx'), 'manager') },
  { name: 'bills.new', access: 'auth', screen: screen(() => import('../screens/bills/BillNew.tsx')) },
  { name: 'bills.bill', access: 'auth', screen: screen(() => import('../screens/bills/Bill.tsx')) },
  {
    name: 'suppliers.delete',
    access: 'auth',
    screen: orderScreen(() => import('../screens/suppliers/SupplierDelete.tsx'), 'manager'),
  },
  // docs/decisions.md §9.5: owners and managers set the standing order, as they set the supplier.
  {
    name: 'suppliers.standing',
    access: 'auth',
    screen: orderScreen(() => import('../screens/suppliers/Standing.tsx'), 'manager'),
  },
  { name: 'suppliers.edit', access: 'auth', screen: orderScreen(() => import('../screens/suppliers/SupplierEdit.tsx'), 'manager') },
  { name: 'profile', access: 'auth', screen: screen(() => import('../screens/profile/Profile.tsx')) },
  { name: 'profile.me', access: 'auth', screen: screen(() => import('../screens/profile/ProfileEdit.tsx')) },
  { name: 'profile.business', access: 'auth', screen: screen(() => import('../screens/profile/Business.tsx')) },
  // Tokens act with the member's role: staff make none (docs/decisions.md §8.2); webhooks are the owners' (§8.5).
  {
    name: 'profile.integrations',
    access: 'auth',
    screen: screen(() => import('../screens/profile/Integrations.tsx'), 'manager'),
  },
  // docs/decisions.md §8.5: only owners manage webhooks.
  { name: 'profile.webhooks', access: 'auth', screen: screen(() => import('../screens/profile/Webhooks.tsx'), 'owner') },
  {
    name: 'profile.delete',
    access: 'auth',
    screen: screen(() => import('../screens/profile/AccountDelete.tsx')),
  },
  { name: 'feedback', access: 'auth', screen: screen(() => import('../screens/profile/Feedback.tsx')) },
  { name: 'logout', access: 'auth', screen: screen(() => import('../screens/auth/Logout.tsx')) },
  { name: 'notFound', access: 'public', screen: page(() => import('../screens/NotFound.tsx')) },
];

/** Whether the app opens at `pathname` on a page made by `page` above: then it needs only the first-visit texts. */
export const opensOnPage = (pathname: string) => ROUTES.some((route) => pages.has(route.screen) && PATHS[route.name] === pathname);

const routeNamed = (name: RouteName) => ROUTES.find((route) => route.name === name) as RouteDef;

/**
 * The route the app shows first at `pathname`: the first whose path matches, as App.tsx's Switch
 * picks it (wouter's own matcher and parser), then where its Guard sends a visitor without a session
 * (sign-in) or with one (home).
 */
export function firstRouteAt(pathname: string, signedIn = isSessionValid()): RouteDef {
  const route = ROUTES.find((candidate) => matchRoute(parse, PATHS[candidate.name], pathname)[0]) ?? routeNamed('notFound');
  const away = sentAway(route.access, signedIn);
  return away ? routeNamed(away) : route;
}
