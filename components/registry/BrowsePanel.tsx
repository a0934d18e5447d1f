import { useState } from 'react';
import type { RegistryEntry, RegistryRemote } from '../../src/registry/registry-entry';
import { LetterIcon } from '../shared/LetterIcon';
import { RegistryInstallForm } from './RegistryInstallForm';
import type { RegistrySearch } from './use-registry-search';

export interface BrowsePanelProps {
  search: RegistrySearch;
  onInstall(
    entry: RegistryEntry,
    remote: RegistryRemote,
    values: Record<string, string>,
  ): Promise<{ error: string; field?: string } | undefined>;
  onClose(): void;
}

/** The remote Patchbay adds: Streamable HTTP where the entry offers it, else the first. */
const remoteOf = (entry: RegistryEntry) =>
  entry.remotes.find((remote) => remote.type === 'streamable-http') ?? entry.remotes[0];

function LocalOnly({ entry }: { entry: RegistryEntry }) {
  const [first] = entry.packages;
  const command = first
    ? `${first.runtimeHint ?? first.registryType} ${first.identifier}`
    : undefined;
  return (
    <p className="muted registry-local">
      Runs on your computer
      {command ? (
        <>
          {' '}
          (<code>{command}</code>)
        </>
      ) : null}
      , not at an address Patchbay can reach. Serve it over HTTP on this machine with a
      stdio-to-HTTP bridge and add that address (plain http to localhost works), or use it in a
      desktop client, which can in turn use this browser through the relay (Settings › Browser
      access).
    </p>
  );
}

function EntryItem({
  entry,
  open,
  onOpen,
  onInstall,
  onCancel,
}: {
  entry: RegistryEntry;
  open: boolean;
  onOpen(): void;
  onInstall: (values: Record<string, string>) => ReturnType<BrowsePanelProps['onInstall']>;
  onCancel(): void;
}) {
  const remote = remoteOf(entry);
  return (
    <li className="server registry-entry" data-registry-name={entry.name}>
      <div className="server-head">
        <LetterIcon name={entry.title} className="server-icon" />
        <div className="server-title">
          <div className="server-name">
            {entry.title}
            <span className="label">{entry.version}</span>
          </div>
          <div className="muted">by {entry.publisher}</div>
          <div className="server-description">{entry.description}</div>
        </div>
        {remote && !open ? (
          <button type="button" onClick={onOpen} aria-label={`Add ${entry.title}…`}>
            Add
          </button>
        ) : null}
      </div>
      {remote ? null : <LocalOnly entry={entry} />}
      {remote && open ? (
        <RegistryInstallForm
          entry={entry}
          remote={remote}
          onSubmit={onInstall}
          onCancel={onCancel}
        />
      ) : null}
    </li>
  );
}

/** Servers from the MCP Registry: search, pages, and adding one in two clicks. */
export function BrowsePanel({ search, onInstall, onClose }: BrowsePanelProps) {
  const [opened, setOpened] = useState<string | undefined>();
  const host = new URL(search.registryUrl).host;
  return (
    <section className="registry-browse" aria-label="Browse the registry">
      <div className="registry-search">
        <label>
          Search {host}
          <input
            type="search"
            value={search.query}
            onChange={(event) => search.setQuery(event.target.value)}
            placeholder="Server name, e.g. github"
            autoFocus
          />
        </label>
        <button type="button" onClick={onClose}>
          Done
        </button>
      </div>
      {search.error ? (
        <p className="field-error" role="alert">
          {search.error}
        </p>
      ) : null}
      {!search.loading && !search.error && search.entries.length === 0 ? (
        <p className="muted">No server in the registry matches “{search.query.trim()}”.</p>
      ) : null}
      <ul className="server-list" aria-label="Registry servers">
        {search.entries.map((entry) => (
          <EntryItem
            key={entry.name}
            entry={entry}
            open={opened === entry.name}
            onOpen={() => setOpened(entry.name)}
            onCancel={() => setOpened(undefined)}
            onInstall={async (values) => {
              const remote = remoteOf(entry);
              if (!remote) return { error: `${entry.title} has no address to connect to.` };
              const failure = await onInstall(entry, remote, values);
              if (!failure) setOpened(undefined);
              return failure;
            }}
          />
        ))}
      </ul>
      {search.loading ? (
        <p className="muted" role="status">
          Searching {host}…
        </p>
      ) : null}
      {search.loadMore ? (
        <button type="button" className="quiet" onClick={search.loadMore}>
          More servers
        </button>
      ) : null}
      {search.skipped ? (
        <p className="muted">
          {search.skipped} {search.skipped === 1 ? 'entry' : 'entries'} left out (deprecated, or not
          readable).
        </p>
      ) : null}
    </section>
  );
}
