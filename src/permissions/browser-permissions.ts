/**
 * The browser permissions only the browser's own tools need (`tabs`: every tab's address and
 * title, also of pages no host permission covers; `tabGroups`: the group Patchbay puts the tabs
 * it opens in; all sites: reading and acting on any page, and screenshots). Optional in the
 * manifest: asked for when the person switches on "Use this browser" or browser access, after
 * the panel says what they allow; taken back whenever the person likes (chrome://extensions),
 * and then the feature says what it misses.
 */
import type { OptionalPermissions, PermissionSet } from '../platform/ports';
import { ALL_SITES } from './match-pattern';

export const BROWSER_PERMISSIONS: PermissionSet = {
  permissions: ['tabs', 'tabGroups'],
  origins: [ALL_SITES],
};

/** Websites' own tools: looking at the page in front for tools, and running in allowed sites. */
export const WEBSITE_TOOLS_PERMISSIONS: PermissionSet = { origins: [ALL_SITES] };

/** Notices of tasks that end while the side panel is closed, and of routines' runs. */
export const TASK_NOTICES_PERMISSIONS: PermissionSet = { permissions: ['notifications'] };

/** The sentence for task notices. */
export function whatNoticesAllow(feature: string): string {
  return `${feature} needs Chrome’s permission to show notifications: Patchbay shows one when a task a server runs ends while the side panel is closed, and when a routine’s run waits for your answer, finishes or fails, and no other.`;
}

/** The one sentence the panel shows before Chrome asks, and when it is missing. */
export function whatTheyAllow(feature: string): string {
  return `${feature} needs Chrome’s permission to read and change pages on all sites, to read the address and title of every tab and to group the tabs Patchbay opens.`;
}

/** The sentence for websites' own tools. */
export function whatSiteAccessAllows(feature: string): string {
  return `${feature} need Chrome’s permission to read and change pages on all sites: Patchbay looks at the page in front for tools while the panel is open, and runs in the sites you allow.`;
}

export type PermissionAnswer = { granted: true } | { granted: false; message: string };

export interface BrowserPermissions {
  granted(): Promise<boolean>;
  /** Asks Chrome (from the person's click); the answer, with the sentence on refusal. */
  ask(feature: string): Promise<PermissionAnswer>;
  /** Called with whether they are held, each time that may have changed. */
  watch(listener: (granted: boolean) => void): () => void;
  /** What they allow, in one sentence. */
  sentence(feature: string): string;
  /** Gives them back (a switch turned off). */
  remove(): Promise<void>;
}

export function createBrowserPermissions(
  permissions: OptionalPermissions,
  set: PermissionSet = BROWSER_PERMISSIONS,
  sentence: (feature: string) => string = whatTheyAllow,
): BrowserPermissions {
  const granted = () => permissions.contains(set).catch(() => false);
  return {
    granted,
    sentence,
    async ask(feature) {
      // Straight to Chrome, from the click: awaiting anything first would lose the person's
      // gesture, and Chrome answers at once, without a prompt, for permissions already held.
      const answer = await permissions.request(set).catch(() => false);
      return answer
        ? { granted: true }
        : { granted: false, message: `Not allowed, so it stays off. ${sentence(feature)}` };
    },
    watch(listener) {
      return permissions.onChange(() => void granted().then(listener));
    },
    async remove() {
      await permissions.remove(set).catch(() => false);
    },
  };
}
