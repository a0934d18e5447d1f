import type { ChatSuggestions } from '../../src/chat/chat-suggestions';
import type { ServerView } from '../../src/messaging/contract';
import { ServerIcon } from '../composer/ServerIcon';

/** Catalog servers that need no account: one click and the chat can use them. */
export const SUGGESTED_SERVER_IDS = ['deepwiki', 'context7'] as const;

export interface EmptyChatProps {
  toolCount: number;
  servers: readonly ServerView[];
  /** The questions to offer: from the servers switched on, or generic while none is. */
  suggestions: ChatSuggestions;
  /** The suggested servers being switched on (their buttons wait). */
  enabling: ReadonlySet<string>;
  onEnable(serverId: string): void;
  onAsk(question: string): void;
  /** Why switching a server on failed. */
  notice?: string | undefined;
}

/**
 * A chat without messages: while no server is on, servers to switch on in one click and
 * questions anyone can ask; with servers on, questions made from them. A question fills the
 * composer (as text: words from servers are shown, never run).
 */
export function EmptyChat(props: EmptyChatProps) {
  const { toolCount, servers, suggestions, enabling, onEnable, onAsk, notice } = props;
  const suggested = suggestions.fromServers
    ? []
    : SUGGESTED_SERVER_IDS.flatMap((id) => {
        const server = servers.find((candidate) => candidate.id === id);
        return server && !server.isEnabled ? [server] : [];
      });
  return (
    <div className="empty-chat">
      <p>
        Ask something. Patchbay can use {toolCount === 1 ? '1 tool' : `${toolCount} tools`} from
        your switched-on servers.
      </p>
      {suggested.length > 0 ? (
        <section className="empty-chat-servers" aria-label="Suggested servers">
          <h2>Servers that need no account</h2>
          <ul>
            {suggested.map((server) => (
              <li key={server.id} className="suggested-server">
                <ServerIcon name={server.name} iconDataUrl={server.iconDataUrl} />
                <div className="suggested-server-text">
                  <strong>{server.name}</strong>
                  <span className="muted">{server.description}</span>
                </div>
                <button
                  type="button"
                  disabled={enabling.has(server.id)}
                  aria-label={`Enable ${server.name}`}
                  onClick={() => onEnable(server.id)}
                >
                  Enable
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {notice ? (
        <p className="chat-error" role="alert">
          {notice}
        </p>
      ) : null}
      <section className="empty-chat-questions" aria-label="Example questions">
        <h2>Try asking</h2>
        <ul>
          {suggestions.questions.map((question) => (
            <li key={question}>
              <button type="button" className="example-question" onClick={() => onAsk(question)}>
                {question}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
