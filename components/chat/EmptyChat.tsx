import type { ServerView } from '../../src/messaging/contract';
import { ServerIcon } from '../composer/ServerIcon';

/** Catalog servers that need no account: one click and the chat can use them. */
export const SUGGESTED_SERVER_IDS = ['deepwiki', 'context7'] as const;

/** Questions a new person can ask at once (the last two use the suggested servers). */
export const EXAMPLE_QUESTIONS = [
  'What can you help me with, and which tools do you have?',
  'How does the React repository (facebook/react) organize its packages?',
  'Show me how to debounce a function with lodash, from its current docs.',
] as const;

export interface EmptyChatProps {
  toolCount: number;
  servers: readonly ServerView[];
  /** The suggested servers being switched on (their buttons wait). */
  enabling: ReadonlySet<string>;
  onEnable(serverId: string): void;
  onAsk(question: string): void;
  /** Why switching a server on failed. */
  notice?: string | undefined;
}

/**
 * A chat without messages: servers to switch on in one click (while they are off), and
 * questions that fill the composer.
 */
export function EmptyChat(props: EmptyChatProps) {
  const { toolCount, servers, enabling, onEnable, onAsk, notice } = props;
  const suggested = SUGGESTED_SERVER_IDS.flatMap((id) => {
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
          {EXAMPLE_QUESTIONS.map((question) => (
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
