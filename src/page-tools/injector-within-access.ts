/**
 * Websites' own tools run only with all-site access, which Patchbay asks for when the person
 * allows it in the panel (never at install): without it nothing is injected, registered, probed
 * or detected (Chrome would refuse each anyway, with an error per page), and once Chrome reports
 * the grant, the sites allowed earlier get their proxy again.
 */
import type { HostAccess } from '../permissions/host-access';
import type { PageInjector } from './ports';
import { PatchbayError } from '../errors/patchbay-error';

type Sites = Parameters<PageInjector['register']>[0];

const NO_SITES: Sites = { always: [], once: [] };

export function injectorWithinAccess(injector: PageInjector, access: HostAccess): PageInjector {
  let wanted: Sites = NO_SITES;
  let registered: Promise<void> = Promise.resolve();
  const sync = () =>
    (registered = registered
      .catch(() => undefined)
      .then(async () => injector.register((await access.allowsAllSites()) ? wanted : NO_SITES)));
  access.onChange(() => void sync().catch(() => undefined));
  const refuse = async () => {
    if (!(await access.allowsAllSites()))
      throw new PatchbayError(
        'not-allowed',
        'websites’ tools need access to all sites, which Patchbay has not been given',
      );
  };
  return {
    register(sites) {
      wanted = sites;
      return sync();
    },
    async inject(tabId) {
      await refuse();
      return injector.inject(tabId);
    },
    async probe(tabId) {
      await refuse();
      return injector.probe(tabId);
    },
    address: (tabId) => injector.address(tabId),
    async detect(tabId) {
      await refuse();
      return injector.detect(tabId);
    },
  };
}
