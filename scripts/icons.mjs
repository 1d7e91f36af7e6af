#!/usr/bin/env node
// Draws the console's icons from public/favicon.svg, the one source of the mark: the PNGs of the web app manifest
// and the Apple touch icon (rendered by the Chromium the tests use), and favicon.ico for browsers and tools that
// ask for /favicon.ico (ICO files may hold PNG images). Run after changing the SVG: `node scripts/icons.mjs`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from './chromium.mjs';

const OUT = 'public';
const svg = readFileSync('public/favicon.svg', 'utf8');

/** An ICO file holding `images` as PNG entries (each at most 256 px). */
export function icoOf(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width, 0 meaning 256
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ png }) => png)]);
}

async function main() {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const page = await browser.newPage();
  const render = async (size) => {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  };
  mkdirSync(OUT, { recursive: true });
  for (const size of [192, 512]) writeFileSync(`${OUT}/icon-${size}.png`, await render(size));
  writeFileSync(`${OUT}/apple-touch-icon.png`, await render(180));
  const small = [];
  for (const size of [16, 32, 48]) small.push({ size, png: await render(size) });
  writeFileSync(`${OUT}/favicon.ico`, icoOf(small));
  await browser.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
