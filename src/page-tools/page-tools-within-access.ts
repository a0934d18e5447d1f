/**
 * Websites' tools are there only with all-site access: without it, no site's tools are listed
 * to the model or external clients, and none is called (a proxy that ran before the person took
 * the access back in chrome://extensions keeps its port, which Chrome does not close). Pages
 * hear when it comes or goes, so the tool lists follow at once.
 */
import { PatchbayError } from '../errors/patchbay-error';
import { PAGE_TOOLS_SERVER_ID } from '../messaging/page-tools-contract';
import type { Broadcaster } from '../platform/ports';
import type { HostAccess } from '../permissions/host-access';
import type { PageToolsService } from './page-tools-service';

export const WEBSITE_TOOLS_NEED_ACCESS =
  'Websites’ tools need access to all sites, which Chrome has not given Patchbay: allow it in Servers › This browser.';

export function pageToolsWithinAccess(
  service: PageToolsService,
  access: HostAccess,
  broadcaster: Broadcaster,
): PageToolsService {
  access.onChange(() =>
    broadcaster.broadcast({
      type: 'mcp/tools/changed',
      payload: { serverId: PAGE_TOOLS_SERVER_ID },
    }),
  );
  const held = () => access.allowsAllSites();
  return {
    ...service,
    views: async () => ((await held()) ? service.views() : []),
    sitesWithTools: async () => ((await held()) ? service.sitesWithTools() : []),
    async call(name, args) {
      if (!(await held())) throw new PatchbayError('connection-failed', WEBSITE_TOOLS_NEED_ACCESS);
      return service.call(name, args);
    },
  };
}
