// Draws the app's icons (public/icons/*.png) from the favicon's shapes with Chromium:
// `CHROMIUM_PATH=/usr/bin/chromium node scripts/make-icons.mjs`. The PNGs are committed;
// run this again only when the favicon changes.
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const out = fileURLToPath(new URL('../public/icons/', import.meta.url));
const GLYPH =
  '<path d="M18 22h28l-4 20H22z" fill="none" stroke="#fff" stroke-width="5" stroke-linejoin="round"/>' +
  '<circle cx="25" cy="49" r="3.5" fill="#fff"/><circle cx="40" cy="49" r="3.5" fill="#fff"/>';
const svg = (size, body) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">${body}</svg>`;
/** The favicon: a rounded tile. */
const rounded = (size) => svg(size, `<rect width="64" height="64" rx="14" fill="#2e7d32"/>${GLYPH}`);
/** Maskable (and Apple's touch icon): full bleed, the glyph shrunk into the central safe zone. */
const fullBleed = (size) =>
  svg(size, `<rect width="64" height="64" fill="#2e7d32"/><g transform="translate(32 33.5) scale(0.72) translate(-32 -35.5)">${GLYPH}</g>`);

const icons = [
  ['icon-192.png', rounded, 192],
  ['icon-512.png', rounded, 512],
  ['maskable-192.png', fullBleed, 192],
  ['maskable-512.png', fullBleed, 512],
  ['apple-touch-icon.png', fullBleed, 180],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
for (const [name, draw, size] of icons) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0">${draw(size)}</body></html>`);
  await page.locator('svg').screenshot({ path: `${out}${name}`, omitBackground: true });
}
await browser.close();
