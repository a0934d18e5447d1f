/**
 * Every permission Patchbay's manifest asks for, what uses it and when it is asked: the one
 * source of the README's permission table and the store listing's justifications
 * (`npm run store:permissions` writes both; tests/unit/scripts/store-permissions.test.ts fails
 * when either, or the manifest in wxt.config.ts, no longer matches this list).
 *
 * A new permission is one more row here, then `npm run store:permissions`.
 */
export interface PermissionRow {
  /**
   * As written in the manifest (`permissions`, `optional_permissions`, `host_permissions` or
   * `optional_host_permissions`).
   */
  permission: string;
  kind: 'required' | 'optional' | 'host' | 'optional-host';
  /** What uses it (the README's and the store's justification). */
  uses: string;
  /** When Chrome asks the person for it. */
  asked: string;
}

export const PERMISSIONS: readonly PermissionRow[] = [
  {
    permission: 'sidePanel',
    kind: 'required',
    uses: 'the side panel, opened from the toolbar button, the keyboard command (Alt+Shift+P) and the context menu',
    asked: 'at install',
  },
  {
    permission: 'storage',
    kind: 'required',
    uses: 'servers, settings, tokens, allowed sites, the text a context-menu click passes to the panel (`chrome.storage`; content scripts are shut out)',
    asked: 'at install',
  },
  {
    permission: 'alarms',
    kind: 'required',
    uses: "token refresh and reconnects that outlive the worker; routines' schedules (one alarm, only while a routine is active)",
    asked: 'at install',
  },
  {
    permission: 'identity',
    kind: 'required',
    uses: 'OAuth sign-ins (`launchWebAuthFlow`, a fixed redirect URL)',
    asked: 'at install',
  },
  {
    permission: 'scripting',
    kind: 'required',
    uses: "page tools: the proxy and WebMCP bridge registered for allowed sites and injected into the tabs that offered tools (docs/page-tools-injection.md); the browser's own tools reading and acting on a page",
    asked: 'at install',
  },
  {
    permission: 'contextMenus',
    kind: 'required',
    uses: '"Ask Patchbay about this selection" and "… about this page" in web pages\' context menu (`src/panel-entry/`)',
    asked: 'at install',
  },
  {
    permission: 'activeTab',
    kind: 'required',
    uses: 'the page\'s title and address for "Ask Patchbay about this page", for the tab whose context menu was clicked only',
    asked: 'at install (Chrome shows no warning for it)',
  },
  {
    permission: 'offscreen',
    kind: 'required',
    uses: 'routines and browser access: a hidden document that starts, each only while needed, the worker a scheduled routine runs in while the side panel is closed and the worker holding the link to the person’s own relay (`src/platform/chrome-offscreen-host.ts`)',
    asked: 'at install (Chrome shows no warning for it)',
  },
  {
    permission: 'declarativeNetRequestWithHostAccess',
    kind: 'required',
    uses: "Patchbay's own requests (never a tab's) to a server that refused its `Origin` (`chrome-extension://`) go without one; Chrome applies the rule only on sites the person allowed (`src/platform/chrome-own-requests.ts`); while a sign-in window is open at an authorization server that accepts only a loopback redirect, a second rule sends that address back to the extension's redirect URL (`src/platform/chrome-redirect-capture.ts`)",
    asked: 'at install (Chrome shows no warning for it)',
  },
  {
    permission: 'tabs',
    kind: 'optional',
    uses: 'the browser\'s own tools: every tab\'s address and title (also pages no host permission covers), for browser access and "Use this browser"',
    asked: 'when the person switches either on, after the panel says what it allows',
  },
  {
    permission: 'tabGroups',
    kind: 'optional',
    uses: "the browser's own tools: the group Patchbay puts the tabs it opens in",
    asked: 'with `tabs`',
  },
  {
    permission: 'notifications',
    kind: 'optional',
    uses: "a notice when a tool call a server runs as a task ends while the side panel is closed, and when a routine's run waits for the person's answer, finishes or fails",
    asked:
      'when the person switches on "Tell me when a task ends" in Settings, or saves their first routine, after the panel says what it allows',
  },
  {
    permission: '<all_urls>',
    kind: 'optional-host',
    uses: "reaching the sites Patchbay talks to, which mostly send no CORS headers: each MCP server's own site, asked for when the person adds it or switches it on; its authorization server's, at sign-in; a model's endpoint, when saved; the registry's, when Browse opens. All sites: the browser's own tools (reading and acting on any page, screenshots) and websites' tools (the look at the tab the open panel is on, the proxy in allowed sites)",
    asked:
      "never at install: one site at a time from the click that needs it, or all sites when the person switches on the browser's own tools or websites' tools, after the panel says what it allows",
  },
];
