// Draws the patient app's icons (public/app/icons) from the favicon's mark with the local
// Chromium: `node apps/web/scripts/make-app-icons.mjs`. Run again when the mark changes; the PNGs
// are committed, so a build needs neither a browser nor the network.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';

const OUT = path.resolve(import.meta.dirname, '../public/app/icons');
const MARK =
  '<path d="M9 22V10m0 6h8m0-6v12m6-12c-2 0-3 1-3 2.5S21 15 23 16s3 1.5 3 3-1 3-3 3" stroke="#fff" stroke-width="2.2" fill="none" stroke-linecap="round"/>';

/** `inset`: share of the side left around the mark (maskable icons keep it in the safe zone). */
function svg(size, { rounded, inset }) {
  const scale = (1 - 2 * inset) * (size / 32);
  const offset = inset * size;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
    <rect width="${size}" height="${size}" rx="${rounded ? size / 4 : 0}" fill="#0f766e"/>
    <g transform="translate(${offset} ${offset}) scale(${scale})">${MARK}</g>
  </svg>`;
}

const ICONS = [
  ['icon-192.png', 192, { rounded: true, inset: 0.06 }],
  ['icon-512.png', 512, { rounded: true, inset: 0.06 }],
  // Android crops maskable icons to a circle or squircle: full bleed, mark within the middle 80%.
  ['icon-maskable-512.png', 512, { rounded: false, inset: 0.18 }],
  // iOS rounds the corners itself and shows transparency as black.
  ['apple-touch-icon.png', 180, { rounded: false, inset: 0.1 }],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const [name, size, options] of ICONS) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg(size, options)}</body></html>`,
    );
    const png = await page.locator('svg').screenshot({ omitBackground: true });
    await writeFile(path.join(OUT, name), png);
    console.log(`${name} ${size}×${size}`);
  }
} finally {
  await browser.close();
}
