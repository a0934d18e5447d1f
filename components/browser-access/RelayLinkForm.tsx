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
 * The relay link: its address, token and name, where it stands, and Connect/Disconnect. The
 * saved token never comes back to the page: the field stays empty and says one is saved. Its
 * parent keys it by the saved address and name, so saving elsewhere starts it afresh.
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
  const [url, setUrl] = useState(link.url);
  const [token, setToken] = useState('');
  const [name, setName] = useState(link.name);
  const fieldError = (field: string) =>
    error?.field === field ? (
      <span className="field-error" role="alert">
        {error.message}
      </span>
    ) : null;
  const live = link.state !== 'off' && link.state !== 'error';

  return (
    <form
      className="relay-link"
      aria-label="Relay link"
      onSubmit={(event) => {
        event.preventDefault();
        void onSave({ url, name, ...(token ? { token } : {}) }).then((saved) => {
          if (saved) setToken('');
        });
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
          value={url}
          placeholder="http://127.0.0.1:3456"
          onChange={(event) => setUrl(event.target.value)}
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
          onChange={(event) => setToken(event.target.value)}
          aria-invalid={error?.field === 'token'}
        />
        {fieldError('token')}
      </label>
      <label>
        This browser’s name at the relay
        <input
          type="text"
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      {error && error.field === undefined ? (
        <p className="chat-error" role="alert">
          {error.message}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit">Save</button>
        {live || link.wanted ? (
          <button type="button" onClick={onDisconnect}>
            Disconnect
          </button>
        ) : (
          <button
            type="button"
            className="primary"
            disabled={!link.url || !link.hasToken}
            onClick={onConnect}
          >
            Connect
          </button>
        )}
      </div>
    </form>
  );
}
