import { lazy, Suspense, useId, useState } from 'react';
import { isUnencrypted, UNENCRYPTED_WARNING } from '../../src/net/private-network';
import { LetterIcon } from '../shared/LetterIcon';
import { imageDataUrl } from './details-state';
import { MissingHeaders } from './MissingHeaders';
import { serverNextStep, type ServerNextStep } from '../../src/mcp/server-next-step';
import { toolCountWords } from './server-card-words';
import type { ServerCardProps } from './server-card-props';
import { ServerSwitch } from './ServerSwitch';
import { StatusBadge } from './StatusBadge';

// The Details part loads with the first card opened (it costs the first load nothing).
const ServerCardDetails = lazy(() =>
  import('./ServerCardDetails').then((module) => ({ default: module.ServerCardDetails })),
);

/**
 * One server, folded to what a person needs at a glance: its name, its state in words, how
 * many of its tools are on, and the one next step its state calls for. Details opens the rest
 * (ServerCardDetails.tsx): its switch when that is not the step, tools, what it offers besides,
 * how it connects, Check, Edit, Sign out and Remove.
 */
export type { ServerCardProps } from './server-card-props';

export function ServerCard(props: ServerCardProps) {
  const { server, busy } = props;
  const action = serverNextStep(server, Boolean(props.onEdit));
  // The person's upload wins over the icon the server gives itself.
  const icon = imageDataUrl(server.iconDataUrl, server.serverIconDataUrl);
  const count = toolCountWords(server, props.tools);
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <li className="server" data-server-id={server.id} aria-busy={busy}>
      <div className="server-head">
        {icon ? (
          <img className="server-icon" src={icon} alt="" />
        ) : (
          <LetterIcon name={server.name} className="server-icon" />
        )}
        <div className="server-title">
          <div className="server-name">
            {server.name}
            {server.paid ? <span className="label">paid</span> : null}
          </div>
          <div className="server-description">{server.description}</div>
        </div>
        <div className="server-action">
          <ServerNextStep {...props} action={action} />
        </div>
      </div>
      {isUnencrypted(server.url) ? <p className="field-warning">{UNENCRYPTED_WARNING}</p> : null}
      <div className="server-status">
        {/* Off needs no word: the switch says it. */}
        {server.status.state === 'disconnected' ? null : <StatusBadge status={server.status} />}
        {count ? <span className="server-tool-count">{count}</span> : null}
        <button
          type="button"
          className="quiet compact server-more"
          aria-expanded={open}
          aria-controls={detailsId}
          aria-label={`Details of ${server.name}`}
          onClick={() => setOpen(!open)}
        >
          Details
        </button>
      </div>
      {server.status.state === 'authorizing' && server.signInHost ? (
        <p className="server-note">
          Sign in at <strong>{server.signInHost}</strong> in the window that opened.
        </p>
      ) : null}
      {action === 'enter-header' && server.missingHeaders ? (
        <MissingHeaders names={server.missingHeaders} />
      ) : null}
      {props.syncOn && action === 'sign-in' ? (
        <p className="server-note">
          Sign-ins and Always allow stay in the browser where you gave them: sign in here too.
        </p>
      ) : null}
      {server.status.error ? <p className="server-error">{server.status.error}</p> : null}
      <div id={detailsId} hidden={!open}>
        {open ? (
          <Suspense fallback={<p className="muted">Loading…</p>}>
            <ServerCardDetails {...props} showSwitch={action !== 'switch'} />
          </Suspense>
        ) : null}
      </div>
    </li>
  );
}

/** The card's one action (serverNextStep): its switch, or a button for the step that unblocks it. */
function ServerNextStep({
  server,
  busy,
  action,
  onToggle,
  onRetry,
  onSignIn,
  onAllowAccess,
  onEdit,
}: ServerCardProps & { action: ServerNextStep }) {
  if (action === 'switch') return <ServerSwitch server={server} busy={busy} onToggle={onToggle} />;
  const header = server.missingHeaders?.[0];
  const steps: Record<Exclude<ServerNextStep, 'switch'>, [string, () => void]> = {
    'allow-access': ['Allow access', onAllowAccess],
    'enter-client-id': ['Enter client ID', () => onEdit?.()],
    'enter-header': [`Enter ${header ?? ''}`, () => onEdit?.(header)],
    'sign-in': ['Sign in', onSignIn],
    retry: ['Retry', onRetry],
  };
  const [words, onClick] = steps[action];
  return (
    <button type="button" className="compact" onClick={onClick} disabled={busy}>
      {words}
    </button>
  );
}
