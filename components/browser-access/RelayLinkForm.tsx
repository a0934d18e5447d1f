import type { LinkView } from '../../src/messaging/browser-access-contract';
import { useRelayLinkDraft, type RelayLinkInput } from './use-relay-link-draft';

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

const STATUS_WORDS = {
  saved: 'Saved.',
  incomplete: 'Not saved: the relay needs both its address and a token for it.',
  none: '',
};

export interface RelayLinkFormProps {
  link: LinkView;
  error?: { message: string; field?: string } | undefined;
  onSave(input: RelayLinkInput): Promise<boolean>;
  onConnect(): void;
  onDisconnect(): void;
}

/**
 * The relay link: its address, token and name, where it stands, and Connect/Disconnect. What is
 * typed is saved when focus leaves the form (moving between its fields saves nothing, so a new
 * address waits for its token), once there are both an address and a token for it; a quiet
 * "Saved." says so. Connect saves what is still typed first. The saved token never comes back
 * to the page: the field stays empty and says one is saved. A field not being edited shows what
 * is saved.
 */
export function RelayLinkForm({
  link,
  error,
  onSave,
  onConnect,
  onDisconnect,
}: RelayLinkFormProps) {
  const draft = useRelayLinkDraft(link, onSave);
  const fieldError = (field: string) =>
    error?.field === field ? (
      <span className="field-error" role="alert">
        {error.message}
      </span>
    ) : null;

  return (
    <form
      className="relay-link"
      aria-label="Relay link"
      onSubmit={(event) => {
        event.preventDefault();
        void draft.save();
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) void draft.save(false);
      }}
    >
      <RelayStatus link={link} />
      <label>
        Relay address
        <input
          type="text"
          inputMode="url"
          spellCheck={false}
          value={draft.url}
          placeholder="http://127.0.0.1:3456"
          onChange={(event) => draft.setUrl(event.target.value)}
          aria-invalid={error?.field === 'url'}
        />
        {fieldError('url')}
      </label>
      <label>
        Token
        <input
          type="password"
          value={draft.token}
          autoComplete="off"
          placeholder={tokenPlaceholder(draft.tokenKept, link.hasToken)}
          onChange={(event) => draft.setToken(event.target.value)}
          aria-invalid={error?.field === 'token'}
        />
        {fieldError('token')}
      </label>
      <label>
        This browser’s name at the relay
        <input
          type="text"
          value={draft.name}
          maxLength={100}
          onChange={(event) => draft.setName(event.target.value)}
        />
      </label>
      {error && error.field === undefined ? (
        <p className="chat-error" role="alert">
          {error.message}
        </p>
      ) : null}
      <RelayLinkActions
        link={link}
        draft={draft}
        onConnect={onConnect}
        onDisconnect={onDisconnect}
      />
    </form>
  );
}

/** The token field's placeholder: whether a saved token stays, or which token to get. */
function tokenPlaceholder(tokenKept: boolean, hasToken: boolean): string {
  if (tokenKept) return 'Saved; type a new one to replace it';
  return hasToken
    ? 'A new relay needs its own browser token'
    : 'A browser token: npm run relay -- token --role browser';
}

/** Where the link stands: its state, its client connections and id once connected, its error. */
function RelayStatus({ link }: { link: LinkView }) {
  return (
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
  );
}

/**
 * Connect (which saves what is still typed first) while the link is off, else Disconnect; and
 * the quiet word on the last save.
 */
function RelayLinkActions({
  link,
  draft,
  onConnect,
  onDisconnect,
}: {
  link: LinkView;
  draft: ReturnType<typeof useRelayLinkDraft>;
  onConnect(): void;
  onDisconnect(): void;
}) {
  const live = link.state !== 'off' && link.state !== 'error';
  return (
    <div className="form-actions">
      {live || link.wanted ? (
        <button type="button" onClick={onDisconnect}>
          Disconnect
        </button>
      ) : (
        <button
          type="button"
          className="primary"
          disabled={!draft.complete}
          onClick={() => void draft.save().then((done) => done && onConnect())}
        >
          Connect
        </button>
      )}
      <span className="muted form-status" role="status">
        {STATUS_WORDS[draft.status ?? 'none']}
      </span>
    </div>
  );
}
