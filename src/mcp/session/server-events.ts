import { createServerRequestHandlers } from '../asks/server-requests';
import type { OpenConnectionOptions } from '../connection';
import type { SessionState } from './session-state';

/**
 * What a connection of the session hears from its server besides tools: its questions for the
 * person (through the ask broker), changes to subscribed resources, and changes to its
 * resource and prompt lists, told to the pages while the connection is the current one and to
 * the session's feature listeners always (what they keep of the lists goes).
 */
export function serverEventOptions(
  session: SessionState,
  isCurrent: () => boolean,
): Pick<OpenConnectionOptions, 'requests' | 'onResourceUpdated' | 'onFeaturesChanged'> {
  const { context, config } = session;
  return {
    requests: createServerRequestHandlers(context.asks, {
      id: session.id,
      name: config.name,
      url: config.url,
      samplingEnabled: () => session.samplingEnabled,
    }),
    onResourceUpdated: (uri) => {
      if (isCurrent())
        context.broadcaster.broadcast({
          type: 'mcp/resource/updated',
          payload: { serverId: session.id, uri },
        });
    },
    onFeaturesChanged: (kind) => {
      for (const listener of session.featureListeners) listener(kind);
      if (isCurrent())
        context.broadcaster.broadcast({
          type: 'mcp/features/changed',
          payload: { serverId: session.id, kind },
        });
    },
  };
}
