import type { DynamicToolUIPart, UIMessage } from 'ai';
import { lazy, Suspense, type ReactNode } from 'react';
import type { ApprovalSettings } from '../../src/policy/grants';
import type { ProxyToolOutput } from '../../src/model-tools/proxy-tools';
import type { AppModelContext } from '../../src/apps/app-model-context';
import type { ToolView } from '../../src/messaging/contract';

// MCP Apps' host (ext-apps' bridge and its schemas) loads with the first tool card that has one.
const ToolApp = lazy(() => import('./ToolApp').then((module) => ({ default: module.ToolApp })));

/** What a conversation gives the apps in its tool cards. */
export interface AppSlotContext {
  /** Calls saved before the chat opened: their apps show as snapshots until reloaded. */
  savedCalls: ReadonlySet<string>;
  stoppedCalls: ReadonlySet<string>;
  /** What each app last told the model, by tool call. */
  appContext: Map<string, AppModelContext>;
  loadApprovals(): Promise<ApprovalSettings>;
  saveApprovals(next: ApprovalSettings): Promise<void>;
  /** Puts a message the person agreed to into the chat; `from` names the app. */
  sendMessage(text: string, from: string): Promise<boolean>;
}

/**
 * The app of a tool call's card, when its tool has one (`_meta.ui.resourceUri`, as listed now
 * or as saved with the result) and the call may run; undefined otherwise.
 */
export function toolAppSlot(
  part: DynamicToolUIPart,
  call: {
    serverId: string;
    serverName: string;
    toolName: string;
    view?: ToolView;
    output?: ProxyToolOutput;
  },
  apps: AppSlotContext,
): ReactNode | undefined {
  const ui = call.view?.ui ?? call.output?.ui;
  if (!ui?.resourceUri || !appMayShow(part)) return undefined;
  const tool: ToolView = call.view ?? {
    serverId: call.serverId,
    name: call.toolName,
    description: '',
    inputSchema: { type: 'object' },
    ui,
  };
  const cancelled = cancelReason(part, apps.stoppedCalls.has(part.toolCallId));
  return (
    <Suspense fallback={<p className="muted">Loading app…</p>}>
      <ToolApp
        serverId={call.serverId}
        serverName={call.serverName}
        tool={tool}
        callId={part.toolCallId}
        input={isRecord(part.input) ? part.input : undefined}
        result={call.output?.result}
        cancelled={cancelled}
        restored={apps.savedCalls.has(part.toolCallId)}
        loadApprovals={apps.loadApprovals}
        saveApprovals={apps.saveApprovals}
        sendMessage={(text) =>
          apps.sendMessage(text, `${tool.title ?? tool.name} (${call.serverName})`)
        }
        setModelContext={(callId, entry) => {
          if (entry) apps.appContext.set(callId, entry);
          else apps.appContext.delete(callId);
        }}
      />
    </Suspense>
  );
}

/** An app shows once its call may run: approved (or needing no approval), running or done. */
function appMayShow(part: DynamicToolUIPart): boolean {
  if (part.state === 'approval-responded') return part.approval.approved;
  return ['input-available', 'output-available', 'output-error'].includes(part.state);
}

/** Why a call ended without a result, for its app; undefined while it may still finish. */
function cancelReason(part: DynamicToolUIPart, stopped: boolean): string | undefined {
  if (part.state === 'output-error') return part.errorText;
  if (part.state === 'output-available') return undefined;
  return stopped ? 'The person stopped the chat.' : undefined;
}

/** The ids of the tool calls in `messages`. */
export function toolCallIdsOf(messages: readonly UIMessage[]): Set<string> {
  return new Set(
    messages
      .flatMap((message) => message.parts)
      .filter((part): part is DynamicToolUIPart => part.type === 'dynamic-tool')
      .map((part) => part.toolCallId),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
