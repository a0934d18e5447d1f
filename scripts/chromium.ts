import { existsSync } from 'node:fs';

/**
 * The features Playwright switches off in every Chromium it launches (playwright-core's
 * `chromiumSwitches`). Chromium reads only the last `--disable-features` on its command line, so
 * a list of our own must repeat them; tests/unit/scripts/chromium-flags.test.ts fails when
 * playwright-core's list holds one this does not.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Browser UI that Chromium 156 builds at every start and a headless browser never shows: the
 * address bar's two WebUI popups, loaded ahead in a renderer of their own that costs about half
 * a second of CPU per launch (a third of a test's browser start; the e2e suite launches ~300).
 */
const UNSHOWN_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * The spare renderer: Chromium starts a renderer ahead for the next tab's navigation, and again
 * after each one takes it; a test browser mostly closes with it unused. Without it, a launch with
 * the side panel opened took 0.27 s less CPU (24.0 → 20.7 s for 12, two runs each, 2026-12-07):
 * about 80 s over the e2e suite's ~300 launches. A renderer is started when a navigation needs one.
 */
const SPARE_RENDERER = ['SpareRendererForSitePerProcess'];

/** Chromium's flags for this project's machines: no network chatter, no GPU, root-safe. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNSHOWN_UI_FEATURES, ...SPARE_RENDERER].join(',')}`,
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
