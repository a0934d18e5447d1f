import type { BrowserPermissions } from '../../src/permissions/browser-permissions';
import type { AskForSites } from '../../src/permissions/ask-for-sites';
import type { ActiveTabWatch, ComposerInbox, KeyValueStore } from '../../src/platform/ports';

/** What main.tsx gives the panel: the platform's ports. */
export interface PanelPorts {
  store: KeyValueStore;
  /** What the browser's own tools need (tabs, tab groups, all sites). */
  permissions: BrowserPermissions;
  /** What websites' own tools need (all sites). */
  websiteTools: BrowserPermissions;
  /** What notices of tasks and routines need (notifications). */
  taskNotices: BrowserPermissions;
  /** Asks Chrome for the sites a click needs (a server's, a model's, the registry's). */
  askForSites: AskForSites;
  /** What the keyboard command and "Ask Patchbay about this…" leave for the composer. */
  inbox: ComposerInbox;
  /** The person switching tabs, so the tab they are on is looked at for tools it offers. */
  watchActiveTab?: ActiveTabWatch;
  /** Lets model servers on this machine serve Patchbay's requests (chrome-local-origins.ts). */
  serveLocalOrigins(origins: readonly string[]): Promise<boolean>;
}
