import type { ReactNode } from 'react';
import type { RestorePreview as Preview } from '../../src/backup/restore-plan';

const verb = (action: 'add' | 'replace') => (action === 'add' ? 'Adds' : 'Replaces');

/** A heading and its list, or nothing when the list is empty. */
function Part({ title, items }: { title: string; items: { key: string; line: ReactNode }[] }) {
  if (!items.length) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul>
        {items.map((item) => (
          <li key={item.key}>{item.line}</li>
        ))}
      </ul>
    </>
  );
}

/** What a restore will add and replace, before the person confirms it. */
export function RestorePreview({ preview }: { preview: Preview }) {
  const servers = preview.servers.map((server) => ({
    key: server.id,
    line: (
      <>
        {verb(server.action)} <strong>{server.name}</strong>{' '}
        <span className="muted">{server.url}</span>
        {server.missing.length ? (
          <p className="field-note">
            Not in the file: the value of {server.missing.join(', ')} (enter it on the server’s
            card).
          </p>
        ) : null}
      </>
    ),
  }));
  const providers = preview.providers.map((provider) => ({
    key: provider.label,
    line: `${verb(provider.action)} ${provider.label}${provider.keyMissing ? ' (skipped: its key is not in the file)' : ''}`,
  }));
  const routines = preview.routines.map((routine) => ({
    key: routine.name,
    line: `${verb(routine.action)} ${routine.name}`,
  }));
  return (
    <div className="restore-preview" aria-label="What the restore does">
      <Part title="Servers" items={servers} />
      <Part title="Models" items={providers} />
      <Part title="Routines" items={routines} />
      <ul>
        {preview.settings.length ? <li>Sets {preview.settings.join(', ')}</li> : null}
        {preview.grants ? <li>Tool grants of {count(preview.grants, 'server')}</li> : null}
        {preview.chats ? <li>Adds {count(preview.chats, 'chat')}</li> : null}
        <li>
          Sign-ins are never in a backup: servers that need one ask for it again in this browser.
        </li>
      </ul>
    </div>
  );
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
