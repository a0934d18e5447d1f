import { useState } from 'react';
import type { ServerResults, ServerView, ToolView } from '../../src/messaging/contract';
import { isUnencrypted, UNENCRYPTED_WARNING } from '../../src/net/private-network';
import { imageDataUrl } from './details-state';
import { DoctorReport } from './DoctorReport';
import { MissingHeaders } from './MissingHeaders';
import { ServerDetails, type ServerDetailsHandlers } from './ServerDetails';
import { StatusBadge } from './StatusBadge';
import { ToolList } from './ToolList';

export interface ServerCardProps {
  server: ServerView;
  tools: { tools: ToolView[]; disabled: string[] } | undefined;
  busy: boolean;
  onToggle(enabled: boolean): void;
  onRetry(): void;
  onSignIn(): void;
  /** Asks Chrome for the sites the status names, then connects or signs in. */
  onAllowAccess(): void;
  onSignOut(): void;
  onRemove?: () => void;
  readOnlyWithoutAsking: boolean;
  /** Opens the Edit form; `header`: with that header's value field focused. */
  onEdit?: (header?: string) => void;
  /** Sync is on: a sign-in asked for says it stays in the browser it was given in. */
  syncOn?: boolean;
  onHealthCheck(): void;
  /** The connection doctor's last report (Check), or that it runs now. */
  health?: ServerResults['health/check'] | 'checking';
  onDisabledToolsChange(names: string[]): void;
  onReadOnlyWithoutAskingChange(value: boolean): void;
  /**
   * What a connected server offers besides tools (instructions, sampling, resources, prompts)
   * and the callbacks that load it. Without it the card shows tools only.
   */
  details?: ServerDetailsHandlers;
}

/** The one next step a state calls for, if any. */
function nextAction(
  server: ServerView,
): 'allow-access' | 'enter-client-id' | 'sign-in' | 'retry' | 'sign-out' | undefined {
  if (!server.isEnabled) return undefined;
  if (server.status.needsAccess?.length) return 'allow-access';
  if (server.status.needsClientId) return 'enter-client-id';
  switch (server.status.state) {
    case 'needs-auth':
    case 'invalid-token':
      // A header without its value is what it waits for (MissingHeaders), not a sign-in.
      return server.missingHeaders?.length ? undefined : 'sign-in';
    case 'error':
    case 'cloudflare-error':
      return 'retry';
    case 'connected':
      return server.isSignedIn ? 'sign-out' : undefined;
    default:
      return undefined;
  }
}

export function ServerCard({
  server,
  tools,
  busy,
  onToggle,
  onRetry,
  onSignIn,
  onAllowAccess,
  onSignOut,
  onRemove,
  onEdit,
  onHealthCheck,
  health,
  readOnlyWithoutAsking,
  onDisabledToolsChange,
  onReadOnlyWithoutAskingChange,
  details,
  syncOn = false,
}: ServerCardProps) {
  const action = nextAction(server);
  // The person's upload wins over the icon the server gives itself.
  const icon = imageDataUrl(server.iconDataUrl, server.serverIconDataUrl);
  const connected = server.isEnabled && server.status.state === 'connected';
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const switchId = `enable-${server.id}`;
  return (
    <li className="server" data-server-id={server.id} aria-busy={busy}>
      <div className="server-head">
        {icon ? (
          <img className="server-icon" src={icon} alt="" />
        ) : (
          <span className="server-icon placeholder" />
        )}
        <div className="server-title">
          <div className="server-name">
            {server.name}
            {server.requiresAuthentication ? <span className="label">OAuth</span> : null}
            {server.paid ? <span className="label">paid</span> : null}
            {server.isCustom ? <span className="label">custom</span> : null}
          </div>
          <div className="server-description">{server.description}</div>
          {isUnencrypted(server.url) ? (
            <div className="field-warning">{UNENCRYPTED_WARNING}</div>
          ) : null}
        </div>
        <label className="switch" htmlFor={switchId}>
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            checked={server.isEnabled}
            disabled={busy}
            onChange={(event) => onToggle(event.target.checked)}
            aria-label={`Enable ${server.name}`}
          />
          <span aria-hidden="true" />
        </label>
      </div>
      <div className="server-status">
        <StatusBadge
          status={
            server.isEnabled || server.status.state !== 'disconnected'
              ? server.status
              : { state: 'disconnected' }
          }
        />
        {server.status.state === 'connected' ? (
          <span className="muted">
            {server.toolCount} {server.toolCount === 1 ? 'tool' : 'tools'}
            {server.transport
              ? ` · ${server.transport === 'sse' ? 'HTTP+SSE' : 'Streamable HTTP'}`
              : ''}
            {server.protocolVersion ? ` · MCP ${server.protocolVersion}` : ''}
          </span>
        ) : null}
        {action === 'allow-access' ? (
          <button type="button" className="link" onClick={onAllowAccess} disabled={busy}>
            Allow access
          </button>
        ) : null}
        {action === 'enter-client-id' && onEdit ? (
          <button type="button" className="link" onClick={() => onEdit()} disabled={busy}>
            Enter client ID
          </button>
        ) : null}
        {action === 'sign-in' || (action === 'enter-client-id' && !onEdit) ? (
          <button type="button" className="link" onClick={onSignIn} disabled={busy}>
            Sign in
          </button>
        ) : null}
        {action === 'retry' ? (
          <button type="button" className="link" onClick={onRetry} disabled={busy}>
            Retry
          </button>
        ) : null}
        {action === 'sign-out' ? (
          <button type="button" className="link" onClick={onSignOut} disabled={busy}>
            Sign out
          </button>
        ) : null}
        {server.isEnabled ? (
          <button
            type="button"
            className="link"
            onClick={onHealthCheck}
            disabled={health === 'checking'}
          >
            {health === 'checking' ? 'Checking…' : 'Check'}
          </button>
        ) : null}
        {health && health !== 'checking' && health.ok ? (
          <span className="muted" role="status">{`${health.latencyMs} ms`}</span>
        ) : null}
        {onEdit ? (
          <button type="button" className="link" onClick={() => onEdit()} disabled={busy}>
            Edit
          </button>
        ) : null}
        {onRemove && !confirmingRemove ? (
          <button
            type="button"
            className="link danger"
            onClick={() => setConfirmingRemove(true)}
            disabled={busy}
          >
            Remove
          </button>
        ) : null}
      </div>
      {onRemove && confirmingRemove ? (
        <div className="confirm" role="alertdialog" aria-label={`Remove ${server.name}?`}>
          <p>Remove {server.name}? Its sign-in, registration and settings are deleted too.</p>
          <button type="button" className="danger-button" onClick={onRemove}>
            Remove
          </button>
          <button type="button" onClick={() => setConfirmingRemove(false)}>
            Keep
          </button>
        </div>
      ) : null}
      {server.status.state === 'authorizing' && server.signInHost ? (
        <p className="server-note">
          Sign in at <strong>{server.signInHost}</strong> in the window that opened.
        </p>
      ) : null}
      {server.missingHeaders?.length && onEdit ? (
        <MissingHeaders names={server.missingHeaders} busy={busy} onEnter={onEdit} />
      ) : null}
      {syncOn && action === 'sign-in' ? (
        <p className="server-note">
          Sign-ins and Always allow stay in the browser where you gave them: sign in here too.
        </p>
      ) : null}
      {server.status.error ? <p className="server-error">{server.status.error}</p> : null}
      {health && health !== 'checking' && health.steps.length ? (
        <DoctorReport steps={health.steps} report={health.report} />
      ) : null}
      {health && health !== 'checking' && !health.steps.length && health.error ? (
        <p className="server-error">{health.error}</p>
      ) : null}
      {connected && details ? <ServerDetails server={server} busy={busy} {...details} /> : null}
      {connected && tools ? (
        <ToolList
          serverName={server.name}
          tools={tools.tools}
          disabled={tools.disabled}
          readOnlyWithoutAsking={readOnlyWithoutAsking}
          onDisabledChange={onDisabledToolsChange}
          onReadOnlyWithoutAskingChange={onReadOnlyWithoutAskingChange}
        />
      ) : null}
    </li>
  );
}
