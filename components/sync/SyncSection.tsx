import type { SyncStatus } from '../../src/sync/sync-runner';
import { SwitchRow } from '../shared/SwitchRow';

export interface SyncSectionProps {
  /** Undefined while loading. */
  on: boolean | undefined;
  status: SyncStatus | undefined;
  onToggle(on: boolean): void;
}

const STATE_WORDS: Record<SyncStatus['state'], string> = {
  syncing: 'Syncing…',
  synced: 'Synced',
  waiting: 'Waiting',
  failed: 'Not synced',
};

/** Settings › Sync: the opt-in switch, what travels and what never does, and the last result. */
export function SyncSection({ on, status, onToggle }: SyncSectionProps) {
  return (
    <div className="settings-form sync-section" role="group" aria-label="Sync">
      <SwitchRow
        label="Sync servers and settings across my browsers"
        on={on ?? false}
        disabled={on === undefined}
        onChange={onToggle}
      />
      <p className="muted">
        Through Chrome sync: your servers (names, addresses, header names), their switches and
        tools’ switches, and chat and registry settings. Never header values, keys or client
        secrets: another browser asks for them. Sign-ins and Always allow stay in the browser where
        you gave them. Icons and model providers are not synced.
      </p>
      {on && status ? (
        <p
          role="status"
          className={
            status.state === 'failed' ? 'field-error' : status.message ? 'field-warning' : 'muted'
          }
        >
          {STATE_WORDS[status.state]}
          {status.at ? ` at ${new Date(status.at).toLocaleTimeString()}` : ''}
          {status.message ? `. ${status.message}` : '.'}
        </p>
      ) : null}
    </div>
  );
}
