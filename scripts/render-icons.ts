/**
 * `npm run icons`: draws store/icon.svg, Patchbay's icon, at the sizes the manifest and the
 * stores use, with Chromium (already a prerequisite), into public/icon/ (WXT adds them to the
 * manifest) and store/icon-128.png (the stores' listing icon and the OAuth metadata's logo).
 */
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, findChromium } from './chromium';

const SIZES = [16, 32, 48, 128] as const;
const svg = readFileSync('store/icon.svg', 'utf8');

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_FLAGS });
try {
  mkdirSync('public/icon', { recursive: true });
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    await page.screenshot({ path: `public/icon/${size}.png`, omitBackground: true });
    await page.close();
    console.log(`Wrote public/icon/${size}.png`);
  }
  copyFileSync('public/icon/128.png', 'store/icon-128.png');
  console.log('Wrote store/icon-128.png');
} finally {
  await browser.close();
}
