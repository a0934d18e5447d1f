/**
 * What the MCP manager's sessions share, made from its options: the session context (ports,
 * the fetch within the sites Patchbay may reach, without Origin where a server refuses it,
 * icons), the broker of servers' questions, and the keeper of task-augmented calls.
 */
import { AskBroker } from './asks/ask-broker';
import { IconResolver } from './icons';
import type { McpManagerOptions } from './manager-options';
import { RetryPresets } from './retry';
import { withSiteAccess } from './site-access';
import { retryWithoutOrigin } from '../net/origin-retry';
import type { SessionContext } from './session/context';
import type { ServerSession } from './session/server-session';
import { TaskKeeper } from './tasks/task-keeper';

export function createManagerParts(
  options: McpManagerOptions,
  sessions: () => Iterable<ServerSession>,
) {
  const { catalog, retryPolicy, askTimeoutMs, attention, hostAccess, ...rest } = options;
  void catalog;
  const { taskAttention, panelOpen, taskNotifier, ...ports } = rest;
  const serverFetch = options.origins
    ? retryWithoutOrigin(options.fetch ?? ((url, init) => fetch(url, init)), options.origins)
    : options.fetch;
  const siteFetch = withSiteAccess(serverFetch, hostAccess, sessions);
  const asks = new AskBroker({
    broadcaster: options.broadcaster,
    keepAlive: options.keepAlive,
    ...(attention ? { attention } : {}),
    ...(askTimeoutMs ? { timeoutMs: askTimeoutMs } : {}),
  });
  const context: SessionContext = {
    ...ports,
    ...(siteFetch ? { fetch: siteFetch } : {}),
    ...(hostAccess ? { hostAccess } : {}),
    retryPolicy: retryPolicy ?? RetryPresets.Standard,
    asks,
    icons: new IconResolver(siteFetch),
  };
  const tasks = new TaskKeeper({
    ...ports,
    ...(taskAttention ? { attention: taskAttention } : {}),
    ...(panelOpen ? { panelOpen } : {}),
    ...(taskNotifier ? { notifier: taskNotifier } : {}),
  });
  return { context, asks, tasks };
}
