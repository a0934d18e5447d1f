/**
 * The browser permissions only the browser's own tools need (`tabs`: every tab's address and
 * title, also of pages no host permission covers; `tabGroups`: the group Patchbay puts the tabs
 * it opens in). Optional in the manifest: asked for when the person switches on "Use this
 * browser" or browser access, after the panel says what they allow; taken back whenever the
 * person likes (chrome://extensions), and then the feature says what it misses.
 */
import type { OptionalPermissions } from '../platform/ports';

export const BROWSER_PERMISSIONS = ['tabs', 'tabGroups'] as const;

/** The one sentence the panel shows before Chrome asks, and when it is missing. */
export function whatTheyAllow(feature: string): string {
  return `${feature} needs Chrome’s permission to read the address and title of every tab and to group the tabs Patchbay opens.`;
}

export type PermissionAnswer = { granted: true } | { granted: false; message: string };

export interface BrowserPermissions {
  granted(): Promise<boolean>;
  /** Asks Chrome (from the person's click); the answer, with the sentence on refusal. */
  ask(feature: string): Promise<PermissionAnswer>;
  /** Called with whether they are held, each time that may have changed. */
  watch(listener: (granted: boolean) => void): () => void;
}

export function createBrowserPermissions(permissions: OptionalPermissions): BrowserPermissions {
  const granted = () => permissions.contains(BROWSER_PERMISSIONS).catch(() => false);
  return {
    granted,
    async ask(feature) {
      // Straight to Chrome, from the click: awaiting anything first would lose the person's
      // gesture, and Chrome answers at once, without a prompt, for permissions already held.
      const answer = await permissions.request(BROWSER_PERMISSIONS).catch(() => false);
      return answer
        ? { granted: true }
        : { granted: false, message: `Not allowed, so it stays off. ${whatTheyAllow(feature)}` };
    },
    watch(listener) {
      return permissions.onChange(() => void granted().then(listener));
    },
  };
}
