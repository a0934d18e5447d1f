/**
 * Where the content-script proxy runs (through the {@link PageInjector}): registered for
 * exactly the sites allowed now, and put into tabs already open on a site when the site is
 * allowed or its detector speaks. A failure is logged, not thrown: the page simply offers
 * nothing.
 */
import { siteOf } from './page-tool-hub';
import type { PageInjector } from './ports';
import type { SitePermissions } from './site-permissions';

export function createProxyPlacement(
  injector: PageInjector | undefined,
  permissions: SitePermissions,
  log: (message: string) => void,
) {
  const inject = (tabId: number) =>
    injector
      ?.inject(tabId)
      .catch((error: unknown) => log(`could not run the proxy in tab ${tabId}: ${error}`));
  return {
    /** The proxy runs on exactly the sites allowed now. */
    registerAllowed: () =>
      injector
        ?.register({ always: permissions.always(), once: permissions.once() })
        .catch((error: unknown) => log(`could not register the proxy for allowed sites: ${error}`)),
    /** Runs the proxy in the tab now. */
    inject,
    /** Runs the proxy in those of the tabs still on the site (one that has left gets nothing). */
    async injectStillOn(domain: string, tabIds: number[]): Promise<void> {
      const still = async (tabId: number) =>
        siteOf((await injector?.address(tabId).catch(() => '')) ?? '') === domain;
      await Promise.all(
        tabIds.map(async (tabId) => {
          if (await still(tabId)) await inject(tabId);
        }),
      );
    },
  };
}
