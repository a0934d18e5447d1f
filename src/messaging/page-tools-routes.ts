/** The router's routes for websites' own tools (src/page-tools/), one per request type. */
import type { z } from 'zod';
import type { PageToolsService } from '../page-tools/page-tools-service';
import { globalRequests } from './contract';
import { route, type Route } from './route';
import type { pageToolsGlobalResults } from './page-tools-contract';

type Routes = {
  [K in keyof typeof pageToolsGlobalResults]: Route<z.input<(typeof pageToolsGlobalResults)[K]>>;
};

/** Without the service (a background that has none), there are no sites and no tools. */
export function pageToolsRoutes(pageTools: PageToolsService | undefined): Routes {
  return {
    'page-tools/offers': route(globalRequests['page-tools/offers'], async () => ({
      offers: (await pageTools?.offers()) ?? [],
    })),
    'page-tools/check-active': route(globalRequests['page-tools/check-active'], async () => ({
      offers: (await pageTools?.checkActiveTab()) ?? [],
    })),
    'page-tools/look': route(globalRequests['page-tools/look'], async () => ({
      lookAgain: (await pageTools?.lookAtActiveTab()) ?? false,
    })),
    'page-tools/allow': route(globalRequests['page-tools/allow'], async ({ domain, always }) => {
      await pageTools?.allow(domain, always);
      return { domain };
    }),
    'page-tools/sites': route(globalRequests['page-tools/sites'], async () => ({
      sites: (await pageTools?.sites()) ?? [],
    })),
    'page-tools/forget': route(globalRequests['page-tools/forget'], async ({ domain }) => {
      await pageTools?.forget(domain);
      return { domain };
    }),
    'page-tools/list': route(globalRequests['page-tools/list'], async () => ({
      sites: (await pageTools?.sitesWithTools()) ?? [],
    })),
    'page-tools/disabled/set': route(
      globalRequests['page-tools/disabled/set'],
      async ({ domain, names }) => ({ names: (await pageTools?.setDisabled(domain, names)) ?? [] }),
    ),
  };
}
