import { existsSync } from 'node:fs';

/** Chromium's flags for this project's machines: no network chatter, no GPU, root-safe. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** CHROME_PATH, then Debian's /usr/bin/chromium; otherwise says how to get one. */
export function findChromium(): string {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter((path): path is string => Boolean(path));
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      'No Chromium found. Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`) or set CHROME_PATH to a Chrome or Chromium binary.',
    );
  }
  return found;
}

export const EXTENSION_ID = 'ochopgbekfckekcfildinaeciimoahkb';
