import { useState, type FormEvent } from 'react';
import { checkRegistryUrl, OFFICIAL_REGISTRY_URL } from '../../src/registry/registry-setting';

export interface RegistrySettingProps {
  /** The address saved; undefined: none yet (the official registry). */
  url: string | undefined;
  onSave(url: string): void;
}

/**
 * Which MCP Registry Servers › Browse searches: the official one, or a company's own. Give it
 * a `key` of the saved address, so a newly loaded one replaces what the field shows.
 */
export function RegistrySetting({ url, onSave }: RegistrySettingProps) {
  const [text, setText] = useState(url ?? '');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkRegistryUrl(text);
    if (!checked.ok) return setError(checked.message);
    setError(undefined);
    onSave(checked.url);
  }

  return (
    <form aria-label="Server registry" onSubmit={submit}>
      <h2>Server registry</h2>
      <label>
        Registry address
        <input
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={OFFICIAL_REGISTRY_URL}
          inputMode="url"
          aria-invalid={Boolean(error)}
        />
      </label>
      {error ? <p className="field-error">{error}</p> : null}
      <p className="muted">
        Servers › Browse searches this registry; empty is the official MCP Registry. A company’s own
        registry works the same way.
      </p>
      <button type="submit">Save</button>
    </form>
  );
}
