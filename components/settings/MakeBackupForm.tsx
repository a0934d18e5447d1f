import { useState } from 'react';
import { PassphraseField } from './PassphraseField';
import { MIN_PASSPHRASE } from './use-backup';

export interface MakeBackupFormProps {
  busy: boolean;
  error?: string;
  onMake(options: { passphrase?: string; chats: boolean }): void;
}

/** Backup: secrets sealed with a passphrase (typed twice) or left out, chats if chosen. */
export function MakeBackupForm({ busy, error, onMake }: MakeBackupFormProps) {
  const [withSecrets, setWithSecrets] = useState(true);
  const [passphrase, setPassphrase] = useState('');
  const [again, setAgain] = useState('');
  const [chats, setChats] = useState(false);
  const problem = !withSecrets
    ? undefined
    : passphrase.length < MIN_PASSPHRASE
      ? `Choose a passphrase of at least ${MIN_PASSPHRASE} characters.`
      : passphrase !== again
        ? 'The two passphrases differ.'
        : undefined;
  return (
    <form
      className="settings-form"
      aria-label="Make a backup"
      onSubmit={(event) => {
        event.preventDefault();
        if (!problem) onMake({ ...(withSecrets ? { passphrase } : {}), chats });
      }}
    >
      <p className="muted">
        One file with your servers, tool switches, grants, models, routines and settings.
      </p>
      <label className="check">
        <input
          type="checkbox"
          checked={withSecrets}
          onChange={(event) => setWithSecrets(event.target.checked)}
        />
        Include secrets (header values, API keys), encrypted with a passphrase
      </label>
      {withSecrets ? (
        <>
          <PassphraseField
            label="Passphrase"
            value={passphrase}
            onChange={setPassphrase}
            choosing
          />
          <PassphraseField label="Passphrase again" value={again} onChange={setAgain} choosing />
          <p className="muted">
            Without it the secrets cannot be read; Patchbay cannot recover it.
          </p>
        </>
      ) : null}
      <label className="check">
        <input
          type="checkbox"
          checked={chats}
          onChange={(event) => setChats(event.target.checked)}
        />
        Include chats
      </label>
      {problem && passphrase ? <p className="field-error">{problem}</p> : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="primary" disabled={busy || Boolean(problem)}>
        {busy ? 'Making the backup…' : 'Download backup'}
      </button>
    </form>
  );
}
