import { useState } from 'react';
import type { ServerView } from '../../src/messaging/contract';
import { SwitchRow } from '../shared/SwitchRow';
import { DoctorReport } from './DoctorReport';
import type { ServerCardProps } from './server-card-props';
import { ServerDetails } from './ServerDetails';
import { ToolList } from './ToolList';

/**
 * The rest of a server's card, behind its Details button: its switch when that is not the
 * card's action, what it is and how it connects, Check, Edit, Sign out and Remove, the
 * connection doctor's report, its tools with their switches, and what it offers besides.
 */
export function ServerCardDetails(props: ServerCardProps & { showSwitch: boolean }) {
  const { server, busy, health, onRemove, tools, details } = props;
  const connected = server.isEnabled && server.status.state === 'connected';
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const report = health && health !== 'checking' ? health : undefined;
  return (
    <div className="server-more-body">
      {props.showSwitch ? (
        <SwitchRow
          label={`Enable ${server.name}`}
          on={server.isEnabled}
          disabled={busy}
          onChange={props.onToggle}
        />
      ) : null}
      <ServerFacts server={server} />
      <ServerActionRow
        {...props}
        onAskRemove={onRemove && !confirmingRemove ? () => setConfirmingRemove(true) : undefined}
      />
      {onRemove && confirmingRemove ? (
        <RemoveConfirm
          serverName={server.name}
          onRemove={onRemove}
          onKeep={() => setConfirmingRemove(false)}
        />
      ) : null}
      {report?.steps.length ? <DoctorReport steps={report.steps} report={report.report} /> : null}
      {report && !report.steps.length && report.error ? (
        <p className="server-error">{report.error}</p>
      ) : null}
      {connected && tools ? (
        <ToolList
          serverName={server.name}
          tools={tools.tools}
          disabled={tools.disabled}
          readOnlyWithoutAsking={props.readOnlyWithoutAsking}
          onDisabledChange={props.onDisabledToolsChange}
          onReadOnlyWithoutAskingChange={props.onReadOnlyWithoutAskingChange}
        />
      ) : null}
      {connected && details ? <ServerDetails server={server} busy={busy} {...details} /> : null}
    </div>
  );
}

/**
 * Check (the connection doctor) with the time it took, then Edit, Sign out and Remove: those the
 * server has. `onAskRemove` is left out while the removal waits for its confirmation.
 */
function ServerActionRow({
  server,
  busy,
  health,
  onHealthCheck,
  onEdit,
  onSignOut,
  onRemove,
  onAskRemove,
}: ServerCardProps & { onAskRemove: (() => void) | undefined }) {
  const report = health && health !== 'checking' ? health : undefined;
  const manage = onEdit || onRemove || server.isSignedIn;
  if (!server.isEnabled && !manage) return null;
  return (
    <div className="action-row server-actions">
      {server.isEnabled ? (
        <span className="action-group">
          <button
            type="button"
            className="compact"
            onClick={onHealthCheck}
            disabled={health === 'checking'}
          >
            {health === 'checking' ? 'Checking…' : 'Check'}
          </button>
          {report?.ok ? (
            <span className="muted" role="status">{`${report.latencyMs} ms`}</span>
          ) : null}
        </span>
      ) : null}
      {manage ? (
        <span className="action-group">
          {onEdit ? (
            <button type="button" className="compact" onClick={() => onEdit()} disabled={busy}>
              Edit
            </button>
          ) : null}
          {server.isSignedIn ? (
            <button type="button" className="compact" onClick={onSignOut} disabled={busy}>
              Sign out
            </button>
          ) : null}
          {onAskRemove ? (
            <button type="button" className="compact danger" onClick={onAskRemove} disabled={busy}>
              Remove
            </button>
          ) : null}
        </span>
      ) : null}
    </div>
  );
}

/** Asks before a server is removed with everything kept for it. */
function RemoveConfirm({
  serverName,
  onRemove,
  onKeep,
}: {
  serverName: string;
  onRemove(): void;
  onKeep(): void;
}) {
  return (
    <div className="confirm" role="alertdialog" aria-label={`Remove ${serverName}?`}>
      <p>Remove {serverName}? Its sign-in, registration and settings are deleted too.</p>
      <button type="button" className="primary danger" onClick={onRemove}>
        Remove
      </button>
      <button type="button" onClick={onKeep}>
        Keep
      </button>
    </div>
  );
}

const TRANSPORT_WORDS = { 'streamable-http': 'Streamable HTTP', sse: 'HTTP+SSE' } as const;

/** What a server is and how it connects, for whoever wants the technical words. */
function ServerFacts({ server }: { server: ServerView }) {
  return (
    <dl className="server-facts">
      <dt>Address</dt>
      <dd>{shownAddress(server.url)}</dd>
      {server.requiresAuthentication ? (
        <>
          <dt>Sign-in</dt>
          <dd>
            {server.isSignedIn ? 'Signed in' : 'Asks you to sign in'} with your account (OAuth)
          </dd>
        </>
      ) : null}
      {server.transport ? (
        <>
          <dt>Connection</dt>
          <dd>
            {TRANSPORT_WORDS[server.transport]}
            {server.protocolVersion ? `, MCP version ${server.protocolVersion}` : ''}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** The address without its query and fragment, where some servers take a key. */
function shownAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}${parsed.search || parsed.hash ? '?…' : ''}`;
  } catch {
    return url;
  }
}
