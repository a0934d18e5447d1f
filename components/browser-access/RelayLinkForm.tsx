import { useState } from 'react';
import type { LinkView } from '../../src/messaging/browser-access-contract';

const STATE_LABELS: Record<LinkView['state'], string> = {
  off: 'Not connected',
  connecting: 'Connecting…',
  connected: 'Connected',
  retrying: 'Reconnecting',
  error: 'Not connected',
};
const STATE_TONES: Record<LinkView['state'], string> = {
  off: 'neutral',
  connecting: 'busy',
  connected: 'good',
  retrying: 'warn',
  error: 'bad',
};

/**
 * The relay link: its address, token and name, where it stands, and Connect/Disconnect. Each
 * field is saved when it is left, once there are both an address and a token (a quiet "Saved."
 * says so); Connect saves what is still typed first. The saved token never comes back to the page: the field stays empty and says one is
 * saved. A field not being edited shows what is saved.
 */
export function RelayLinkForm({
  link,
  error,
  onSave,
  onConnect,
  onDisconnect,
}: {
  link: LinkView;
  error?: { message: string; field?: string } | undefined;
  onSave(input: { url: string; token?: string; name: string }): Promise<boolean>;
  onConnect(): void;
  onDisconnect(): void;
}) {
  /** What the person typed since the last save; undefined: the saved value. */
  const [url, setUrl] = useState<string | undefined>();
  const [token, setToken] = useState('');
  const [name, setName] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const shownUrl = url ?? link.url;
  const shownName = name ?? link.name;
  const edited = shownUrl !== link.url || shownName !== link.name || token !== '';
  /** The relay takes a link only with both its address and a token. */
  const complete = shownUrl.trim() !== '' && (token !== '' || link.hasToken);
  const fieldError = (field: string) =>
    error?.field === field ? (
      <span className="field-error" role="alert">
        {error.message}
      </span>
    ) : null;
  const live = link.state !== 'off' && link.state !== 'error';

  async function save(): Promise<boolean> {
    if (!edited) return true;
    if (!complete) return false;
    const done = await onSave({ url: shownUrl, name: shownName, ...(token ? { token } : {}) });
    if (done) {
      setUrl(undefined);
      setName(undefined);
      setToken('');
    }
    setSaved(done);
    return done;
  }
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setSaved(false);
  };

  return (
    <form
      className="relay-link"
      aria-label="Relay link"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <p className="relay-status" role="status">
        <span className={`badge badge-${STATE_TONES[link.state]}`}>{STATE_LABELS[link.state]}</span>
        {link.state === 'connected' ? (
          <span className="muted">
            {link.peers === 1 ? '1 client connection' : `${link.peers} client connections`} · id{' '}
            <code>{link.extensionId}</code>
          </span>
        ) : null}
        {link.error ? <span className="relay-error">{link.error}</span> : null}
      </p>
      <label>
        Relay address
        <input
          type="text"
          inputMode="url"
          spellCheck={false}
          value={shownUrl}
          placeholder="http://127.0.0.1:3456"
          onChange={(event) => edit(setUrl)(event.target.value)}
          onBlur={() => void save()}
          aria-invalid={error?.field === 'url'}
        />
        {fieldError('url')}
      </label>
      <label>
        Token
        <input
          type="password"
          value={token}
          autoComplete="off"
          placeholder={
            link.hasToken
              ? 'Saved; type a new one to replace it'
              : 'A browser token: npm run relay -- token --role browser'
          }
          onChange={(event) => edit(setToken)(event.target.value)}
          onBlur={() => void save()}
          aria-invalid={error?.field === 'token'}
        />
        {fieldError('token')}
      </label>
      <label>
        This browser’s name at the relay
        <input
          type="text"
          value={shownName}
          maxLength={100}
          onChange={(event) => edit(setName)(event.target.value)}
          onBlur={() => void save()}
        />
      </label>
      {error && error.field === undefined ? (
        <p className="chat-error" role="alert">
          {error.message}
        </p>
      ) : null}
      <div className="form-actions">
        {live || link.wanted ? (
          <button type="button" onClick={onDisconnect}>
            Disconnect
          </button>
        ) : (
          <button
            type="button"
            className="primary"
            disabled={!complete}
            onClick={() => void save().then((done) => done && onConnect())}
          >
            Connect
          </button>
        )}
        <span className="muted form-status" role="status">
          {saved ? 'Saved.' : ''}
        </span>
      </div>
    </form>
  );
}
