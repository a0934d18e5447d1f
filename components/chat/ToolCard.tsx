import type { DynamicToolUIPart } from 'ai';
import type { ReactNode } from 'react';
import type { CallToolResultView } from '../../src/messaging/contract';
import { TabTargetStatus, type TabTargetState } from '../browser-access/TabTarget';
import { CallData } from './CallData';
import { ApprovalButtons, ChangedSinceAllowed, DestructiveWarning, WhyAsked } from './ToolApproval';
import { TaskStatusLine } from './TaskStatusLine';
import { ToolResult, summarizeResult, type OpenResourceRequest } from './ToolResult';
import type { CallProgress } from './use-chat-tools';

export interface ToolCardProps {
  part: DynamicToolUIPart;
  serverName: string;
  iconDataUrl?: string;
  toolName: string;
  result?: CallToolResultView;
  durationMs?: number;
  /** Progress the server reported, or the state of the task the call became. */
  progress?: CallProgress[string];
  /** The chat was stopped while this call was still open. */
  stopped: boolean;
  onApprove(): void;
  onDeny(): void;
  onAlwaysAllow(): void;
  /** What changed in the tool since the person always allowed it (why it asks again). */
  changedSinceAllowed?: string[];
  /** The server the tool belongs to; resources in the result are read from it. */
  serverId?: string;
  /** Opens a resource the result links to or embeds; needs `serverId`. */
  onOpenResource?(link: OpenResourceRequest): void;
  /** The tool's MCP App, shown between the call and its result. */
  app?: ReactNode;
  /** A browser tool's tab, pinned for the call: shown while it waits for approval. */
  tabTarget?: TabTargetState;
  /** The words the person typed in the chat: an asking card marks the arguments' others. */
  typedWords?: ReadonlySet<string>;
  /**
   * What the call will do, in words, when its server marks the tool destructive
   * (src/policy/destructive-call.ts): the card warns, and offers no Always allow.
   */
  destructive?: string;
}

function stateOf(props: ToolCardProps): {
  label: string;
  tone: 'busy' | 'good' | 'bad' | 'warn' | 'neutral';
} {
  const { part, result } = props;
  switch (part.state) {
    case 'input-streaming':
      return props.stopped
        ? { label: 'Cancelled', tone: 'neutral' }
        : { label: 'Preparing', tone: 'busy' };
    case 'input-available':
    case 'approval-responded':
      return props.stopped
        ? { label: 'Cancelled', tone: 'neutral' }
        : { label: 'Running', tone: 'busy' };
    case 'approval-requested':
      return props.stopped
        ? { label: 'Cancelled', tone: 'neutral' }
        : { label: 'Awaiting approval', tone: 'warn' };
    case 'output-available':
      return result?.isError ? { label: 'Failed', tone: 'bad' } : { label: 'Done', tone: 'good' };
    case 'output-error':
      return /cancel|abort/i.test(part.errorText)
        ? { label: 'Cancelled', tone: 'neutral' }
        : { label: 'Failed', tone: 'bad' };
    case 'output-denied':
      return { label: 'Denied', tone: 'neutral' };
  }
}

export function ToolCard(props: ToolCardProps) {
  const { part, result, progress } = props;
  const state = stateOf(props);
  const running = state.label === 'Running';
  // Asking shows what the call would send, open: the person decides on the data, not its name.
  const asking = part.state === 'approval-requested' && !props.stopped;
  return (
    <div
      className="tool-card"
      data-tool-state={state.label.toLowerCase().replace(/\s+/g, '-')}
      data-tool-name={props.toolName}
    >
      <div className="tool-card-head">
        {props.iconDataUrl ? (
          <img className="tool-card-icon" src={props.iconDataUrl} alt="" />
        ) : null}
        <span className="tool-card-server">{props.serverName}</span>
        <code className="tool-card-name">{props.toolName}</code>
        <span className={`badge badge-${state.tone}`}>{state.label}</span>
        {props.durationMs !== undefined ? (
          <span className="muted">{formatDuration(props.durationMs)}</span>
        ) : null}
      </div>
      {running && progress ? <CallProgressLine progress={progress} /> : null}
      {asking ? null : (
        <details>
          <summary>Arguments</summary>
          <pre className="tool-json">{JSON.stringify(part.input ?? {}, null, 2)}</pre>
        </details>
      )}
      {asking ? <ApprovalAsk {...props} reason={part.approval.requestReason} /> : null}
      {props.app ?? null}
      {result ? (
        <details open={Boolean(result.isError)}>
          <summary>{summarizeResult(result)}</summary>
          <ToolResult
            result={result}
            serverId={props.serverId ?? ''}
            // Without the server's id there is nothing to read a resource from: links then
            // show their URI with a Copy button instead of an Open button.
            {...(props.serverId && props.onOpenResource
              ? { onOpenResource: props.onOpenResource }
              : {})}
          />
        </details>
      ) : null}
      {part.state === 'output-error' ? <p className="server-error">{part.errorText}</p> : null}
    </div>
  );
}

/** A running call's progress: the state of the task it became, or a bar (a sliver when the
 * server gives no total). */
function CallProgressLine({ progress }: { progress: NonNullable<ToolCardProps['progress']> }) {
  if (progress.task) return <TaskStatusLine status={progress.task} message={progress.message} />;
  return (
    <div
      className="tool-progress"
      role="progressbar"
      aria-valuenow={progress.progress}
      aria-valuemax={progress.total}
    >
      <div
        style={{
          width: progress.total
            ? `${Math.min(100, (progress.progress / progress.total) * 100)}%`
            : '30%',
        }}
      />
      {progress.message ? <span className="muted">{progress.message}</span> : null}
    </div>
  );
}

/**
 * A call waiting for the person: what it would send, open (they decide on the data, not its
 * name), why it asks, and Approve, Deny, Always allow.
 */
function ApprovalAsk(props: ToolCardProps & { reason: string | undefined }) {
  const { part } = props;
  return (
    <div className="approval" role="group" aria-label={`Approve ${props.toolName}?`}>
      <p>
        Run <code>{props.toolName}</code> on {props.serverName}?
      </p>
      <DestructiveWarning summary={props.destructive} serverName={props.serverName} />
      <CallData
        args={part.input}
        heading={`What it sends to ${props.serverName}:`}
        {...(props.typedWords ? { typed: props.typedWords } : {})}
      />
      {props.tabTarget ? <TabTargetStatus state={props.tabTarget} /> : null}
      <ChangedSinceAllowed serverName={props.serverName} changed={props.changedSinceAllowed} />
      <WhyAsked reason={props.reason} />
      <ApprovalButtons
        onApprove={props.onApprove}
        onDeny={props.onDeny}
        onAlwaysAllow={props.onAlwaysAllow}
        // Not before the card can say which tab the call acts on.
        disabled={props.tabTarget?.status === 'finding'}
        dangerous={props.destructive !== undefined}
      />
    </div>
  );
}

function formatDuration(milliseconds: number): string {
  return milliseconds < 1000 ? `${milliseconds} ms` : `${(milliseconds / 1000).toFixed(1)} s`;
}
