import { useMemo, useState } from 'react';
import type { ApprovalSettings } from '../../src/policy/grants';
import { createChatTransport } from '../../src/chat-turn/chat-transport';
import type { ChatErrorExplained } from '../../src/chat-turn/chat-errors';
import { createLanguageModel } from '../../src/models/model';
import { createStopIntent } from '../../src/model-tools/proxy-tools';
import type { AppModelContext } from '../../src/apps/app-model-context';
import { useClient } from '../shared/client-context';
import { useAlwaysAllow } from './use-always-allow';
import type { ModelSettings } from '../../src/models/model-settings';

/** What a chat's turns read fresh for every request, and where approvals are kept. */
export interface ChatTransportOptions {
  /** Read fresh for every request, so a changed model or key applies to the next message. */
  loadSettings(): Promise<ModelSettings | undefined>;
  loadApprovals(): Promise<ApprovalSettings>;
  loadApprovalSecret(): Promise<string>;
  saveApprovals(next: ApprovalSettings): Promise<void>;
}

/**
 * The in-panel transport a chat's turns go through, and what it shares with the chat: what the
 * MCP Apps told the model, the person's Stop, "Always allow", and the last failure explained.
 */
export function useChatTransport(
  options: ChatTransportOptions,
  setApprovals: (next: ApprovalSettings) => void,
) {
  const { loadApprovals } = options;
  const client = useClient();
  // What the MCP Apps in this chat last told the model, by tool call (one map, kept as is).
  const [appContext] = useState(() => new Map<string, AppModelContext>());
  // Set around the person's Stop: any other abort (the chat closing) lets calls' tasks go on.
  const [stopIntent] = useState(createStopIntent);
  const { callOrigins, alwaysAllow } = useAlwaysAllow({ ...options, onSaved: setApprovals });
  // The last failure as the transport explained it (with the chat's provider): the UI stream
  // carries only its words.
  const [lastFailure, setLastFailure] = useState<ChatErrorExplained | undefined>();
  const transport = useMemo(
    () =>
      createChatTransport({
        client,
        loadSettings: options.loadSettings,
        loadApprovals,
        loadApprovalSecret: options.loadApprovalSecret,
        saveApprovals: options.saveApprovals,
        createModel: (current) => createLanguageModel(current),
        appContext: () => [...appContext.values()],
        callOrigins,
        stopIntent,
        onModelError: setLastFailure,
      }),
    [
      client,
      options.loadSettings,
      loadApprovals,
      options.loadApprovalSecret,
      options.saveApprovals,
      appContext,
      callOrigins,
      stopIntent,
    ],
  );
  return { transport, appContext, stopIntent, alwaysAllow, lastFailure };
}
