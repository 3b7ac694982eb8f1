#!/usr/bin/env node
// Renders media/icon.svg to media/icon.png (128×128, what the marketplace and VS Code's Extensions
// view show; vsce refuses an SVG icon). Uses the tests' headless Chromium through playwright-core.
// Run it after editing the SVG: `node scripts/draw-icon.mjs`.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const svg = readFileSync(join(root, 'media', 'icon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: process.env.WSA_CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 128, height: 128 } });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.locator('svg').screenshot({ path: join(root, 'media', 'icon.png'), omitBackground: true });
  console.log('wrote media/icon.png');
} finally {
  await browser.close();
}
