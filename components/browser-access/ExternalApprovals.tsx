import type { ApprovalView } from '../../src/messaging/browser-access-contract';
import { CallData } from '../chat/CallData';
import { ApprovalButtons } from '../chat/ToolApproval';
import { TabTargetLine } from './TabTarget';

/**
 * External clients' calls waiting for the person, each in the card the chat's tool calls use:
 * who asks (the name it gives itself, which any client can give, so with its relay user and
 * token hint), the tool and where it comes from, the tab it acts on (its URL first, then the
 * page's own title), its arguments, each value cut short on its own so a long one cannot push
 * what matters (which tab, whether it submits) out of sight, and Approve / Deny / Always
 * allow. A new client's first call says that approving it lets the client in.
 */
export function ExternalApprovals({
  approvals,
  onAnswer,
}: {
  approvals: readonly ApprovalView[];
  onAnswer(id: string, decision: 'approve' | 'deny' | 'always'): void;
}) {
  if (!approvals.length) return null;
  return (
    <section className="external-approvals" aria-label="External clients waiting for you">
      {approvals.map((approval) => (
        <article
          key={approval.id}
          className="tool-card"
          data-state="approval-requested"
          data-tool-name={approval.tool}
        >
          <div className="tool-card-head">
            <span className="tool-card-server">{approval.clientName}</span>
            <code className="tool-card-name">{approval.tool}</code>
            <span className="badge badge-warn">Waiting for you</span>
          </div>
          <CallData args={approval.arguments} heading="What it sends:" />
          <div className="approval" role="group" aria-label={`Approve ${approval.tool}?`}>
            <p>
              <strong>{approval.clientName}</strong> (its own name; relay user {approval.clientUser}
              , token <code className="token-hint">{approval.tokenHint}…</code>) wants to run{' '}
              <code>{approval.tool}</code> from {approval.source}.
            </p>
            {approval.target ? <TabTargetLine target={approval.target} /> : null}
            <p className="muted">{approval.description}</p>
            {approval.newClient ? (
              <p className="approval-changed">
                This is the first time {approval.clientName} asks: approving lets it in, and
                Patchbay will ask about each of its calls until you choose otherwise in Settings.
              </p>
            ) : null}
            <ApprovalButtons
              onApprove={() => onAnswer(approval.id, 'approve')}
              onDeny={() => onAnswer(approval.id, 'deny')}
              onAlwaysAllow={() => onAnswer(approval.id, 'always')}
            />
          </div>
        </article>
      ))}
    </section>
  );
}
