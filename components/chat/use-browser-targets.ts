import type { UIMessage } from 'ai';
import { useEffect, useRef, useState } from 'react';
import type { TabTargetState } from '../browser-access/TabTarget';
import type { ToolNameMap } from '../../src/model-tools/tool-names';
import { BROWSER_SERVER_ID } from '../../src/messaging/browser-access-contract';
import { useClient } from '../shared/client-context';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The tab each of the chat's browser tool calls acts on, by tool call id, for their approval
 * cards: asked of the background once per call as its card shows, which pins the tab to the
 * call there (src/browser-access/chat-browser-tools.ts), so the call runs on the tab the card
 * names even if the person switches tabs before answering.
 */
export function useBrowserTargets(
  messages: readonly UIMessage[],
  names: ToolNameMap,
): ReadonlyMap<string, TabTargetState> {
  const client = useClient();
  const [targets, setTargets] = useState<ReadonlyMap<string, TabTargetState>>(() => new Map());
  const asked = useRef(new Set<string>());

  useEffect(() => {
    const set = (callId: string, state: TabTargetState) =>
      setTargets((previous) => new Map(previous).set(callId, state));
    for (const message of messages) {
      for (const part of message.parts) {
        if (part.type !== 'dynamic-tool' || part.state !== 'approval-requested') continue;
        if (asked.current.has(part.toolCallId)) continue;
        // Tools load after the messages: a call not yet known is looked at again then.
        const address = names.resolve(part.toolName);
        if (address?.serverId !== BROWSER_SERVER_ID) continue;
        const callId = part.toolCallId;
        asked.current.add(callId);
        set(callId, { status: 'finding' });
        void client
          .request('browser-access/chat/target', {
            callId,
            name: address.name,
            arguments: isRecord(part.input) ? part.input : {},
          })
          .then(
            ({ target, missing }) => {
              if (target) set(callId, { status: 'found', target });
              else if (missing !== undefined) set(callId, { status: 'missing', reason: missing });
              else
                setTargets((previous) => {
                  const next = new Map(previous);
                  next.delete(callId);
                  return next;
                });
            },
            (error: unknown) =>
              set(callId, {
                status: 'failed',
                message: error instanceof Error ? error.message : String(error),
              }),
          );
      }
    }
  }, [client, messages, names]);

  return targets;
}
