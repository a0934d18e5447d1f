/** The router's routes for browser access (src/browser-access/), one per request type. */
import type { z } from 'zod';
import type { BrowserAccessService } from '../browser-access/browser-access-service';
import type { browserAccessGlobalResults } from './browser-access-contract';
import { globalRequests } from './contract';
import { route, type Route } from './route';

type Routes = {
  [K in keyof typeof browserAccessGlobalResults]: Route<
    z.input<(typeof browserAccessGlobalResults)[K]>
  >;
};

export function browserAccessRoutes(access: () => BrowserAccessService): Routes {
  return {
    'browser-access/get': route(globalRequests['browser-access/get'], async () => ({
      view: await access().view(),
    })),
    'browser-access/link/save': route(
      globalRequests['browser-access/link/save'],
      async (input) => ({
        view: await access().saveLink(input),
      }),
    ),
    'browser-access/link/connect': route(
      globalRequests['browser-access/link/connect'],
      async () => ({
        view: await access().connect(),
      }),
    ),
    'browser-access/link/disconnect': route(
      globalRequests['browser-access/link/disconnect'],
      async () => ({ view: await access().disconnect() }),
    ),
    'browser-access/enabled/set': route(
      globalRequests['browser-access/enabled/set'],
      async ({ enabled }) => ({ view: await access().setEnabled(enabled) }),
    ),
    'browser-access/in-chat/set': route(
      globalRequests['browser-access/in-chat/set'],
      async ({ enabled }) => ({ view: await access().setInChat(enabled) }),
    ),
    'browser-access/client/policy': route(
      globalRequests['browser-access/client/policy'],
      async ({ clientId, policy }) => ({ view: await access().setPolicy(clientId, policy) }),
    ),
    'browser-access/client/forget': route(
      globalRequests['browser-access/client/forget'],
      async ({ clientId }) => ({ view: await access().forget(clientId) }),
    ),
    'browser-access/approval/answer': route(
      globalRequests['browser-access/approval/answer'],
      async ({ id, decision }) => ({ answered: access().answer(id, decision) }),
    ),
    'browser-access/activity/clear': route(
      globalRequests['browser-access/activity/clear'],
      async () => ({ view: await access().clearActivity() }),
    ),
    'browser-access/chat/target': route(
      globalRequests['browser-access/chat/target'],
      async ({ callId, name, arguments: args }) => {
        const target = await access().targetForChat(callId, name, args);
        if (!target) return {};
        return 'tab' in target ? { target: target.tab } : { missing: target.missing };
      },
    ),
    'browser-access/chat/tab-url': route(
      globalRequests['browser-access/chat/tab-url'],
      async ({ tabId }) => {
        const url = await access().chatTabUrl(tabId);
        return url === undefined ? {} : { url };
      },
    ),
  };
}
