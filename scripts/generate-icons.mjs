// Renders resources/icon.svg into every icon file packaging needs, with the system Chromium
// (no download): resources/icons/<n>x<n>.png (Linux), resources/icon.png (1024 px),
// resources/icon.ico (Windows: PNG entries) and resources/icon.icns (macOS: PNG entries).
// The outputs are committed; run `npm run icons` after changing the SVG.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const resources = fileURLToPath(new URL('../resources/', import.meta.url));
const svg = readFileSync(join(resources, 'icon.svg'), 'utf8');
const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

async function renderAll() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage();
    const pngs = new Map();
    for (const size of SIZES) {
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(
        `<!doctype html><html><body style="margin:0;background:transparent">` +
          `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${size}" height="${size}" style="display:block"></body></html>`,
      );
      await page.locator('img').evaluate((img) => img.decode());
      pngs.set(
        size,
        await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }),
      );
    }
    return pngs;
  } finally {
    await browser.close();
  }
}

/** ICO with PNG-compressed entries (Windows Vista and later). */
function ico(entries) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(entries.length, 4);
  let offset = 6 + 16 * entries.length;
  const directory = entries.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...directory, ...entries.map(({ png }) => png)]);
}

/** ICNS with PNG entries, the types macOS 10.7+ reads. */
function icns(entries) {
  const chunks = entries.map(({ type, png }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'latin1');
  head.writeUInt32BE(8 + chunks.reduce((total, chunk) => total + chunk.length, 0), 4);
  return Buffer.concat([head, ...chunks]);
}

const pngs = await renderAll();
const png = (size) => pngs.get(size);
mkdirSync(join(resources, 'icons'), { recursive: true });
for (const size of SIZES.filter((size) => size <= 512)) {
  writeFileSync(join(resources, 'icons', `${size}x${size}.png`), png(size));
}
writeFileSync(join(resources, 'icon.png'), png(1024));
writeFileSync(
  join(resources, 'icon.ico'),
  ico([16, 24, 32, 48, 64, 128, 256].map((size) => ({ size, png: png(size) }))),
);
writeFileSync(
  join(resources, 'icon.icns'),
  icns([
    { type: 'icp4', png: png(16) },
    { type: 'icp5', png: png(32) },
    { type: 'icp6', png: png(64) },
    { type: 'ic07', png: png(128) },
    { type: 'ic08', png: png(256) },
    { type: 'ic09', png: png(512) },
    { type: 'ic10', png: png(1024) },
    { type: 'ic11', png: png(32) },
    { type: 'ic12', png: png(64) },
    { type: 'ic13', png: png(256) },
    { type: 'ic14', png: png(512) },
  ]),
);
console.log(`Icons written to ${resources}`);
