// `node tools/scripts/make-icons.mjs`: the installed app's icons (apps/console/public/icons), drawn once from the
// console's favicon with sharp and committed. "Add to home screen" needs 192 and 512 px PNGs, a maskable one (its mark
// inside the central safe zone, the background to the edges) and Apple's 180 px touch icon.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const publicDir = join(root, 'apps/console/public');
const favicon = readFileSync(join(publicDir, 'favicon.svg'));
// The maskable icon: the favicon's mark at 60% of the square, on the brand colour to the edges.
const maskable = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#1677ff"/>` +
    `<circle cx="16" cy="16" r="5.6" fill="none" stroke="#fff" stroke-width="2"/><circle cx="16" cy="16" r="2.4" fill="#fff"/></svg>`,
);
const icons = [
  ['icon-192.png', favicon, 192],
  ['icon-512.png', favicon, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon-180.png', maskable, 180],
];
for (const [name, svg, size] of icons) {
  await sharp(svg, { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toFile(join(publicDir, 'icons', name));
  console.log(`wrote apps/console/public/icons/${name}`);
}
