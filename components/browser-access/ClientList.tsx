import type { ClientPolicy, ClientView } from '../../src/messaging/browser-access-contract';

const POLICY_LABELS: Record<Exclude<ClientPolicy, 'new'>, string> = {
  ask: 'Ask each time',
  'read-only': 'Allow read-only tools',
  all: 'Allow all tools',
  blocked: 'Block',
};

/**
 * The external clients this browser has met, each with what the person allows it. A new
 * client waits to be let in: its first call asks, or the person picks a policy here. Each shows
 * its token hint beside its name, as its approval cards do: the name is the client's own word.
 */
export function ClientList({
  clients,
  onPolicy,
  onForget,
}: {
  clients: readonly ClientView[];
  onPolicy(clientId: string, policy: Exclude<ClientPolicy, 'new'>): void;
  onForget(clientId: string): void;
}) {
  if (!clients.length) {
    return (
      <p className="muted">
        No client has connected yet. A desktop app that connects through the relay shows up here and
        must be allowed before it can do anything.
      </p>
    );
  }
  return (
    <ul className="client-list" aria-label="External clients">
      {clients.map((client) => (
        <li key={client.id} className="client" data-client-id={client.id}>
          <div className="client-head">
            <strong>{client.name}</strong>
            {client.version ? <span className="muted">{client.version}</span> : null}
            <code className="token-hint" title="The start of its relay token’s id">
              token {client.tokenHint}…
            </code>
            {client.policy === 'new' ? <span className="badge badge-warn">New</span> : null}
            {client.policy === 'blocked' ? <span className="badge badge-bad">Blocked</span> : null}
            {client.connected ? <span className="badge badge-good">Connected</span> : null}
          </div>
          <p className="muted">
            Relay user {client.user} · first seen {new Date(client.firstSeen).toLocaleString()}
          </p>
          {client.otherNames.length ? (
            <p className="muted">Also calls itself {client.otherNames.join(', ')}</p>
          ) : null}
          <label>
            May use
            <select
              value={client.policy === 'new' ? '' : client.policy}
              aria-label={`What ${client.name} may do`}
              onChange={(event) =>
                onPolicy(client.id, event.target.value as Exclude<ClientPolicy, 'new'>)
              }
            >
              {client.policy === 'new' ? (
                <option value="" disabled>
                  Not allowed yet
                </option>
              ) : null}
              {(Object.keys(POLICY_LABELS) as Exclude<ClientPolicy, 'new'>[]).map((policy) => (
                <option key={policy} value={policy}>
                  {POLICY_LABELS[policy]}
                </option>
              ))}
            </select>
          </label>
          {client.alwaysAllow.length ? (
            <p className="muted">Always allowed: {client.alwaysAllow.join(', ')}</p>
          ) : null}
          <button type="button" className="quiet" onClick={() => onForget(client.id)}>
            Forget {client.name}
          </button>
        </li>
      ))}
    </ul>
  );
}
