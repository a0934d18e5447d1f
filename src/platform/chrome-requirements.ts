/**
 * The Chrome versions Patchbay's browser features need, and where it uses each. The manifest's
 * `minimum_chrome_version` (wxt.config.ts) must be at least the highest version of a feature
 * without a fallback: below it, Chrome installs Patchbay but the feature fails, and for
 * `storage.local.setAccessLevel` that failure is silent (tokens stay readable from content
 * scripts). docs/chrome-apis.md shows this table;
 * tests/unit/platform/chrome-requirements.test.ts keeps the doc and the manifest in step with it.
 * Edge shares Chrome's version numbers.
 */

export interface ChromeRequirement {
  /** The API, manifest key or web feature. */
  feature: string;
  /** The first Chrome version with it as Patchbay uses it. */
  since: number;
  /** Where Patchbay uses it. */
  usedIn: string;
  /** What Patchbay does without it, when it copes; such features do not raise the minimum. */
  fallback?: string;
  /** Why the version, when it is not simply the API's first release. */
  note?: string;
}

/** Newest first; features with a fallback last. */
export const CHROME_REQUIREMENTS: readonly ChromeRequirement[] = [
  {
    feature: '`chrome.storage.local.setAccessLevel({ accessLevel: "TRUSTED_CONTEXTS" })`',
    since: 140,
    usedIn: 'src/platform/chrome.ts (`restrictStorageToExtensionPages`), at every worker start',
    note: 'The method exists since Chrome 102 but worked only on `storage.session` until Chrome 140; before that, content scripts can read tokens and keys in `storage.local`.',
  },
  {
    feature: '`chrome.runtime.getContexts()`',
    since: 116,
    usedIn: 'src/platform/chrome-offscreen-host.ts (whether the offscreen host is open)',
  },
  {
    feature: '`AbortSignal.any()`',
    since: 116,
    usedIn: 'src/oauth/oauth-fetch.ts',
  },
  {
    feature: '`chrome.sidePanel.open()`',
    since: 116,
    usedIn:
      'src/platform/chrome-panel-entry.ts (the keyboard command and “Ask Patchbay about this…” open the panel)',
  },
  {
    feature: '`chrome.sidePanel` (`setPanelBehavior`) and the `side_panel` manifest key',
    since: 114,
    usedIn: 'entrypoints/background.ts, wxt.config.ts (the panel opens from the toolbar button)',
  },
  {
    feature: 'Content scripts declared with `world: "MAIN"`',
    since: 111,
    usedIn: 'entrypoints/webmcp-bridge.content.ts',
  },
  {
    feature: '`chrome.alarms.create()` returning a promise',
    since: 111,
    usedIn: 'src/platform/chrome.ts (`createChromeAlarms`)',
  },
  {
    feature: 'JavaScript syntax of the bundles',
    since: 111,
    usedIn:
      'wxt.config.ts (no build target set: Vite’s default, `baseline-widely-available`, is chrome111)',
  },
  {
    feature: 'Extension API calls resetting the service worker’s idle timer',
    since: 110,
    usedIn:
      'src/platform/chrome.ts (`createChromeKeepAlive`, `runtime.getPlatformInfo` every 20 s)',
  },
  {
    feature: '`chrome.offscreen` (reason `WORKERS`)',
    since: 109,
    usedIn: 'src/platform/chrome-offscreen-host.ts (the routine runner and the relay link)',
  },
  {
    feature: 'CSS `:has()`',
    since: 105,
    usedIn: 'components/chat/tool-results.css (collapsible text)',
  },
  {
    feature: '`chrome.storage.StorageArea.getKeys()`',
    since: 130,
    usedIn: 'src/platform/chrome.ts (the chat changes kept as a panel closes)',
  },
  {
    feature: '`chrome.storage.session`',
    since: 102,
    usedIn: 'src/platform/chrome.ts (state kept across worker restarts)',
  },
  {
    feature:
      '`declarativeNetRequest.updateSessionRules()` with `initiatorDomains`, `requestDomains`, `modifyHeaders`',
    since: 101,
    usedIn:
      "src/platform/chrome-own-requests.ts (Patchbay's own requests without `Origin`, to servers that refuse it); src/platform/chrome-redirect-capture.ts (a `redirect` rule with `regexSubstitution`, the loopback sign-in redirect)",
  },
  {
    feature: '`structuredClone()`',
    since: 98,
    usedIn: 'src/browser-access/settings.ts',
  },
  {
    feature: '`chrome.scripting.executeScript()` (`files`, `func` with `args`)',
    since: 92,
    usedIn: 'src/platform/chrome-page-agent.ts (the page agent)',
  },
  {
    feature: '`chrome.tabGroups` and `chrome.tabs.group()`',
    since: 89,
    usedIn: 'src/platform/chrome-tab-groups.ts (an external client’s tab group)',
  },
  {
    feature: 'Manifest V3 with promise-returning `tabs`, `action`, `identity`, `runtime`',
    since: 88,
    usedIn: 'src/platform/',
  },
  {
    feature: '`Node.moveBefore()`',
    since: 133,
    usedIn: 'src/apps/app-frame.ts (keeps a departing MCP App’s frame running while it tears down)',
    fallback: 'the app is told to tear down and its frame goes with its card',
  },
  {
    feature: '`Element.checkVisibility()`',
    since: 105,
    usedIn: 'src/browser-tools/page-agent/visibility.ts',
    fallback: 'size and computed style alone decide',
  },
];

/** The lowest Chrome version that has every feature Patchbay cannot do without. */
export const REQUIRED_CHROME_VERSION = Math.max(
  ...CHROME_REQUIREMENTS.filter((requirement) => !requirement.fallback).map(
    (requirement) => requirement.since,
  ),
);
