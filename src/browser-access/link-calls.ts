/**
 * External clients' calls running through the gate, each under the link's id for it, so that
 * a client cancelling its request aborts the call.
 */
import { text } from '../browser-tools/tool-handler';
import type { CallToolResultView } from '../messaging/contract';
import type { ClientRecord } from './client-record';
import type { Gate } from './gate';
import type { HubTool } from './hub';

export function createLinkCalls(
  gate: Gate,
  toolNamed: (name: string) => Promise<HubTool | undefined>,
) {
  const calls = new Map<string, AbortController>();
  return {
    /** Runs the call through the gate; a tool that is gone is an error result. */
    async call(
      client: ClientRecord,
      callId: string,
      name: string,
      args: Record<string, unknown>,
    ): Promise<CallToolResultView> {
      const tool = await toolNamed(name);
      if (!tool) return text(`There is no tool named “${name}”; list the tools again.`, true);
      const controller = new AbortController();
      calls.set(callId, controller);
      const { signal } = controller;
      try {
        // A browser tool runs on the tab the gate resolved when it decided, not on whatever tab
        // is active once the person has answered.
        return await gate.call(client, tool, args, signal, (target) =>
          tool.run(args, signal, { groupTitle: client.name, ...(target && { target }) }),
        );
      } finally {
        calls.delete(callId);
      }
    },
    /** The client cancelled the call. */
    cancel(callId: string): void {
      calls.get(callId)?.abort();
    },
  };
}
