import type { ComponentType } from 'react';
import { lazyScreen } from './lazy-screen.tsx';

/** Who may open a route: anyone, only visitors (signed-in users go home), or only signed-in users. */
export type Access = 'public' | 'guest' | 'auth';

export interface RouteDef {
  /** Dotted name; the bottom menu highlights the entry whose name starts the route's name. */
  name: string;
  path: string;
  access: Access;
  screen: ComponentType;
}

// Each screen is its own chunk, loaded on first visit.
const screen = (load: () => Promise<{ default: ComponentType }>) => lazyScreen(load);

/** Every route of spec §2, most specific first where two could match. */
export const ROUTES: RouteDef[] = [
  { name: 'home', path: '/', access: 'public', screen: screen(() => import('../screens/Home.tsx')) },
  { name: 'privacy', path: '/privacy', access: 'public', screen: screen(() => import('../screens/Privacy.tsx')) },
  { name: 'terms', path: '/terms', access: 'public', screen: screen(() => import('../screens/Terms.tsx')) },
  { name: 'login', path: '/login', access: 'guest', screen: screen(() => import('../screens/auth/Login.tsx')) },
  { name: 'register', path: '/register', access: 'guest', screen: screen(() => import('../screens/auth/Register.tsx')) },
  { name: 'forgotPassword', path: '/forgot-password', access: 'guest', screen: screen(() => import('../screens/auth/ForgotPassword.tsx')) },
  {
    name: 'resetPassword',
    path: '/reset-password/:token',
    access: 'guest',
    screen: screen(() => import('../screens/auth/ResetPassword.tsx')),
  },
  { name: 'orders', path: '/orders', access: 'auth', screen: screen(() => import('../screens/orders/OrdersList.tsx')) },
  {
    name: 'orders.productNew',
    path: '/orders/:supplierId/products/new',
    access: 'auth',
    screen: screen(() => import('../screens/orders/ProductNew.tsx')),
  },
  {
    name: 'orders.productsClear',
    path: '/orders/:supplierId/products/clear',
    access: 'auth',
    screen: screen(() => import('../screens/orders/ProductsClear.tsx')),
  },
  {
    name: 'orders.productUpdate',
    path: '/orders/:supplierId/products/:productId/update',
    access: 'auth',
    screen: screen(() => import('../screens/orders/ProductUpdate.tsx')),
  },
  {
    name: 'orders.productDelete',
    path: '/orders/:supplierId/products/:productId/delete',
    access: 'auth',
    screen: screen(() => import('../screens/orders/ProductDelete.tsx')),
  },
  {
    name: 'orders.sentOrder',
    path: '/orders/:supplierId/history/:sentOrderId',
    access: 'auth',
    screen: screen(() => import('../screens/orders/SentOrder.tsx')),
  },
  {
    name: 'orders.history',
    path: '/orders/:supplierId/history',
    access: 'auth',
    screen: screen(() => import('../screens/orders/History.tsx')),
  },
  { name: 'orders.order', path: '/orders/:supplierId', access: 'auth', screen: screen(() => import('../screens/orders/Order.tsx')) },
  { name: 'suppliers', path: '/suppliers', access: 'auth', screen: screen(() => import('../screens/suppliers/SuppliersList.tsx')) },
  { name: 'suppliers.new', path: '/suppliers/new', access: 'auth', screen: screen(() => import('../screens/suppliers/SupplierNew.tsx')) },
  {
    name: 'suppliers.delete',
    path: '/suppliers/:id/delete',
    access: 'auth',
    screen: screen(() => import('../screens/suppliers/SupplierDelete.tsx')),
  },
  { name: 'suppliers.edit', path: '/suppliers/:id', access: 'auth', screen: screen(() => import('../screens/suppliers/SupplierEdit.tsx')) },
  { name: 'profile', path: '/profile', access: 'auth', screen: screen(() => import('../screens/profile/Profile.tsx')) },
  { name: 'profile.me', path: '/profile/me', access: 'auth', screen: screen(() => import('../screens/profile/ProfileEdit.tsx')) },
  { name: 'feedback', path: '/feedback', access: 'auth', screen: screen(() => import('../screens/profile/Feedback.tsx')) },
  { name: 'logout', path: '/logout', access: 'auth', screen: screen(() => import('../screens/auth/Logout.tsx')) },
  { name: 'notFound', path: '/404', access: 'public', screen: screen(() => import('../screens/NotFound.tsx')) },
];
