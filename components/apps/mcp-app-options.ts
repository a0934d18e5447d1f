import type { ApprovalSettings } from '../../src/policy/grants';
import type { AppModelContext } from '../../src/apps/app-model-context';
import type { CallToolResultView, ToolView } from '../../src/messaging/contract';

/** What a tool card gives its MCP App: the server, the call, and the chat's hooks. */
export interface McpAppOptions {
  serverId: string;
  serverName: string;
  /** The tool whose card holds the app; `tool.ui.resourceUri` is the app. */
  tool: ToolView;
  callId: string;
  input: Record<string, unknown> | undefined;
  result: CallToolResultView | undefined;
  /** Why the call ended without a result (stopped, denied, failed), once it did. */
  cancelled: string | undefined;
  loadApprovals(): Promise<ApprovalSettings>;
  saveApprovals(next: ApprovalSettings): Promise<void>;
  /** Puts a message the person agreed to into the chat; false when it cannot go now. */
  sendMessage(text: string): Promise<boolean>;
  /** Keeps (or, with undefined, drops) what the app last told the model. */
  setModelContext(callId: string, context: AppModelContext | undefined): void;
}
