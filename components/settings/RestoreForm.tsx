import { useState } from 'react';
import type { RestoreStep } from './use-backup';
import { PassphraseField } from './PassphraseField';
import { RestorePreview } from './RestorePreview';

export interface RestoreFormProps {
  state: RestoreStep;
  error?: string;
  onChoose(file: File): void;
  onOpen(options: { passphrase?: string; withoutSecrets?: boolean }): void;
  onConfirm(): void;
  onCancel(): void;
  /** After a restore: the panel loads again with what was restored. */
  onDone(): void;
  /** Gives the file chooser focus (and brings it into view) when shown. */
  focus?: boolean;
}

/** Restore: choose the file, type its passphrase, see what it adds and replaces, confirm. */
export function RestoreForm(props: RestoreFormProps) {
  const { state } = props;
  const [passphrase, setPassphrase] = useState('');
  return (
    <div className="settings-form" aria-label="Restore a backup" role="group">
      <label>
        Restore from a backup file
        <input
          type="file"
          accept=".json,application/json"
          autoFocus={props.focus}
          onChange={(event) => {
            const file = event.target.files?.[0];
            setPassphrase('');
            if (file) props.onChoose(file);
          }}
        />
      </label>
      {state.step === 'chosen' ? (
        <OpenBackupForm
          state={state}
          passphrase={passphrase}
          onPassphraseChange={setPassphrase}
          onOpen={props.onOpen}
        />
      ) : null}
      {props.error ? (
        <p className="field-error" role="alert">
          {props.error}
        </p>
      ) : null}
      {state.step === 'preview' || state.step === 'restoring' ? (
        <ConfirmRestore state={state} onConfirm={props.onConfirm} onCancel={props.onCancel} />
      ) : null}
      {state.step === 'done' ? (
        <div role="status">
          <p className="test-ok">Restored. Servers are connecting.</p>
          <button type="button" className="primary" onClick={props.onDone}>
            Done
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** A chosen backup: its passphrase when it holds secrets, then a look at what it restores. */
function OpenBackupForm({
  state,
  passphrase,
  onPassphraseChange,
  onOpen,
}: {
  state: Extract<RestoreStep, { step: 'chosen' }>;
  passphrase: string;
  onPassphraseChange(value: string): void;
  onOpen: RestoreFormProps['onOpen'];
}) {
  return (
    <form
      className="settings-form"
      aria-label="Open the backup"
      onSubmit={(event) => {
        event.preventDefault();
        onOpen(state.sealed ? { passphrase } : {});
      }}
    >
      {state.sealed ? (
        <PassphraseField
          label={`Passphrase of ${state.name}`}
          value={passphrase}
          onChange={onPassphraseChange}
        />
      ) : (
        <p className="muted">
          This backup has no secrets: header values and keys are entered again.
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={state.sealed && !passphrase}>
          Show what it restores
        </button>
        {state.sealed ? (
          <button type="button" onClick={() => onOpen({ withoutSecrets: true })}>
            Restore without secrets
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** What the backup adds and replaces, and Confirm restore (busy while it is written). */
function ConfirmRestore({
  state,
  onConfirm,
  onCancel,
}: {
  state: Extract<RestoreStep, { step: 'preview' | 'restoring' }>;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <>
      <RestorePreview preview={state.plan.preview} />
      <div className="form-actions">
        <button
          type="button"
          className="primary"
          disabled={state.step === 'restoring'}
          onClick={onConfirm}
        >
          {state.step === 'restoring' ? 'Restoring…' : 'Confirm restore'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}
