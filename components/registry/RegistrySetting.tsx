import { useState } from 'react';
import { errorMessage } from '../../src/errors/error-message';
import { checkRegistryUrl, OFFICIAL_REGISTRY_URL } from '../../src/registry/registry-setting';

export interface RegistrySettingProps {
  /** The address saved; undefined: none yet (the official registry). */
  url: string | undefined;
  onSave(url: string): Promise<void>;
}

/**
 * Which MCP Registry Servers › Browse searches: the official one, or a company's own. Saved
 * when the field is left or Enter is pressed, once the address is one Patchbay accepts.
 */
export function RegistrySetting({ url, onSave }: RegistrySettingProps) {
  const [text, setText] = useState(url === OFFICIAL_REGISTRY_URL ? '' : (url ?? ''));
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);

  function commit() {
    const checked = checkRegistryUrl(text);
    if (!checked.ok) return setError(checked.message);
    setError(undefined);
    if (checked.url === (url ?? OFFICIAL_REGISTRY_URL)) return;
    void onSave(checked.url).then(
      () => setSaved(true),
      (caught: unknown) => setError(errorMessage(caught)),
    );
  }

  return (
    <div className="settings-form" role="group" aria-label="Server registry">
      <h2>Server registry</h2>
      <label>
        Registry address
        <input
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setSaved(false);
          }}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
          placeholder={OFFICIAL_REGISTRY_URL}
          inputMode="url"
          spellCheck={false}
          aria-invalid={Boolean(error)}
        />
      </label>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="muted">
        Servers › Browse searches this registry; empty is the official MCP Registry. A company’s own
        registry works the same way.
      </p>
      <p className="muted form-status" role="status">
        {saved ? 'Saved.' : ''}
      </p>
    </div>
  );
}
