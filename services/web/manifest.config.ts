/**
 * The web app manifest, one per language (docs/architecture.md, "Offline"):
 * `/manifest.webmanifest` in English and `/manifest.es.webmanifest` in
 * Spanish. The page links the one of the language it shows (lib/i18n.ts), so
 * "Install" names the app in the owner's language.
 */
import { manifestFile } from './src/lib/manifest-file.ts';

export { manifestFile };
export const MANIFEST_LANGUAGES = ['en', 'es'] as const;
export type ManifestLanguage = (typeof MANIFEST_LANGUAGES)[number];

const TEXTS: Record<ManifestLanguage, { name: string; description: string; orders: string; suppliers: string }> = {
  en: {
    name: 'Reorder: orders to your suppliers',
    description: 'Keep your suppliers and their products, and send the next order in seconds.',
    orders: 'Orders',
    suppliers: 'Suppliers',
  },
  es: {
    name: 'Reorder: pedidos a tus proveedores',
    description: 'Guarda tus proveedores y sus productos, y envía el próximo pedido en segundos.',
    orders: 'Pedidos',
    suppliers: 'Proveedores',
  },
};

export const THEME_COLOR = '#2e7d32';

export function manifestOf(language: ManifestLanguage) {
  const texts = TEXTS[language];
  return {
    id: '/orders',
    name: texts.name,
    short_name: 'Reorder',
    description: texts.description,
    lang: language,
    dir: 'ltr',
    start_url: '/orders',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOR,
    background_color: '#f5f7f5',
    categories: ['business', 'food', 'productivity'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [
      { name: texts.orders, url: '/orders', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
      { name: texts.suppliers, url: '/suppliers', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
    ],
  };
}
