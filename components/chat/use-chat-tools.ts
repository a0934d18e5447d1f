import { useEffect, useState } from 'react';
import type { PatchbayClient } from '../../src/messaging/client';
import type { ServerState, ToolView } from '../../src/messaging/contract';

/** Statuses after which the set of usable tools may differ. */
const SETTLED_STATES = new Set<ServerState>([
  'connected',
  'disconnected',
  'error',
  'needs-auth',
  'invalid-token',
  'cloudflare-error',
]);

export type CallProgress = Record<string, { progress: number; total?: number; message?: string }>;

/** The tools the chat can use, kept current from broadcasts, and its calls' progress by call. */
export function useChatTools(client: PatchbayClient) {
  const [tools, setTools] = useState<ToolView[]>([]);
  const [progress, setProgress] = useState<CallProgress>({});
  useEffect(() => {
    const refresh = () =>
      void client.request('mcp/tools/list').then(
        ({ tools: next }) => setTools(next),
        () => undefined,
      );
    refresh();
    return client.onBroadcast((message) => {
      // The tool set changes when a server connects, goes away or changes its list; passing
      // states (connecting, refreshing a sign-in) leave it as it is.
      if (
        message.type === 'mcp/tools/changed' ||
        (message.type === 'mcp/status/changed' && SETTLED_STATES.has(message.payload.status.state))
      )
        refresh();
      if (message.type === 'mcp/tool/progress') {
        const { callId, progress: value, total, message: text } = message.payload;
        setProgress((previous) => ({
          ...previous,
          [callId]: {
            progress: value,
            ...(total !== undefined ? { total } : {}),
            ...(text ? { message: text } : {}),
          },
        }));
      }
    });
  }, [client]);
  return { tools, progress };
}
