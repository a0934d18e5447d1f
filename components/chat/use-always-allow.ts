import type { DynamicToolUIPart } from 'ai';
import { useState } from 'react';
import { allowAlways, type ApprovalSettings } from '../../src/policy/grants';
import { chatCallTabUrl, createCallOrigins } from '../../src/chat-approval/chat-approval';
import { useClient } from '../shared/client-context';
import type { ToolView } from '../../src/messaging/contract';

/**
 * "Always allow" on a chat tool card: the grant holds for the tool as described now and, for
 * the browser's tools, on the origin the call was decided on (the transport keeps it in
 * `callOrigins`, which it must be given).
 */
export function useAlwaysAllow(options: {
  loadApprovals(): Promise<ApprovalSettings>;
  saveApprovals(next: ApprovalSettings): Promise<void>;
  onSaved(next: ApprovalSettings): void;
}) {
  const client = useClient();
  const [callOrigins] = useState(() => createCallOrigins(chatCallTabUrl(client)));
  const alwaysAllow = async (view: ToolView, part: DynamicToolUIPart) => {
    const origin = await callOrigins.of(view, part.input, part.toolCallId);
    const next = allowAlways(await options.loadApprovals(), view, origin);
    await options.saveApprovals(next);
    options.onSaved(next);
  };
  return { callOrigins, alwaysAllow };
}
