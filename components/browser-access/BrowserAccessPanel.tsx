import { ActivityLog } from './ActivityLog';
import { ClientList } from './ClientList';
import { RelayLinkForm } from './RelayLinkForm';
import type { BrowserAccess } from './use-browser-access';
import { useCallback } from 'react';
import { PermissionNote } from '../permissions/PermissionNote';
import type { BrowserPermissions } from '../../src/permissions/browser-permissions';
import { usePermissionSwitch } from '../permissions/use-permission-switch';
import { SwitchRow } from '../shared/SwitchRow';

/**
 * Settings › Desktop apps: browser access's one switch, the relay link, the clients and what each may do,
 * and the activity log of their calls.
 */
export function BrowserAccessPanel({
  access,
  permissions,
}: {
  access: BrowserAccess;
  permissions: BrowserPermissions;
}) {
  const { view, error, send } = access;
  const setEnabled = useCallback(
    (enabled: boolean) => void send('browser-access/enabled/set', { enabled }),
    [send],
  );
  const gate = usePermissionSwitch({
    permissions,
    feature: 'Browser access',
    on: view?.enabled ?? false,
    setOn: setEnabled,
  });
  if (!view) return <p className="muted">Loading browser access…</p>;
  return (
    <section className="browser-access" aria-label="Browser access">
      <p className="muted">
        Desktop AI apps (Claude Desktop, Cursor, any MCP client) can use this browser through a
        Patchbay relay: its tabs and pages, and the servers and sites you connected here. Each app
        must be allowed, and you choose what it may do.
      </p>
      {view.enabled ? (
        <SwitchRow
          label="Let external clients use this browser"
          on={view.enabled}
          onChange={gate.toggle}
        />
      ) : (
        <div className="browser-access-off">
          <p className="muted" role="status">
            Off: no desktop app can reach this browser. Turn it on only to connect one; you then run
            the relay on your computer and approve each app.
          </p>
          <button type="button" className="primary" onClick={() => gate.toggle(true)}>
            Connect a desktop app…
          </button>
        </div>
      )}
      {gate.note ? (
        <PermissionNote
          feature="Browser access"
          note={gate.note}
          onAllow={gate.allow}
          onCancel={gate.cancel}
        />
      ) : null}
      {view.enabled ? (
        <RelayLinkForm
          link={view.link}
          error={error}
          onSave={(input) => send('browser-access/link/save', input)}
          onConnect={() => void send('browser-access/link/connect', undefined)}
          onDisconnect={() => void send('browser-access/link/disconnect', undefined)}
        />
      ) : null}
      <h2>Clients</h2>
      <ClientList
        clients={view.clients}
        onPolicy={(clientId, policy) =>
          void send('browser-access/client/policy', { clientId, policy })
        }
        onForget={(clientId) => void send('browser-access/client/forget', { clientId })}
      />
      <h2>Activity</h2>
      <ActivityLog
        entries={view.activity}
        onClear={() => void send('browser-access/activity/clear', undefined)}
      />
    </section>
  );
}
